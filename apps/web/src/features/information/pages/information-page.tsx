import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import type { Device, LostPhoneInfoItem } from '@escudo/contract';
import { ANDROID_INCOGNITO_PHOTO_MAX_VERSION } from '@escudo/contract/browser';
import { DocumentTitle } from '../../../components/document-title.tsx';
import { Icon } from '../../../components/icon.tsx';
import { lazyThemed } from '../../../components/lazy-themed.tsx';
import { LoadingBackdrop } from '../../../components/loading-backdrop.tsx';
import { PlainAlert } from '../../../components/plain-alert.tsx';
import { PlainButton } from '../../../components/plain-button.tsx';
import { RealtimeConnectionNotice } from '../../../components/realtime-connection-notice.tsx';
import { ThemedErrorState } from '../../../components/themed-error-state.tsx';
import { describeErrorDetails } from '../../../lib/api-client.ts';
import { useConfig } from '../../../lib/config/get-config.ts';
import { fillText, formatDeviceLabel } from '../../../lib/format.ts';
import { useSelectedDevice } from '../../../lib/session/selected-device.ts';
import { useIdleAfterMount } from '../../../lib/when-idle.ts';
import { followLostReports } from '../api/follow-lost-reports.ts';
import { useLostPhoneInfo } from '../api/get-lost-my-phone-info.ts';
import { ReportCard } from '../components/report-card.tsx';
import { informationTexts } from '../texts.ts';
import './information-page.css';

// Leaflet and its CSS download with this chunk, only when the page has a map to show
const LostReportsMap = lazy(() => import('../components/lost-reports-map.tsx'));
// MUI's Dialog is not on the page's first load: its files come into the cache once the page is idle
// (ROUTE_PREFETCH in vite-plugins/route-preloads.ts), and run only when a photo is first opened
const PhotoViewerDialog = lazyThemed(
  async () => (await import('../components/photo-viewer-dialog.tsx')).PhotoViewerDialog,
);

// the paths of @mui/icons-material's Refresh and Collections (MIT)
const REFRESH_ICON =
  'M17.65 6.35C16.2 4.9 14.21 4 12 4c-4.42 0-7.99 3.58-7.99 8s3.57 8 7.99 8c3.73 0 6.84-2.55 7.73-6h-2.08c-.82 2.33-3.04 4-5.65 4-3.31 0-6-2.69-6-6s2.69-6 6-6c1.66 0 3.14.69 4.22 1.78L13 11h7V4z';
const COLLECTIONS_ICON =
  'M22 16V4c0-1.1-.9-2-2-2H8c-1.1 0-2 .9-2 2v12c0 1.1.9 2 2 2h12c1.1 0 2-.9 2-2m-11-4 2.03 2.71L16 11l4 5H8zM2 6v14c0 1.1.9 2 2 2h14v-2H4V6z';

/**
 * 'Información Recopilada' (spec 2 Information): the reports of the selected Android phone in lost
 * mode, on a map and as photo cards, newest first. New reports arrive live (`lostReport`).
 */
export function InformationPage() {
  const device = useSelectedDevice();
  return (
    <>
      <DocumentTitle title={informationTexts.title} />
      {device?.device_so === 'android' ? (
        // another phone: its own map and selection
        <DeviceReports key={device.id} device={device} />
      ) : (
        <>
          <h1 className="information-title information-title--alone">{informationTexts.title}</h1>
          <PlainAlert severity="info" variant="outlined">
            {device ? informationTexts.iosDevice : informationTexts.noDevice}
          </PlainAlert>
        </>
      )}
    </>
  );
}

