import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Snackbar from '@mui/material/Snackbar';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import Download from '@mui/icons-material/Download';
import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import type { Device, Tracking } from '@escudo/contract';
import {
  LOST_PHONE_WAIT_MS,
  PAGE_SIZE,
  SNACKBAR_ERROR_MS,
  SNACKBAR_MS,
  TRACKING_TIMER_MS,
} from '@escudo/contract/browser';
import { DocumentTitle } from '../../../components/document-title.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { RealtimeConnectionNotice } from '../../../components/realtime-connection-notice.tsx';
import { describeErrorDetails, isApiRequestError } from '../../../lib/api-client.ts';
import { useConfig } from '../../../lib/config/get-config.ts';
import { fillText, formatDateTime, formatDeviceLabel } from '../../../lib/format.ts';
import { ensureRealtime } from '../../../lib/realtime/realtime-client.ts';
import { useDevicePresence, useRealtimeEvent } from '../../../lib/realtime/use-realtime.ts';
import { useSelectedDevice } from '../../../lib/session/selected-device.ts';
import { changeTrackingStatus } from '../api/change-tracking-status.ts';
import { appendActivePoints, refreshTrackings, useTrackings } from '../api/get-trackings.ts';
import { downloadGpx } from '../gpx.ts';
import { trackingTexts } from '../texts.ts';
import type { ShownRoute } from '../components/tracking-map.tsx';

// Leaflet and its CSS download with this chunk only when the map is on screen
const TrackingMap = lazy(() => import('../components/tracking-map.tsx'));

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

type Notice = { severity: 'success' | 'error' | 'warning'; text: string; ms: number };

function DeviceTracking({ device }: { device: Device }) {
  const [page, setPage] = useState(1);
  const trackings = useTrackings(device.device_id, page);
  const { data: config } = useConfig();
  const isOnline = useDevicePresence(device.device_id);
  const [pending, setPending] = useState<'activating' | 'deactivating' | null>(null);
  const [isActiveShown, setIsActiveShown] = useState(false);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  // the order the page waits for the phone to take (spec 4: "waits for a device notification")
  const awaited = useRef<{ commandId: number; trackingId: number } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // The server orders the phone before it answers the browser, so a quick phone's answer can arrive
  // before the order's ids are known: remember what was heard since 'Activar Tracking' was pressed.
  const heardSinceActivate = useRef(new Set<string>());

  const active = trackings.data?.active ?? null;
  const isOn = active !== null;

  useEffect(() => {
    void ensureRealtime();
    return () => clearTimeout(timer.current);
  }, []);

  const phoneTookIt = () => {
    if (!awaited.current) return;
    awaited.current = null;
    clearTimeout(timer.current);
    setPending(null);
    setNotice({ severity: 'success', text: trackingTexts.activated, ms: SNACKBAR_ERROR_MS });
  };

  useRealtimeEvent('trackingPoints', ({ device_id, tracking_id, points }) => {
    if (device_id !== device.device_id) return;
    appendActivePoints(device_id, tracking_id, points);
    heardSinceActivate.current.add(`tracking:${tracking_id}`);
    if (awaited.current?.trackingId === tracking_id) phoneTookIt();
  });
  useRealtimeEvent('imHere', ({ device_id, command_id }) => {
    if (device_id !== device.device_id || command_id === undefined) return;
    heardSinceActivate.current.add(`command:${command_id}`);
    if (command_id === awaited.current?.commandId) phoneTookIt();
  });
  useRealtimeEvent('commandState', ({ command }) => {
    if (command.state === 'sent') return;
    heardSinceActivate.current.add(`command:${command.id}`);
    if (command.id === awaited.current?.commandId) phoneTookIt();
  });
  useRealtimeEvent('trackingStarted', ({ device_id }) => {
    if (device_id === device.device_id) void refreshTrackings(device_id);
  });
  useRealtimeEvent('trackingEnded', ({ device_id }) => {
    if (device_id === device.device_id) void refreshTrackings(device_id);
  });

  const fail = (error: unknown) => {
    // spec 8: the banner is reset and the listener removed
    awaited.current = null;
    clearTimeout(timer.current);
    setPending(null);
    const isNetwork = !isApiRequestError(error) || error.status === 0;
    setNotice({
      severity: 'error',
      text: isNetwork ? trackingTexts.networkError : describeErrorDetails(error).join(' '),
      ms: SNACKBAR_ERROR_MS,
    });
  };

  const activate = async () => {
    setPending('activating');
    setNotice(null);
    heardSinceActivate.current.clear();
    try {
      const { tracking, command } = await changeTrackingStatus(device.device_id, 1);
      setIsActiveShown(true);
      setSelectedId(null);
      if (command && tracking) awaited.current = { commandId: command.id, trackingId: tracking.id };
      timer.current = setTimeout(() => {
        // the order stays on the server: the route starts whenever the phone connects
        awaited.current = null;
        setPending(null);
        setNotice({ severity: 'warning', text: trackingTexts.noAnswer, ms: SNACKBAR_ERROR_MS });
      }, LOST_PHONE_WAIT_MS);
      const heard = heardSinceActivate.current;
      if (
        command &&
        tracking &&
        (heard.has(`command:${command.id}`) || heard.has(`tracking:${tracking.id}`))
      ) {
        phoneTookIt();
      }
      await refreshTrackings(device.device_id);
    } catch (error) {
      fail(error);
    }
  };

  const deactivate = async () => {
    setPending('deactivating');
    setNotice(null);
    try {
      await changeTrackingStatus(device.device_id, 2);
      // spec 9: the deactivation's loading ends on a 4 s timer
      timer.current = setTimeout(() => {
        setPending(null);
        setIsActiveShown(false);
        setNotice({ severity: 'success', text: trackingTexts.deactivated, ms: SNACKBAR_MS });
        void refreshTrackings(device.device_id);
      }, TRACKING_TIMER_MS);
    } catch (error) {
      fail(error);
    }
  };

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
        {isOnline !== null ? (
          <Chip
            size="small"
            color={isOnline ? 'success' : 'default'}
            variant="outlined"
            label={isOnline ? trackingTexts.online : trackingTexts.offline}
          />
        ) : null}
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
          {config ? (
            <Suspense fallback={<Skeleton variant="rounded" height={460} />}>
              <TrackingMap config={config} routes={shownRoutes} focusId={focusId} />
            </Suspense>
          ) : (
            <Skeleton variant="rounded" height={460} />
          )}
        </Box>
      </Box>

      <Snackbar
        open={notice !== null}
        autoHideDuration={notice?.ms ?? SNACKBAR_MS}
        onClose={(_, reason) => {
          if (reason !== 'clickaway') setNotice(null);
        }}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        {notice ? (
          <Alert
            severity={notice.severity}
            variant="filled"
            onClose={() => setNotice(null)}
            sx={{ width: '100%' }}
          >
            {notice.text}
          </Alert>
        ) : undefined}
      </Snackbar>
    </>
  );
}

