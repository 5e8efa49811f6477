import { useState } from 'react';
import { getInitials } from '../lib/format.ts';

/**
 * The user's picture, or their initials when they have none or it does not load (spec 2: sidebar).
 * Plain markup drawn as MUI's Avatar was (app/base.css `.user-avatar`): it is on every signed-in
 * page's first render (docs/decisions/017).
 */
export function UserAvatar({ name, src, size = 72 }: { name: string; src: string | null; size?: number }) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const showsPicture = src !== null && src !== failedSrc;
  return (
    <span className="user-avatar" style={{ width: size, height: size, fontSize: size * 0.4 }}>
      {showsPicture ? <img src={src} alt={name} onError={() => setFailedSrc(src)} /> : getInitials(name)}
    </span>
  );
}
