/** The notice of an alert heard live (alert-notifications.tsx): MUI's Snackbar with a filled Alert. */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Close from '@mui/icons-material/Close';
import Snackbar from '@mui/material/Snackbar';
import type { ServerToPanel } from '@escudo/contract';
import { fillText } from '../../../lib/format.ts';
import { alertsTexts } from '../texts.ts';

type Notice = ServerToPanel['alertChanged'];

/** what the notice says: opened, ended, or ended by the central with what it turned out to be */
function noticeText(notice: Notice): string {
  if (notice.open) return alertsTexts.notificationOpen;
  if (notice.central_outcome === undefined) return alertsTexts.notificationEnded;
  return notice.is_own ? alertsTexts.notificationOwnEndedByCentral : alertsTexts.notificationEndedByCentral;
}

export function AlertNotice({
  notice,
  onClose: close,
}: {
  notice: ServerToPanel['alertChanged'] | null;
  onClose: () => void;
}) {
  return (
    <Snackbar
      open={notice !== null}
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
      // an open alert stays until the person closes it; an end goes by itself
      autoHideDuration={notice?.open ? null : 8000}
      onClose={(_event, reason) => {
        if (reason !== 'clickaway') close();
      }}
    >
      {notice ? (
        <Alert
          severity={notice.open ? 'error' : 'info'}
          variant="filled"
          onClose={close}
          action={
            notice.open ? (
              <>
                <Button
                  color="inherit"
                  size="small"
                  href={new URL(notice.url).pathname}
                  target="_blank"
                  rel="noopener"
                >
                  {alertsTexts.notificationView}
                </Button>
                <IconButton color="inherit" size="small" aria-label={alertsTexts.close} onClick={close}>
                  <Close fontSize="small" />
                </IconButton>
              </>
            ) : undefined
          }
          sx={{ alignItems: 'center' }}
        >
          {fillText(noticeText(notice), { name: notice.name, outcome: notice.central_outcome ?? '' })}
        </Alert>
      ) : undefined}
    </Snackbar>
  );
}
