/**
 * The map of 'Información Recopilada': one pin per report; the selected one ('Marcar en mapa') is red,
 * drawn above the others, centred, with its popup open. Loaded lazily with Leaflet (its own chunk); Leaflet's
 * layers are made in effects (components/map/use-leaflet-map.ts).
 */
import { useEffect, useRef } from 'react';
import { marker as createMarker, type Marker as LeafletMarker } from 'leaflet';
import type { LostPhoneInfoItem, PublicConfig } from '@escudo/contract';
import { MAP_MAX_ZOOM } from '@escudo/contract/browser';
import { BaseMap } from '../../../components/map/base-map.tsx';
import { createPinIcon } from '../../../components/map/pin-icon.ts';
import { useMapInstance } from '../../../components/map/use-leaflet-map.ts';
import { BRAND_RED } from '../../../lib/brand.ts';
import { fillText, formatDateTime } from '../../../lib/format.ts';
import { informationTexts } from '../texts.ts';

const pinIcon = createPinIcon({ color: '#455a64', size: 26 });
const selectedPinIcon = createPinIcon({ color: BRAND_RED, size: 36 });
/** ours: how close 'Marcar en mapa' zooms in (street level, within MAP_MAX_ZOOM) */
const FOCUS_ZOOM = Math.min(15, MAP_MAX_ZOOM);

export default function LostReportsMap({
  config,
  reports,
  selectedId,
  onSelect,
}: {
  config: Pick<PublicConfig, 'map_tile_url' | 'map_attribution'>;
  reports: LostPhoneInfoItem[];
  selectedId: number | null;
  onSelect: (id: number) => void;
}) {
  return (
    <BaseMap config={config} label={informationTexts.mapLabel} height={{ xs: 300, md: 400 }}>
      {reports.map((report) => (
        <ReportMarker
          key={report.id}
          report={report}
          isSelected={report.id === selectedId}
          onSelect={onSelect}
        />
      ))}
      <FollowNewest newest={reports[0] ?? null} isIdle={selectedId === null} />
    </BaseMap>
  );
}

function ReportMarker({
  report,
  isSelected,
  onSelect,
}: {
  report: LostPhoneInfoItem;
  isSelected: boolean;
  onSelect: (id: number) => void;
}) {
  const map = useMapInstance();
  const markerRef = useRef<LeafletMarker>(null);
  const title = fillText(informationTexts.reportAt, { date: formatDateTime(report.created_at) });
  const { lat, lng } = report.position;
  const { id } = report;

  // the latest onSelect, without making a new marker when only the callback changed
  const onSelectRef = useRef(onSelect);
  useEffect(() => {
    onSelectRef.current = onSelect;
  });

  useEffect(() => {
    const popupContent = document.createElement('div');
    popupContent.append(
      Object.assign(document.createElement('strong'), { textContent: title }),
      document.createElement('br'),
      fillText(informationTexts.position, { lat: lat.toFixed(5), lng: lng.toFixed(5) }),
    );
    const pin = createMarker([lat, lng], {
      icon: isSelected ? selectedPinIcon : pinIcon,
      zIndexOffset: isSelected ? 1000 : 0,
      title,
      alt: title,
    })
      .bindPopup(popupContent, { maxWidth: 240 })
      .on('click', () => onSelectRef.current(id))
      .addTo(map);
    markerRef.current = pin;
    return () => {
      markerRef.current = null;
      pin.remove();
    };
  }, [map, id, lat, lng, title, isSelected]);

  // 'Marcar en mapa': centre on the pin first, then open its popup (which pans to fit itself)
  useEffect(() => {
    if (!isSelected) return;
    map.setView([lat, lng], Math.max(map.getZoom(), FOCUS_ZOOM), { animate: false });
    markerRef.current?.openPopup();
    // only when this pin becomes the selected one
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isSelected]);

  return null;
}

/** The map starts on Santiago (spec 9); if it does not show the newest report, it moves there. */
function FollowNewest({ newest, isIdle }: { newest: LostPhoneInfoItem | null; isIdle: boolean }) {
  const map = useMapInstance();
  const newestId = newest?.id ?? null;

  useEffect(() => {
    if (!newest || !isIdle) return;
    const position: [number, number] = [newest.position.lat, newest.position.lng];
    if (!map.getBounds().contains(position)) map.setView(position, map.getZoom());
    // only when another report becomes the newest, not on every new copy of the list
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, newestId]);

  return null;
}
