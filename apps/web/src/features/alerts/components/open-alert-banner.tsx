/**
 * Home's banner while one of the owner's alerts is open (issue 15 item 4): since when, a link to the
 * page the network sees, and 'Terminar alerta'. It refreshes when an alert of the owner opens or ends
 * (the realtime `alertChanged`, heard by alert-notifications.tsx).
 */
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useCloseAlert } from '../api/close-alert.ts';
import { useOpenAlerts } from '../api/get-open-alerts.ts';
import { ApiRequestError, describeErrorDetails } from '../../../lib/api-client.ts';
import { componentsTexts } from '../../../components/texts.ts';
import { fillText, formatDateTime } from '../../../lib/format.ts';
import { alertsTexts } from '../texts.ts';

/** no answer came, or the server failed: trying again may work */
const isUnanswered = (error: ApiRequestError) => error.status === 0 || error.status >= 500;

export function OpenAlertBanner() {
  const openAlerts = useOpenAlerts();
  const closeAlert = useCloseAlert();
  const alerts = openAlerts.data ?? [];
  // not knowing whether one's own alert is open is worth a line; a refusal (an account that has no
  // alerts to see) is not
  const couldNotCheck =
    openAlerts.isError && openAlerts.error instanceof ApiRequestError && isUnanswered(openAlerts.error);
  if (couldNotCheck)
    return (
      <Alert
        severity="warning"
        sx={{ mb: 3 }}
        action={
          <Button color="inherit" size="small" onClick={() => void openAlerts.refetch()}>
            {componentsTexts.retry}
          </Button>
        }
      >
        {alertsTexts.bannerCheckFailed}
      </Alert>
    );
  if (alerts.length === 0) return null;
  return (
    <Stack spacing={1.5} sx={{ mb: 3 }}>
      {alerts.map((alert) => (
        <Alert
          key={alert.id}
          severity="error"
          variant="filled"
          role="alert"
          sx={{ alignItems: 'flex-start', '& .MuiAlert-message': { width: '100%' } }}
        >
          <AlertTitle sx={{ fontWeight: 700 }}>{alertsTexts.bannerTitle}</AlertTitle>
          {fillText(alertsTexts.bannerText, {
            date: formatDateTime(alert.started_at),
            device: alert.device_name,
          })}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 1.5 }}>
            <Button
              variant="contained"
              color="inherit"
              sx={{
                bgcolor: 'common.white',
                color: 'error.main',
                fontWeight: 700,
                '&:hover': { bgcolor: 'grey.100' },
              }}
              disabled={closeAlert.isPending}
              onClick={() => closeAlert.mutate(alert.id)}
            >
              {alertsTexts.bannerEnd}
            </Button>
            <Button
              variant="outlined"
              color="inherit"
              href={new URL(alert.url).pathname}
              target="_blank"
              rel="noopener"
            >
              {alertsTexts.bannerView}
            </Button>
          </Stack>
          {closeAlert.isError && (
            <Alert severity="warning" sx={{ mt: 1.5 }}>
              {fillText(alertsTexts.bannerEndFailed, {
                message: describeErrorDetails(closeAlert.error).join(' '),
              })}
            </Alert>
          )}
        </Alert>
      ))}
    </Stack>
  );
}
