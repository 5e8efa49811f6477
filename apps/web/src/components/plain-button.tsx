import type { ButtonHTMLAttributes } from 'react';
import { Icon } from './icon.tsx';
import './plain-button.css';

export interface PlainButtonLook {
  variant: 'contained' | 'outlined' | 'text';
  size?: 'small' | 'large' | undefined;
  color?: 'primary' | 'inherit' | undefined;
  fullWidth?: boolean | undefined;
  className?: string | undefined;
}

/** The classes of PlainButton's look, for a link that must look like one (a page opened in a new tab). */
export function plainButtonClassName({
  variant,
  size,
  color,
  fullWidth,
  className,
}: PlainButtonLook): string {
  return [
    'plain-button',
    `is-${variant}`,
    size ? `is-${size}` : '',
    color === 'inherit' ? 'is-inherit' : '',
    fullWidth ? 'is-full-width' : '',
    className ?? '',
  ]
    .filter(Boolean)
    .join(' ');
}

/**
 * MUI's Button as the theme draws it, in plain markup (plain-button.css), for the pages drawn without MUI
 * (decision 017's addenda): contained, outlined or text; small, medium or large; full width; the theme's red
 * or `color="inherit"` (grey, as MUI's); an optional start icon (an SVG path, as `Icon` takes). While
 * `loading` it is disabled and `aria-busy`, with a spinner where the start icon goes, as MUI's
 * `loadingPosition="start"`.
 */
export function PlainButton({
  variant,
  size,
  color,
  fullWidth = false,
  loading = false,
  startIcon,
  className,
  disabled,
  children,
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> &
  PlainButtonLook & {
    loading?: boolean;
    startIcon?: string;
  }) {
  const classes = plainButtonClassName({ variant, size, color, fullWidth, className });
  return (
    <button
      type="button"
      className={classes}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...props}
    >
      {loading ? (
        <span className="plain-button-icon">
          <span className="spinner" aria-hidden="true" />
        </span>
      ) : startIcon ? (
        <span className="plain-button-icon">
          <Icon path={startIcon} />
        </span>
      ) : null}
      {children}
    </button>
  );
}
