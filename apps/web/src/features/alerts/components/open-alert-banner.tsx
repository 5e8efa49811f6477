/**
 * Home's banner while one of the owner's alerts is open (decision 039): since when, a link to the
 * page the network sees, and 'Terminar alerta'. It refreshes when an alert of the owner opens or ends
 * (the realtime `alertChanged`, heard by alert-notifications.tsx). Plain markup, as Home is: drawn the
 * moment the open alerts are known, not after MUI has downloaded, so that Home's cards are not pushed
 * down under a tap a moment later (docs/decisions/017).
 */
import { PlainAlert } from '../../../components/plain-alert.tsx';
import { PlainButton, plainButtonClassName } from '../../../components/plain-button.tsx';
import { componentsTexts } from '../../../components/texts.ts';
import { ApiRequestError, describeErrorDetails } from '../../../lib/api-client.ts';
import { fillText, formatDateTime } from '../../../lib/format.ts';
import { useCloseAlert } from '../api/close-alert.ts';
import { useOpenAlerts } from '../api/get-open-alerts.ts';
import { alertsTexts } from '../texts.ts';
import './open-alert-banner.css';

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
      <div className="page-banner">
        <PlainAlert severity="warning">
          <div className="open-alert-banner-check">
            <span>{alertsTexts.bannerCheckFailed}</span>
            <PlainButton
              variant="text"
              size="small"
              color="inherit"
              loading={openAlerts.isFetching}
              onClick={() => void openAlerts.refetch()}
            >
              {componentsTexts.retry}
            </PlainButton>
          </div>
        </PlainAlert>
      </div>
    );
  if (alerts.length === 0) return null;
  return (
    <div className="page-banner open-alert-banner">
      {alerts.map((alert) => (
        <PlainAlert key={alert.id} severity="error" variant="filled" title={alertsTexts.bannerTitle}>
          {fillText(alertsTexts.bannerText, {
            date: formatDateTime(alert.started_at),
            device: alert.device_name,
          })}
          {alert.central.status !== 'closed' && (
            <p className="open-alert-banner-central" role="status">
              {alert.central.status === 'attending'
                ? fillText(alertsTexts.bannerCentralAttending, { name: alert.central.operator_name ?? '' })
                : alertsTexts.bannerCentralWaiting}
            </p>
          )}
          <div className="page-banner-actions">
            <PlainButton
              variant="contained"
              className="open-alert-banner-end"
              loading={closeAlert.isPending}
              onClick={() => closeAlert.mutate(alert.id)}
            >
              {alertsTexts.bannerEnd}
            </PlainButton>
            <a
              className={plainButtonClassName({
                variant: 'outlined',
                color: 'inherit',
                className: 'open-alert-banner-view',
              })}
              href={new URL(alert.url).pathname}
              target="_blank"
              rel="noopener"
            >
              {alertsTexts.bannerView}
            </a>
          </div>
          {closeAlert.isError && (
            <div className="open-alert-banner-failed">
              <PlainAlert severity="warning">
                {fillText(alertsTexts.bannerEndFailed, {
                  message: describeErrorDetails(closeAlert.error).join(' '),
                })}
              </PlainAlert>
            </div>
          )}
        </PlainAlert>
      ))}
    </div>
  );
}
