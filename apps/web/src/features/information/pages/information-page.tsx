import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import Collections from '@mui/icons-material/Collections';
import Refresh from '@mui/icons-material/Refresh';
import { Suspense, lazy, useRef, useState } from 'react';
import type { Device, LostPhoneInfoItem } from '@escudo/contract';
import { ANDROID_INCOGNITO_PHOTO_MAX_VERSION } from '@escudo/contract/browser';
import { DocumentTitle } from '../../../components/document-title.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { RealtimeConnectionNotice } from '../../../components/realtime-connection-notice.tsx';
import { describeErrorDetails } from '../../../lib/api-client.ts';
import { useConfig } from '../../../lib/config/get-config.ts';
import { fillText, formatDeviceLabel } from '../../../lib/format.ts';
import { useRealtimeEvent } from '../../../lib/realtime/use-realtime.ts';
import { useSelectedDevice } from '../../../lib/session/selected-device.ts';
import { addLostPhoneReport, useLostPhoneInfo } from '../api/get-lost-my-phone-info.ts';
import { PhotoViewerDialog } from '../components/photo-viewer-dialog.tsx';
import { ReportCard } from '../components/report-card.tsx';
import { informationTexts } from '../texts.ts';

// Leaflet and its CSS download with this chunk, only when the page has a map to show
const LostReportsMap = lazy(() => import('../components/lost-reports-map.tsx'));

const MAP_HEIGHT = { xs: 300, md: 400 };

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
          <Typography variant="h4" component="h1" sx={{ fontWeight: 700, mb: 3 }}>
            {informationTexts.title}
          </Typography>
          <Alert severity="info" variant="outlined">
            {device ? informationTexts.iosDevice : informationTexts.noDevice}
          </Alert>
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

  useRealtimeEvent('lostReport', ({ device_id, info }) => {
    if (device_id === device.device_id) addLostPhoneReport(device_id, info);
  });

  const reports = [...(infoQuery.data ?? [])].sort((a, b) => b.created_at.localeCompare(a.created_at));

  const markOnMap = (report: LostPhoneInfoItem) => {
    setSelectedId(report.id);
    // on a phone the map is above the cards: bring it into view
    mapRef.current?.scrollIntoView({ behavior: 'smooth', block: 'nearest' });
  };

  return (
    <>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 2,
          mb: 1,
        }}
      >
        <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
          {informationTexts.title}
        </Typography>
        <Button
          variant="outlined"
          startIcon={<Refresh />}
          onClick={() => void infoQuery.refetch()}
          loading={infoQuery.isFetching}
          loadingPosition="start"
        >
          {informationTexts.reload}
        </Button>
      </Box>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {fillText(informationTexts.deviceLabel, { device: formatDeviceLabel(device) })}
        {infoQuery.data
          ? ` · ${
              reports.length === 1
                ? informationTexts.reportCountOne
                : fillText(informationTexts.reportCount, { count: reports.length })
            }`
          : null}
      </Typography>
      <RealtimeConnectionNotice />
      {device.device_soversion > ANDROID_INCOGNITO_PHOTO_MAX_VERSION ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {fillText(informationTexts.androidIncognitoWarning, { version: device.device_soversion })}
        </Alert>
      ) : null}

      {infoQuery.isError && !infoQuery.data ? (
        <ErrorState
          title={informationTexts.loadFailed}
          message={describeErrorDetails(infoQuery.error).join(' ')}
          onRetry={() => void infoQuery.refetch()}
          isRetrying={infoQuery.isFetching}
        />
      ) : (
        <>
          {infoQuery.isError ? (
            <Alert severity="error" sx={{ mb: 2 }}>
              {describeErrorDetails(infoQuery.error).join(' ')}
            </Alert>
          ) : null}
          <Box ref={mapRef} sx={{ mb: 3, scrollMarginTop: 80 }}>
            {config && infoQuery.data ? (
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
          </Box>
          {infoQuery.isPending ? (
            <CardsPlaceholder />
          ) : reports.length === 0 ? (
            <Paper variant="outlined" sx={{ p: 3, display: 'flex', gap: 2, alignItems: 'flex-start' }}>
              <Collections color="disabled" aria-hidden />
              <Box>
                <Typography sx={{ fontWeight: 600 }}>{informationTexts.empty}</Typography>
                <Typography color="text.secondary">{informationTexts.emptyDetail}</Typography>
              </Box>
            </Paper>
          ) : (
            <Box
              sx={{
                display: 'grid',
                gap: 2,
                gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' },
              }}
            >
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
            </Box>
          )}
        </>
      )}
      <PhotoViewerDialog report={photo} open={isPhotoOpen} onClose={() => setIsPhotoOpen(false)} />
    </>
  );
}

function MapPlaceholder() {
  return (
    <Skeleton
      variant="rounded"
      sx={{ height: MAP_HEIGHT, width: '100%' }}
      aria-label={informationTexts.mapLoading}
    />
  );
}

function CardsPlaceholder() {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' },
      }}
    >
      {[0, 1, 2].map((index) => (
        <Skeleton key={index} variant="rounded" sx={{ aspectRatio: '4 / 3', height: 'auto' }} />
      ))}
    </Box>
  );
}
