/**
 * The open alert route `/alerta/{token}` (spec 2: "An alert route is also open"; decision 039): the
 * link the security network gets by e-mail. No sign-in: who, since when, the last position on a map
 * and a button to call, updated every few seconds while the alert is open (get-public-alert.ts). An
 * unknown or expired link, or that of someone no longer in the network, says so and nothing else,
 * even if the page was showing the alert a moment before.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Phone from '@mui/icons-material/Phone';
import { Suspense, lazy } from 'react';
import { useParams } from 'react-router';
import type { PublicAlert } from '@escudo/contract';
import { DocumentTitle } from '../../../components/document-title.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { Logo } from '../../../components/logo.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { describeErrorDetails, isApiRequestError } from '../../../lib/api-client.ts';
import { useConfig } from '../../../lib/config/get-config.ts';
import { fillText, formatDateTime } from '../../../lib/format.ts';
import { isClosedLink, usePublicAlert } from '../api/get-public-alert.ts';
import { alertsTexts } from '../texts.ts';

const PathMap = lazy(() => import('../../../components/map/path-map.tsx'));

export function OpenAlertPage() {
  const { token = '' } = useParams();
  const alert = usePublicAlert(token);

  let content;
  if (isClosedLink(alert.error)) {
    const closed = closedTexts(alert.error);
    content = (
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 }, textAlign: 'center' }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 1 }}>
          {closed.title}
        </Typography>
        <Typography color="text.secondary">{closed.text}</Typography>
      </Paper>
    );
  } else if (alert.data) {
    content = <AlertDetails alert={alert.data} isStale={alert.isRefetchError} />;
  } else if (alert.isError) {
    content = (
      <ErrorState
        title={alertsTexts.loadFailed}
        message={describeErrorDetails(alert.error).join(' ')}
        onRetry={() => void alert.refetch()}
        isRetrying={alert.isFetching}
      />
    );
  } else {
    content = <PageLoader />;
  }

  return (
    <Box component="main" sx={{ maxWidth: 960, mx: 'auto', px: { xs: 2, sm: 3 }, py: { xs: 2, sm: 4 } }}>
      <DocumentTitle title={alertsTexts.pageTitle} />
      <Box sx={{ mb: 2 }}>
        <Logo />
      </Box>
      {content}
    </Box>
  );
}

/** what a closed link says: unknown (404), its holder left the network, or expired (410) */
function closedTexts(error: unknown): { title: string; text: string } {
  if (isApiRequestError(error) && error.status === 404) {
    return { title: alertsTexts.notFoundTitle, text: alertsTexts.notFoundText };
  }
  if (isApiRequestError(error) && error.code === 'ALERT_LINK_REVOKED') {
    return { title: alertsTexts.revokedTitle, text: alertsTexts.revokedText };
  }
  return { title: alertsTexts.expiredTitle, text: alertsTexts.expiredText };
}

function AlertDetails({ alert, isStale }: { alert: PublicAlert; isStale: boolean }) {
  const config = useConfig();
  const { name, telefono } = alert.who;
  const last = alert.positions.at(-1);
  return (
    <Stack spacing={2}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Chip
          label={alert.open ? alertsTexts.openChip : alertsTexts.endedChip}
          color={alert.open ? 'error' : 'default'}
          size="small"
          sx={{ mb: 1, fontWeight: 700 }}
        />
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 1, overflowWrap: 'anywhere' }}>
          {fillText(alert.open ? alertsTexts.heading : alertsTexts.headingEnded, { name })}
        </Typography>
        <Typography>{fillText(alertsTexts.since, { date: formatDateTime(alert.started_at) })}</Typography>
        {alert.ended_at && (
          <Typography>{fillText(alertsTexts.endedAt, { date: formatDateTime(alert.ended_at) })}</Typography>
        )}
        <Typography color="text.secondary">
          {fillText(alertsTexts.deviceName, { device: alert.device_name })}
        </Typography>
        <Typography sx={{ fontWeight: 700, mt: 1 }} role="status">
          {alert.central.status === 'attending'
            ? fillText(alertsTexts.pageCentralAttending, { name: alert.central.operator_name ?? '' })
            : alert.central.status === 'waiting'
              ? alertsTexts.pageCentralWaiting
              : alertsTexts.pageCentralClosed}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mt: 2 }}>
          {telefono ? (
            <Button
              variant="contained"
              color="error"
              size="large"
              startIcon={<Phone />}
              href={`tel:+${telefono}`}
            >
              {fillText(alertsTexts.call, { name })}
            </Button>
          ) : (
            <Typography color="text.secondary">{fillText(alertsTexts.noPhone, { name })}</Typography>
          )}
          <Button variant="outlined" color="error" size="large" href="tel:133">
            {alertsTexts.emergencyCall}
          </Button>
        </Stack>
        {telefono && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {fillText(alertsTexts.callNumber, { telefono })}
          </Typography>
        )}
      </Paper>

      {isStale && <Alert severity="warning">{alertsTexts.updateFailed}</Alert>}

      <Box>
        <Typography sx={{ fontWeight: 600, mb: 1 }}>
          {last
            ? fillText(alertsTexts.lastPosition, { date: formatDateTime(last.at) })
            : alertsTexts.noPosition}
        </Typography>
        {config.data ? (
          <Suspense fallback={<MapPlaceholder />}>
            <PathMap
              config={config.data}
              positions={alert.positions}
              label={alertsTexts.mapLabel}
              lastLabel={alertsTexts.lastPositionPin}
            />
          </Suspense>
        ) : (
          <MapPlaceholder />
        )}
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {alert.open
            ? alertsTexts.liveNote
            : alert.expires_at &&
              fillText(alertsTexts.expiresNote, { date: formatDateTime(alert.expires_at) })}
        </Typography>
      </Box>
      <Typography variant="body2">{alertsTexts.emergency}</Typography>
    </Stack>
  );
}

function MapPlaceholder() {
  return (
    <Skeleton
      variant="rounded"
      aria-label={alertsTexts.mapLoading}
      sx={{ height: { xs: 320, md: 460 }, width: '100%' }}
    />
  );
}
