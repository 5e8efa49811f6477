import type { ReactNode } from 'react';
import { Icon } from './icon.tsx';

// the paths of MUI's Alert icons (InfoOutlined, SuccessOutlined, ErrorOutline, ReportProblemOutlined; MIT)
const ALERT_ICONS = {
  info: 'M11,9H13V7H11M12,20C7.59,20 4,16.41 4,12C4,7.59 7.59,4 12,4C16.41,4 20,7.59 20, 12C20,16.41 16.41,20 12,20M12,2A10,10 0 0,0 2,12A10,10 0 0,0 12,22A10,10 0 0,0 22,12A10, 10 0 0,0 12,2M11,17H13V11H11V17Z',
  success:
    'M20,12A8,8 0 0,1 12,20A8,8 0 0,1 4,12A8,8 0 0,1 12,4C12.76,4 13.5,4.11 14.2, 4.31L15.77,2.74C14.61,2.26 13.34,2 12,2A10,10 0 0,0 2,12A10,10 0 0,0 12,22A10,10 0 0, 0 22,12M7.91,10.08L6.5,11.5L11,16L21,6L19.59,4.58L11,13.17L7.91,10.08Z',
  error:
    'M11 15h2v2h-2zm0-8h2v6h-2zm.99-5C6.47 2 2 6.48 2 12s4.47 10 9.99 10C17.52 22 22 17.52 22 12S17.52 2 11.99 2zM12 20c-4.42 0-8-3.58-8-8s3.58-8 8-8 8 3.58 8 8-3.58 8-8 8z',
  warning: 'M12 5.99 19.53 19H4.47zM12 2 1 21h22zm1 14h-2v2h2zm0-6h-2v4h2z',
};

/**
 * MUI's Alert in plain markup (app/base.css `.plain-alert`), for the pages and pieces drawn without
 * MUI (Register, Home): an icon (or a spinner while something is checked), a title, the message;
 * standard, outlined or filled (the colour as background, white text: Home's open SOS alert).
 */
export function PlainAlert({
  severity,
  variant = 'standard',
  isChecking = false,
  title,
  icon,
  // MUI's Alert is an alert unless told otherwise
  role = 'alert',
  children,
}: {
  severity: keyof typeof ALERT_ICONS;
  variant?: 'standard' | 'outlined' | 'filled';
  isChecking?: boolean;
  title?: ReactNode;
  /** the SVG path of another icon than the severity's (as MUI's Alert `icon`) */
  icon?: string;
  role?: 'alert' | 'status' | 'note';
  children?: ReactNode;
}) {
  const classes = [
    'plain-alert',
    'has-icon',
    `is-${severity}`,
    variant === 'standard' ? '' : `is-${variant}`,
  ];
  return (
    <div className={classes.filter(Boolean).join(' ')} role={role}>
      <span className="plain-alert-icon">
        {isChecking ? (
          <span className="spinner" aria-hidden="true" />
        ) : (
          <Icon path={icon ?? ALERT_ICONS[severity]} />
        )}
      </span>
      <div className="plain-alert-message">
        {title ? <div className="plain-alert-title">{title}</div> : null}
        {children}
      </div>
    </div>
  );
}