function HistoryTable({
  rows,
  total,
  isLoading,
  page,
  onPage,
  selectedId,
  onToggle,
  deviceName,
}: {
  rows: Tracking[];
  total: number;
  isLoading: boolean;
  page: number;
  onPage: (page: number) => void;
  selectedId: number | null;
  onToggle: (id: number) => void;
  deviceName: string;
}) {
  if (!isLoading && total === 0) {
    return (
      <Paper variant="outlined" sx={{ p: 3 }}>
        <Typography color="text.secondary">{trackingTexts.empty}</Typography>
      </Paper>
    );
  }
  return (
    <Paper variant="outlined">
      <TableContainer>
        <Table size="small" aria-label={trackingTexts.history}>
          <TableHead>
            <TableRow>
              <TableCell>{trackingTexts.dateColumn}</TableCell>
              <TableCell>{trackingTexts.routeColumn}</TableCell>
              <TableCell align="right">{trackingTexts.actionsColumn}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {isLoading
              ? Array.from({ length: 5 }, (_, i) => (
                  <TableRow key={i}>
                    <TableCell colSpan={3}>
                      <Skeleton />
                    </TableCell>
                  </TableRow>
                ))
              : rows.map((row) => {
                  const date = formatDateTime(row.created_at) || trackingTexts.notRecorded;
                  const isSelected = row.id === selectedId;
                  return (
                    <TableRow key={row.id} selected={isSelected}>
                      <TableCell>
                        {date}
                        {row.ended_at === null ? (
                          <Chip size="small" color="success" label={trackingTexts.activeRow} sx={{ ml: 1 }} />
                        ) : null}
                        <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                          {fillText(trackingTexts.points, { points: row.route.length })}
                        </Typography>
                      </TableCell>
                      <TableCell>
                        <Button
                          size="small"
                          variant={isSelected ? 'contained' : 'outlined'}
                          disabled={row.route.length === 0}
                          aria-pressed={isSelected}
                          sx={{ whiteSpace: 'nowrap' }}
                          onClick={() => onToggle(row.id)}
                        >
                          {isSelected ? trackingTexts.hideRoute : trackingTexts.showRoute}
                        </Button>
                      </TableCell>
                      <TableCell align="right">
                        <Button
                          size="small"
                          startIcon={<Download />}
                          disabled={row.route.length === 0}
                          aria-label={fillText(trackingTexts.exportGpxLabel, { date })}
                          onClick={() => downloadGpx(row, `${deviceName} · ${date}`)}
                        >
                          {trackingTexts.exportGpx}
                        </Button>
                      </TableCell>
                    </TableRow>
                  );
                })}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={total}
        page={page - 1}
        rowsPerPage={PAGE_SIZE}
        rowsPerPageOptions={[]}
        onPageChange={(_, next) => onPage(next + 1)}
        labelDisplayedRows={({ from, to, count }) => fillText(trackingTexts.rowsPerPage, { from, to, count })}
        getItemAriaLabel={(type) => trackingTexts.pageButtons[type]}
      />
    </Paper>
  );
}
