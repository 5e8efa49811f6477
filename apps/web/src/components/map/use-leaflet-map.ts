/**
 * Leaflet used directly (ARCHITECTURE.md: react-leaflet's licence, Hippocratic-2.1, is not
 * OSI-approved; docs/decisions/016). `useLeafletMap` makes one Leaflet map in a container element with
 * the panel's defaults (spec 9: centre Santiago, zoom 12, max zoom 16) and the tile server of the
 * public config, and removes it when the container goes. The map components below it read the map
 * from `LeafletMapContext` and add their own layers in effects, removing them in the cleanup.
 */
import { control, map as createMap, tileLayer, type Map as LeafletMap } from 'leaflet';
import { createContext, useCallback, useContext, useState } from 'react';
import { MAP_CENTER, MAP_MAX_ZOOM, MAP_ZOOM } from '@escudo/contract/browser';
import type { PublicConfig } from '@escudo/contract';

export type MapConfig = Pick<PublicConfig, 'map_tile_url' | 'map_attribution'>;

/**
 * A ref callback for the map's container and the map, once made. The map is made when the container
 * is attached and removed when it is detached, so a remount never finds a container already in use.
 */
export function useLeafletMap(config: MapConfig): {
  containerRef: (element: HTMLDivElement | null) => void;
  map: LeafletMap | null;
} {
  const [map, setMap] = useState<LeafletMap | null>(null);
  const { map_tile_url: tileUrl, map_attribution: tileAttribution } = config;
  const containerRef = useCallback(
    (element: HTMLDivElement | null) => {
      if (!element) return;
      const created = createMap(element, {
        center: [MAP_CENTER.lat, MAP_CENTER.lng],
        zoom: MAP_ZOOM,
        maxZoom: MAP_MAX_ZOOM,
        attributionControl: false,
      });
      // Leaflet's credit without the flag its default prefix adds
      control.attribution({ prefix: '<a href="https://leafletjs.com">Leaflet</a>' }).addTo(created);
      tileLayer(tileUrl, { attribution: tileAttribution, maxZoom: MAP_MAX_ZOOM }).addTo(created);
      setMap(created);
      // React 19: what a ref callback returns runs when the element is detached
      return () => {
        setMap(null);
        created.remove();
      };
    },
    [tileUrl, tileAttribution],
  );
  return { containerRef, map };
}

export const LeafletMapContext = createContext<LeafletMap | null>(null);

/** The map of the enclosing BaseMap; its children render only once the map exists. */
export function useMapInstance(): LeafletMap {
  const map = useContext(LeafletMapContext);
  if (!map) throw new Error('useMapInstance must be used inside <BaseMap>');
  return map;
}