function DeviceReports({ device }: { device: Device }) {
  const infoQuery = useLostPhoneInfo(device.device_id);
  const { data: config } = useConfig();
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [photo, setPhoto] = useState<LostPhoneInfoItem | null>(null);
  const [isPhotoOpen, setIsPhotoOpen] = useState(false);
  const mapRef = useRef<HTMLDivElement>(null);
  // Leaflet is fetched and started once the page is drawn and the browser idle (decision 017's addenda)
  const isIdle = useIdleAfterMount();

  // live reports, and those sent while the link was down: the route follows them as it starts
  // (prefetch-information.ts); here for any other way in (idempotent)
  useEffect(() => followLostReports(), []);

  const reports = [...(infoQuery.data ?? [])].sort((a, b) => b.created_at.localeCompare(a.created_at));

  const markOnMap = (report: LostPhoneInfoItem) => {
    setSelectedId(report.id);
    // on a phone the map is above the cards: bring it into view
    mapRef.current?.scrollIntoView({ behavior: 'smooth', block: 'nearest' });
  };

  return (
    <>
      <div className="information-header">
        <h1 className="information-title">{informationTexts.title}</h1>
        <PlainButton
          variant="outlined"
          startIcon={REFRESH_ICON}
          onClick={() => void infoQuery.refetch()}
          loading={infoQuery.isFetching}
        >
          {informationTexts.reload}
        </PlainButton>
      </div>
      <p className="information-device">
        {fillText(informationTexts.deviceLabel, { device: formatDeviceLabel(device) })}
        {infoQuery.data
          ? ` · ${
              reports.length === 1
                ? informationTexts.reportCountOne
                : fillText(informationTexts.reportCount, { count: reports.length })
            }`
          : null}
      </p>
      <RealtimeConnectionNotice />
      {device.device_soversion > ANDROID_INCOGNITO_PHOTO_MAX_VERSION ? (
        <div className="information-notice">
          <PlainAlert severity="warning">
            {fillText(informationTexts.androidIncognitoWarning, { version: device.device_soversion })}
          </PlainAlert>
        </div>
      ) : null}

      {infoQuery.isError && !infoQuery.data ? (
        <ThemedErrorState
          title={informationTexts.loadFailed}
          message={describeErrorDetails(infoQuery.error).join(' ')}
          onRetry={() => void infoQuery.refetch()}
          isRetrying={infoQuery.isFetching}
        />
      ) : (
        <>
          {infoQuery.isError ? (
            <div className="information-notice">
              <PlainAlert severity="error">{describeErrorDetails(infoQuery.error).join(' ')}</PlainAlert>
            </div>
          ) : null}
          <div ref={mapRef} className="information-map">
            {config && infoQuery.data && isIdle ? (
              <Suspense fallback={<MapPlaceholder />}>
                <LostReportsMap
                  config={config}
                  reports={reports}
                  selectedId={selectedId}
                  onSelect={setSelectedId}
                />
              </Suspense>
            ) : (
              <MapPlaceholder />
            )}
          </div>
          {infoQuery.isPending ? (
            <CardsPlaceholder />
          ) : reports.length === 0 ? (
            <div className="information-empty">
              <span className="information-empty-icon">
                <Icon path={COLLECTIONS_ICON} />
              </span>
              <div>
                <p className="information-empty-title">{informationTexts.empty}</p>
                <p className="information-empty-detail">{informationTexts.emptyDetail}</p>
              </div>
            </div>
          ) : (
            <div className="information-grid">
              {reports.map((report) => (
                <ReportCard
                  key={report.id}
                  report={report}
                  isSelected={report.id === selectedId}
                  onOpenPhoto={() => {
                    setPhoto(report);
                    setIsPhotoOpen(true);
                  }}
                  onMarkOnMap={() => markOnMap(report)}
                />
              ))}
            </div>
          )}
        </>
      )}
      {photo ? (
        // the first photo opened waits for the viewer's code (from the cache, or the network after
        // another page): the backdrop answers the tap meanwhile
        <Suspense fallback={isPhotoOpen ? <LoadingBackdrop onClose={() => setIsPhotoOpen(false)} /> : null}>
          <PhotoViewerDialog report={photo} open={isPhotoOpen} onClose={() => setIsPhotoOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}

function MapPlaceholder() {
  return (
    <span
      className="skeleton is-rounded information-map-placeholder"
      aria-label={informationTexts.mapLoading}
    />
  );
}

function CardsPlaceholder() {
  return (
    <div className="information-grid">
      {[0, 1, 2].map((index) => (
        <span key={index} className="skeleton is-rounded information-card-placeholder" />
      ))}
    </div>
  );
}
