import { useId, type ReactNode } from 'react';
import './home-tile.css';

/**
 * One Home tile: a single button whose accessible name is exactly the tile's name (the description is
 * its accessible description), so it reads well and tests find it by name. Plain markup and CSS
 * (home-tile.css), not MUI's Card: see there.
 */
export function HomeTile({
  title,
  description,
  icon,
  onClick,
}: {
  title: string;
  description: string;
  icon: ReactNode;
  onClick: () => void;
}) {
  const titleId = useId();
  const descriptionId = useId();
  return (
    <button
      type="button"
      className="home-tile"
      onClick={onClick}
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
    >
      <span className="home-tile-icon" aria-hidden>
        {icon}
      </span>
      <span>
        <span id={titleId} className="home-tile-title">
          {title}
        </span>
        <span id={descriptionId} className="home-tile-description">
          {description}
        </span>
      </span>
    </button>
  );
}
