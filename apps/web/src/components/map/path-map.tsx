/**
 * A person's walk on a map: the path (newest positions) and a red pin on the last one, which the map
 * follows as positions arrive. The open alert page's, and the central's while it handles an event.
 * Loaded lazily with Leaflet (its own chunk).
 */
import { useEffect } from 'react';
import { marker, polyline } from 'leaflet';
import type { AlertPosition, PublicConfig } from '@escudo/contract';
import { MAP_MAX_ZOOM } from '@escudo/contract/browser';
import { BaseMap } from './base-map.tsx';
import { createPinIcon } from './pin-icon.ts';
import { useMapInstance } from './use-leaflet-map.ts';
import { BRAND_RED } from '../../lib/brand.ts';

const lastPinIcon = createPinIcon({ color: BRAND_RED, size: 38 });
/** ours: street level, so that someone can find the place */
const FOLLOW_ZOOM = Math.min(16, MAP_MAX_ZOOM);

export default function PathMap({
  config,
  positions,
  label,
  lastLabel,
}: {
  config: Pick<PublicConfig, 'map_tile_url' | 'map_attribution'>;
  positions: AlertPosition[];
  /** the map's accessible name */
  label: string;
  /** the last position's pin, shown beside it */
  lastLabel: string;
}) {
  const last = positions.at(-1) ?? null;
  return (
    <BaseMap config={config} label={label} height={{ xs: 320, md: 460 }}>
      <WalkedPath positions={positions} />
      <LastPositionPin last={last} label={lastLabel} />
      <FollowLast last={last} />
    </BaseMap>
  );
}

function WalkedPath({ positions }: { positions: AlertPosition[] }) {
  const map = useMapInstance();
  useEffect(() => {
    if (positions.length < 2) return;
    const path = polyline(
      positions.map((p) => [p.lat, p.lng] as [number, number]),
      { color: BRAND_RED, weight: 4, opacity: 0.6 },
    ).addTo(map);
    return () => {
      path.remove();
    };
  }, [map, positions]);
  return null;
}

function LastPositionPin({ last, label }: { last: AlertPosition | null; label: string }) {
  const map = useMapInstance();
  const lat = last?.lat ?? null;
  const lng = last?.lng ?? null;
  useEffect(() => {
    if (lat === null || lng === null) return;
    const pin = marker([lat, lng], {
      icon: lastPinIcon,
      title: label,
      alt: label,
    })
      .bindTooltip(label, { direction: 'top', offset: [0, -34], permanent: true })
      .addTo(map);
    return () => {
      pin.remove();
    };
  }, [map, lat, lng, label]);
  return null;
}

/** Centres on the last position at first, then whenever it leaves the visible part of the map. */
function FollowLast({ last }: { last: AlertPosition | null }) {
  const map = useMapInstance();
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
