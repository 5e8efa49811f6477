/**
 * The open alert page's map: the path walked (newest positions) and a red pin on the last one, which
 * the map follows as positions arrive. Loaded lazily with Leaflet (its own chunk).
 */
import { useEffect } from 'react';
import { Marker, Polyline, Tooltip, useMap } from 'react-leaflet';
import type { AlertPosition, PublicConfig } from '@escudo/contract';
import { MAP_MAX_ZOOM } from '@escudo/contract/browser';
import { BaseMap } from '../../../components/map/base-map.tsx';
import { createPinIcon } from '../../../components/map/pin-icon.ts';
import { BRAND_RED } from '../../../lib/brand.ts';
import { alertsTexts } from '../texts.ts';

const lastPinIcon = createPinIcon({ color: BRAND_RED, size: 38 });
/** ours: street level, so that someone can find the place */
const FOLLOW_ZOOM = Math.min(16, MAP_MAX_ZOOM);

export default function AlertMap({
  config,
  positions,
}: {
  config: Pick<PublicConfig, 'map_tile_url' | 'map_attribution'>;
  positions: AlertPosition[];
}) {
  const last = positions.at(-1) ?? null;
  return (
    <BaseMap config={config} label={alertsTexts.mapLabel} height={{ xs: 320, md: 460 }}>
      {positions.length > 1 && (
        <Polyline
          positions={positions.map((p) => [p.lat, p.lng] as [number, number])}
          pathOptions={{ color: BRAND_RED, weight: 4, opacity: 0.6 }}
        />
      )}
      {last && (
        <Marker
          position={[last.lat, last.lng]}
          icon={lastPinIcon}
          title={alertsTexts.lastPositionPin}
          alt={alertsTexts.lastPositionPin}
        >
          <Tooltip direction="top" offset={[0, -34]} permanent>
            {alertsTexts.lastPositionPin}
          </Tooltip>
        </Marker>
      )}
      <FollowLast last={last} />
    </BaseMap>
  );
}

/** Centres on the last position at first, then whenever it leaves the visible part of the map. */
function FollowLast({ last }: { last: AlertPosition | null }) {
  const map = useMap();
  const key = last ? `${last.lat},${last.lng}` : null;
  useEffect(() => {
    if (!last) return;
    const here: [number, number] = [last.lat, last.lng];
    if (!map.getBounds().pad(-0.2).contains(here) || map.getZoom() < FOLLOW_ZOOM - 2) {
      map.setView(here, Math.max(map.getZoom(), FOLLOW_ZOOM), { animate: false });
    }
    // only when the last position changes, not on every new copy of the data
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, key]);
  return null;
}
