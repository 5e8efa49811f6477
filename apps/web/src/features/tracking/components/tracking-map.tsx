/**
 * The tracking map (spec 2 Tracking; centre and zoom from components/map): the live route and a selected
 * past route as red polylines with start and end pins. Loaded lazily, with Leaflet (its own chunk).
 */
import { useEffect } from 'react';
import { latLngBounds, layerGroup, marker, polyline, type DivIcon } from 'leaflet';
import type { PublicConfig, RoutePoint } from '@escudo/contract';
import { BaseMap } from '../../../components/map/base-map.tsx';
import { createPinIcon } from '../../../components/map/pin-icon.ts';
import { useMapInstance } from '../../../components/map/use-leaflet-map.ts';
import { BRAND_RED } from '../../../lib/brand.ts';
import { trackingTexts } from '../texts.ts';
import { MAP_HEIGHT } from './map-height.ts';

const startIcon = createPinIcon({ color: '#2e7d32', size: 28 });
const endIcon = createPinIcon({ color: BRAND_RED, size: 32 });

export interface ShownRoute {
  /** the tracking id, so that a new selection fits the map again */
  id: number;
  points: RoutePoint[];
  isLive: boolean;
}

export default function TrackingMap({
  config,
  routes,
  focusId,
}: {
  config: Pick<PublicConfig, 'map_tile_url' | 'map_attribution'>;
  routes: ShownRoute[];
  /** the route the map should fit itself to */
  focusId: number | null;
}) {
  return (
    <BaseMap config={config} label={trackingTexts.mapLabel} height={MAP_HEIGHT}>
      {routes.map((route) => (
        <RouteLayer key={route.id} route={route} />
      ))}
      <FitRoute route={routes.find((route) => route.id === focusId) ?? null} />
    </BaseMap>
  );
}

/** The route's line with its start pin and its end (or current position) pin, redrawn as points arrive. */
function RouteLayer({ route }: { route: ShownRoute }) {
  const map = useMapInstance();
  const { points, isLive } = route;

  useEffect(() => {
    const positions = points.map((p) => [p.lat, p.lng] as [number, number]);
    if (positions.length === 0) return;
    const last = positions[positions.length - 1]!;
    const endTitle = isLive ? trackingTexts.current : trackingTexts.end;
    const layers = layerGroup([
      polyline(positions, { color: BRAND_RED, weight: 4, opacity: isLive ? 0.95 : 0.8 }),
      pin(positions[0]!, startIcon, trackingTexts.start),
    ]);
    if (positions.length > 1 || isLive) layers.addLayer(pin(last, endIcon, endTitle, 500));
    layers.addTo(map);
    return () => {
      layers.remove();
    };
  }, [map, points, isLive]);

  return null;
}

/** A pin whose title, alternative text and tooltip all say what it marks. */
function pin(position: [number, number], icon: DivIcon, title: string, zIndexOffset = 0) {
  return marker(position, { icon, title, alt: title, zIndexOffset }).bindTooltip(title);
}

function FitRoute({ route }: { route: ShownRoute | null }) {
  const map = useMapInstance();
  const id = route?.id ?? null;
  const count = route?.points.length ?? 0;

  // a newly focused route: fit the map to all of it
  useEffect(() => {
    if (!route || route.points.length === 0) return;
    map.fitBounds(latLngBounds(route.points.map((p) => [p.lat, p.lng])), { padding: [32, 32] });
    // only when another route is focused (or its first point arrives), not on every new point
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, id, count === 0]);

  // a live route: keep its newest point in view
  useEffect(() => {
    if (!route?.isLive || count === 0) return;
    const last = route.points[count - 1]!;
    if (!map.getBounds().contains([last.lat, last.lng])) map.panTo([last.lat, last.lng]);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, count]);

  return null;
}
