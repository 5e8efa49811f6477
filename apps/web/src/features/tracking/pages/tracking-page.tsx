import { Suspense, lazy, useState } from 'react';
import type { Device } from '@escudo/contract';
import { DocumentTitle } from '../../../components/document-title.tsx';
import { lazyThemed } from '../../../components/lazy-themed.tsx';
import { PlainAlert } from '../../../components/plain-alert.tsx';
import { PlainButton } from '../../../components/plain-button.tsx';
import { RealtimeConnectionNotice } from '../../../components/realtime-connection-notice.tsx';
import { ThemedErrorState } from '../../../components/themed-error-state.tsx';
import { describeErrorDetails } from '../../../lib/api-client.ts';
import { useConfig } from '../../../lib/config/get-config.ts';
import { fillText, formatDateTime, formatDeviceLabel } from '../../../lib/format.ts';
import { useDevicePresence } from '../../../lib/realtime/use-realtime.ts';
import { useSelectedDevice } from '../../../lib/session/selected-device.ts';
import { useIdleAfterMount } from '../../../lib/when-idle.ts';
import { useTrackings } from '../api/get-trackings.ts';
import { HistoryTable } from '../components/history-table.tsx';
import { useTrackingSwitch } from '../hooks/use-tracking-switch.ts';
import { trackingTexts } from '../texts.ts';
import type { ShownRoute } from '../components/tracking-map.tsx';
import './tracking-page.css';

// Leaflet and its CSS download with this chunk only when the map is on screen
const TrackingMap = lazy(() => import('../components/tracking-map.tsx'));
// as tall as the map on every screen (tracking-page.css), so nothing moves when it comes
const mapPlaceholder = <span className="skeleton is-rounded tracking-map-placeholder" />;
// MUI's Snackbar is not on the page's first load: its files come into the cache once the page is idle
// (ROUTE_PREFETCH in vite-plugins/route-preloads.ts), and run when the switch is first pressed
const TrackingNotice = lazyThemed(
  async () => (await import('../components/tracking-notice.tsx')).TrackingNotice,
);

/**
 * 'Tracking dispositivo' (spec 2 Tracking, 4, 8, 9): turn live tracking on or off for the selected
 * device, follow the live route on the map, and look back at past routes (15 a page, server paging).
 */
export function TrackingPage() {
  const device = useSelectedDevice();
  return (
    <>
      <DocumentTitle title={trackingTexts.title} />
      <h1 className="tracking-title">{trackingTexts.title}</h1>
      {device ? (
        <DeviceTracking key={device.device_id} device={device} />
      ) : (
        <PlainAlert severity="info" variant="outlined">
          {trackingTexts.noDevice}
        </PlainAlert>
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
  // Leaflet is fetched and started once the page is drawn and the browser idle (decision 017's addenda)
  const isIdle = useIdleAfterMount();
  // The notices' Snackbar, mounted (closed) when the switch is first pressed, while the page waits
  // for the phone, and then kept: the notice that ends the wait shows at once, and closes with its
  // transition. Not when the page is idle: running MUI then was a long task of the page's load on a
  // slow phone (decision 017's last addendum).
  const [hasNotices, setHasNotices] = useState(false);
  if ((notice || pending) && !hasNotices) setHasNotices(true);

  return (
    <>
      <div className="tracking-device">
        <p>{formatDeviceLabel(device)}</p>
        {/* made before the phone's presence is known, hidden, so that its arrival does not wrap the
            line on a phone and push the page down (a layout shift) */}
        <span
          className={`tracking-presence${isOnline ? ' is-online' : ''}`}
          aria-hidden={isOnline === null || undefined}
          style={isOnline === null ? { visibility: 'hidden' } : undefined}
        >
          {isOnline ? trackingTexts.online : trackingTexts.offline}
        </span>
      </div>
      <RealtimeConnectionNotice />
      <div className="tracking-notice">
        <PlainAlert severity="info" variant="outlined">
          {trackingTexts.infoBanner}
        </PlainAlert>
      </div>
      {pending ? (
        <div className="tracking-notice">
          <PlainAlert severity="warning" isChecking role="status">
            {pending === 'activating' ? trackingTexts.activating : trackingTexts.deactivating}
          </PlainAlert>
        </div>
      ) : null}
      {active && !pending ? (
        <p className="tracking-active-since">
          {fillText(trackingTexts.activeSince, {
            date: formatDateTime(active.created_at),
            points: active.route.length,
          })}
        </p>
      ) : null}
      <div className="tracking-actions">
        <PlainButton
          variant="contained"
          color={isOn ? 'inherit' : 'primary'}
          loading={pending !== null}
          disabled={trackings.isPending || trackings.isError}
          onClick={() => void (isOn ? deactivate() : activate())}
        >
          {isOn ? trackingTexts.deactivate : trackingTexts.activate}
        </PlainButton>
        <PlainButton
          variant="outlined"
          disabled={!isOn}
          aria-pressed={isActiveShown}
          onClick={() => setIsActiveShown((shown) => !shown)}
        >
          {isActiveShown && isOn ? trackingTexts.hideActive : trackingTexts.showActive}
        </PlainButton>
      </div>

      <div className="tracking-columns">
        <div className="tracking-history">
          <h2 className="tracking-history-title">{trackingTexts.history}</h2>
          {trackings.isError && !trackings.data ? (
            <ThemedErrorState
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
        </div>
        <div className="tracking-map">
          <Suspense fallback={mapPlaceholder}>
            {config && isIdle ? (
              <TrackingMap config={config} routes={shownRoutes} focusId={focusId} />
            ) : (
              mapPlaceholder
            )}
          </Suspense>
        </div>
      </div>
      {hasNotices ? (
        <Suspense fallback={null}>
          <TrackingNotice notice={notice} onClose={dismissNotice} />
        </Suspense>
      ) : null}
    </>
  );
}
