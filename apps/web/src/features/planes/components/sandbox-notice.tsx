import Alert from '@mui/material/Alert';
import ScienceOutlined from '@mui/icons-material/ScienceOutlined';
import { planesTexts } from '../texts.ts';
import './plan-card.css';

/**
 * Says that payments are tests (issue 12): the server's built-in Flow sandbox takes them and no money
 * moves. `page` is the notice at the top of Planes; `inline` is the line under a pay button and in the
 * payment-status dialog. Both are plain text in the page (role "note"), read in order by a screen
 * reader, never announced as an alert: nothing went wrong.
 */
export function SandboxNotice({ variant, text }: { variant: 'page' | 'inline'; text?: string }) {
  if (variant === 'page') {
    return (
      <Alert severity="warning" role="note" icon={<ScienceOutlined />} sx={{ mb: 3 }}>
        <strong>{planesTexts.sandboxPage}</strong> {planesTexts.sandboxPageDetail}
      </Alert>
    );
  }
  return (
    <p role="note" className="plan-sandbox-note">
      <ScienceOutlined aria-hidden sx={{ fontSize: 16, verticalAlign: 'text-bottom', mr: 0.5 }} />
      {text ?? planesTexts.sandboxCard}
    </p>
  );
}
