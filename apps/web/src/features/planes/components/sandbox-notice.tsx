import { Icon } from '../../../components/icon.tsx';
import { PlainAlert } from '../../../components/plain-alert.tsx';
import { planesTexts } from '../texts.ts';
import './plan-card.css';

// the path of @mui/icons-material's ScienceOutlined (MIT)
const SCIENCE_ICON =
  'M13 11.33 18 18H6l5-6.67V6h2m2.96-2H8.04c-.42 0-.65.48-.39.81L9 6.5v4.17L3.2 18.4c-.49.66-.02 1.6.8 1.6h16c.82 0 1.29-.94.8-1.6L15 10.67V6.5l1.35-1.69c.26-.33.03-.81-.39-.81';

/**
 * Says that payments are tests (decision 008): the server's built-in Flow sandbox takes them and no money
 * moves. `page` is the notice at the top of Planes; `inline` is the line under a pay button and in the
 * payment-status dialog. Both are plain text in the page (role "note"), read in order by a screen
 * reader, never announced as an alert: nothing went wrong.
 */
export function SandboxNotice({ variant, text }: { variant: 'page' | 'inline'; text?: string }) {
  if (variant === 'page') {
    return (
      <div className="plan-sandbox-page">
        <PlainAlert severity="warning" role="note" icon={SCIENCE_ICON}>
          <strong>{planesTexts.sandboxPage}</strong> {planesTexts.sandboxPageDetail}
        </PlainAlert>
      </div>
    );
  }
  return (
    <p role="note" className="plan-sandbox-note">
      <span className="plan-sandbox-note-icon">
        <Icon path={SCIENCE_ICON} />
      </span>
      {text ?? planesTexts.sandboxCard}
    </p>
  );
}
