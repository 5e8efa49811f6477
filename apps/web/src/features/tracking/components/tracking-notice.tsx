import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { SNACKBAR_MS } from '@escudo/contract/browser';
import type { TrackingNotice as Notice } from '../hooks/use-tracking-switch.ts';

/** The outcome of turning tracking on or off, for as long as the notice asks (spec 8). */
export function TrackingNotice({ notice, onClose }: { notice: Notice | null; onClose: () => void }) {
  return (
    <Snackbar
      open={notice !== null}
      autoHideDuration={notice?.ms ?? SNACKBAR_MS}
      onClose={(_, reason) => {
        if (reason !== 'clickaway') onClose();
      }}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      {notice ? (
        <Alert severity={notice.severity} variant="filled" onClose={onClose} sx={{ width: '100%' }}>
          {notice.text}
        </Alert>
      ) : undefined}
    </Snackbar>
  );
}
