import type { ButtonHTMLAttributes } from 'react';
import { Icon } from './icon.tsx';
import './plain-button.css';

/**
 * MUI's Button as the theme draws it, in plain markup (plain-button.css), for the pieces of a page's
 * first screen drawn without MUI (issue 31): contained, outlined or text, small or not, with an
 * optional start icon (an SVG path, as `Icon` takes). A busy button with a spinner is still MUI's.
 */
export function PlainButton({
  variant,
  size,
  startIcon,
  className,
  children,
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & {
  variant: 'contained' | 'outlined' | 'text';
  size?: 'small';
  startIcon?: string;
}) {
  const classes = ['plain-button', `is-${variant}`, size === 'small' ? 'is-small' : '', className ?? ''];
  return (
    <button type="button" className={classes.filter(Boolean).join(' ')} {...props}>
      {startIcon ? (
        <span className="plain-button-icon">
          <Icon path={startIcon} />
        </span>
      ) : null}
      {children}
    </button>
  );
}
