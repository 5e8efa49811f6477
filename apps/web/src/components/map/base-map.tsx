/**
 * A Leaflet map with the panel's defaults (use-leaflet-map.ts) inside a labelled, bordered box; its
 * children add the layers (markers, routes) through `useMapInstance()`. Only lazily loaded modules
 * may import this file: Leaflet and its CSS must stay out of every first load. Plain markup
 * (base-map.css), so that a page drawn without MUI does not fetch it for the map (decision 017's addenda).
 */
import 'leaflet/dist/leaflet.css';
import type { CSSProperties, ReactNode } from 'react';
import { LeafletMapContext, useLeafletMap, type MapConfig } from './use-leaflet-map.ts';
import './base-map.css';

export function BaseMap({
  config,
  label,
  height,
  children,
}: {
  config: MapConfig;
  /** what the map shows, for screen readers */
  label: string;
  /** in pixels: on a phone, and from 900 px wide */
  height: { xs: number; md: number };
  children?: ReactNode;
}) {
  const { containerRef, map } = useLeafletMap(config);
  const style = { '--map-height-xs': `${height.xs}px`, '--map-height-md': `${height.md}px` } as CSSProperties;
  return (
    <div role="region" aria-label={label} className="base-map" style={style}>
      <div ref={containerRef} />
      {map ? <LeafletMapContext value={map}>{children}</LeafletMapContext> : null}
    </div>
  );
}
