import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Suspense, lazy, useState } from 'react';
import type { Device } from '@escudo/contract';
import { DocumentTitle } from '../../../components/document-title.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { RealtimeConnectionNotice } from '../../../components/realtime-connection-notice.tsx';
import { describeErrorDetails } from '../../../lib/api-client.ts';
import { useConfig } from '../../../lib/config/get-config.ts';
import { fillText, formatDateTime, formatDeviceLabel } from '../../../lib/format.ts';
import { useDevicePresence } from '../../../lib/realtime/use-realtime.ts';
import { useSelectedDevice } from '../../../lib/session/selected-device.ts';
import { useTrackings } from '../api/get-trackings.ts';
import { HistoryTable } from '../components/history-table.tsx';
import { TrackingNotice } from '../components/tracking-notice.tsx';
import { useTrackingSwitch } from '../hooks/use-tracking-switch.ts';
import { trackingTexts } from '../texts.ts';
import { MAP_HEIGHT } from '../components/map-height.ts';
import type { ShownRoute } from '../components/tracking-map.tsx';

// Leaflet and its CSS download with this chunk only when the map is on screen
const TrackingMap = lazy(() => import('../components/tracking-map.tsx'));
// as tall as the map on every screen, so nothing moves when it comes
const mapPlaceholder = <Skeleton variant="rounded" sx={{ height: MAP_HEIGHT }} />;

/**
 * 'Tracking dispositivo' (spec 2 Tracking, 4, 8, 9): turn live tracking on or off for the selected
 * device, follow the live route on the map, and look back at past routes (15 a page, server paging).
 */
export function TrackingPage() {
  const device = useSelectedDevice();
  return (
    <>
      <DocumentTitle title={trackingTexts.title} />
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700, mb: 2 }}>
        {trackingTexts.title}
      </Typography>
      {device ? (
        <DeviceTracking key={device.device_id} device={device} />
      ) : (
        <Alert severity="info" variant="outlined">
          {trackingTexts.noDevice}
        </Alert>
      )}
    </>
  );
}

/** One device's tracking; the protocol is useTrackingSwitch's, this is the screen. */
function DeviceTracking({ device }: { device: Device }) {
  const [page, setPage] = useState(1);
  const trackings = useTrackings(device.device_id, page);
  const { data: config } = useConfig();
  const isOnline = useDevicePresence(device.device_id);
  const [isActiveShown, setIsActiveShown] = useState(false);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const { pending, notice, dismissNotice, activate, deactivate } = useTrackingSwitch(device, {
    onStarted: () => {
      setIsActiveShown(true);
      setSelectedId(null);
    },
    onStopped: () => setIsActiveShown(false),
  });

  const active = trackings.data?.active ?? null;
  const isOn = active !== null;
  const rows = trackings.data?.tracking ?? [];
  const selected = rows.find((row) => row.id === selectedId) ?? null;
  const shownRoutes: ShownRoute[] = [
    ...(isActiveShown && active ? [{ id: active.id, points: active.route, isLive: true }] : []),
    ...(selected && selected.id !== active?.id
      ? [{ id: selected.id, points: selected.route, isLive: false }]
      : []),
  ];
  const focusId = selected?.id ?? (isActiveShown ? (active?.id ?? null) : null);

  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 2 }}>
        <Typography color="text.secondary">{formatDeviceLabel(device)}</Typography>
        {/* made before the phone's presence is known, hidden, so that its arrival does not wrap the
            line on a phone and push the page down (issue 18: a layout shift) */}
        <Chip
          size="small"
          color={isOnline ? 'success' : 'default'}
          variant="outlined"
          label={isOnline ? trackingTexts.online : trackingTexts.offline}
          aria-hidden={isOnline === null || undefined}
          sx={isOnline === null ? { visibility: 'hidden' } : undefined}
        />
      </Box>
      <RealtimeConnectionNotice />
      <Alert severity="info" variant="outlined" sx={{ mb: 2 }}>
        {trackingTexts.infoBanner}
      </Alert>
      {pending ? (
        <Alert
          severity="warning"
          icon={<CircularProgress size={20} color="inherit" />}
          role="status"
          sx={{ mb: 2 }}
        >
          {pending === 'activating' ? trackingTexts.activating : trackingTexts.deactivating}
        </Alert>
      ) : null}
      {active && !pending ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {fillText(trackingTexts.activeSince, {
            date: formatDateTime(active.created_at),
            points: active.route.length,
          })}
        </Typography>
      ) : null}
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', mb: 2 }}>
        <Button
          variant="contained"
          color={isOn ? 'inherit' : 'primary'}
          loading={pending !== null}
          loadingPosition="start"
          disabled={trackings.isPending || trackings.isError}
          onClick={() => void (isOn ? deactivate() : activate())}
        >
          {isOn ? trackingTexts.deactivate : trackingTexts.activate}
        </Button>
        <Button
          variant="outlined"
          disabled={!isOn}
          aria-pressed={isActiveShown}
          onClick={() => setIsActiveShown((shown) => !shown)}
        >
          {isActiveShown && isOn ? trackingTexts.hideActive : trackingTexts.showActive}
        </Button>
      </Box>

      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', lg: '2fr 3fr' },
          alignItems: 'start',
        }}
      >
        <Box sx={{ order: { xs: 2, lg: 1 } }}>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            {trackingTexts.history}
          </Typography>
          {trackings.isError && !trackings.data ? (
            <ErrorState
              title={trackingTexts.loadError}
              message={describeErrorDetails(trackings.error).join(' ')}
              onRetry={() => void trackings.refetch()}
              isRetrying={trackings.isFetching}
            />
          ) : (
            <HistoryTable
              rows={rows}
              total={trackings.data?.total_trackings ?? 0}
              isLoading={trackings.isPending}
              page={page}
              onPage={setPage}
              selectedId={selectedId}
              onToggle={(id) => setSelectedId((current) => (current === id ? null : id))}
              deviceName={formatDeviceLabel(device)}
            />
          )}
        </Box>
        <Box sx={{ order: { xs: 1, lg: 2 } }}>
          <Suspense fallback={mapPlaceholder}>
            {config ? <TrackingMap config={config} routes={shownRoutes} focusId={focusId} /> : mapPlaceholder}
          </Suspense>
        </Box>
      </Box>
      <TrackingNotice notice={notice} onClose={dismissNotice} />
    </>
  );
}
