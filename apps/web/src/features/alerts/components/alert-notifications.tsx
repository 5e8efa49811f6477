/**
 * Alerts heard live on every signed-in page (issue 15 item 4): someone whose security network this
 * user belongs to opened an alert (a notification with the link to its page), or one of the user's
 * own opened or ended (Home's banner asks again). Loaded lazily by the signed-in layout, with the
 * realtime link it opens.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Close from '@mui/icons-material/Close';
import Snackbar from '@mui/material/Snackbar';
import { useState } from 'react';
import type { ServerToPanel } from '@escudo/contract';
import { queryClient } from '../../../lib/query-client.ts';
import { useRealtimeEvent } from '../../../lib/realtime/use-realtime.ts';
import { fillText } from '../../../lib/format.ts';
import { openAlertsQueryOptions } from '../api/get-open-alerts.ts';
import { networkAlertsQueryOptions, useNetworkAlerts } from '../api/get-network-alerts.ts';
import { alertsTexts } from '../texts.ts';

type AlertChanged = ServerToPanel['alertChanged'];

export default function AlertNotifications() {
  const [heard, setHeard] = useState<AlertChanged | null>(null);
  // alerts already open when the panel opened (the member signed in during one), until closed here
  const { data: openInMyNetworks } = useNetworkAlerts();
  const [dismissed, setDismissed] = useState<ReadonlySet<number>>(new Set());
  const stillOpen = openInMyNetworks?.find((alert) => !dismissed.has(alert.id));
  const notice: AlertChanged | null =
    heard ??
    (stillOpen
      ? {
          alert_id: stillOpen.id,
          is_own: false,
          open: true,
          name: stillOpen.name,
          started_at: stillOpen.started_at,
          url: stillOpen.url,
        }
      : null);

  useRealtimeEvent('alertChanged', (message) => {
    if (message.is_own) {
      void queryClient.invalidateQueries({ queryKey: openAlertsQueryOptions.queryKey });
      return;
    }
    void queryClient.invalidateQueries({ queryKey: networkAlertsQueryOptions.queryKey });
    setHeard(message);
  });

  const close = () => {
    if (notice) setDismissed((ids) => new Set(ids).add(notice.alert_id));
    setHeard(null);
  };
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
          {fillText(notice.open ? alertsTexts.notificationOpen : alertsTexts.notificationEnded, {
            name: notice.name,
          })}
        </Alert>
      ) : undefined}
    </Snackbar>
  );
}
