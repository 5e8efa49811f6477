/**
 * Leaflet used directly (docs/architecture.md: react-leaflet's licence, Hippocratic-2.1, is not
 * OSI-approved; docs/decisions/016). `useLeafletMap` makes one Leaflet map in a container element with
 * the panel's defaults (spec 9: centre Santiago, zoom 12, max zoom 16) and the tile server of the
 * public config, and removes it when the container goes. The map components below it read the map
 * from `LeafletMapContext` and add their own layers in effects, removing them in the cleanup.
 */
import { control, map as createMap, tileLayer, type Map as LeafletMap } from 'leaflet';
import { createContext, useContext, useEffect, useRef, useState, type RefObject } from 'react';
import { MAP_CENTER, MAP_MAX_ZOOM, MAP_ZOOM } from '@escudo/contract/browser';
import type { PublicConfig } from '@escudo/contract';
import { whenIdle } from '../../lib/when-idle.ts';

export type MapConfig = Pick<PublicConfig, 'map_tile_url' | 'map_attribution'>;

/**
 * A ref for the map's container and the map, once made. The map is made in an effect, not in a ref callback:
 * a ref callback runs inside React's commit, so the page's commit and Leaflet making its map were one long
 * task on a slow phone. The effects of a commit React renders in slices (the map comes in one) run in a task
 * of their own after the paint; those of a commit it runs at once, in the same task, but then after the
 * commit's own work (decision 017's last addendum). The cleanup removes the map, so a remount never finds the
 * container already in use.
 */
export function useLeafletMap(config: MapConfig): {
  containerRef: RefObject<HTMLDivElement | null>;
  map: LeafletMap | null;
} {
  const containerRef = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<LeafletMap | null>(null);
  const { map_tile_url: tileUrl, map_attribution: tileAttribution } = config;
  useEffect(() => {
    const element = containerRef.current;
    if (!element) return;
    const created = createMap(element, {
      center: [MAP_CENTER.lat, MAP_CENTER.lng],
      zoom: MAP_ZOOM,
      maxZoom: MAP_MAX_ZOOM,
      attributionControl: false,
      zoomControl: false,
    });
    // the zoom buttons' names in Spanish, as the rest of the page (Leaflet's are English)
    control.zoom({ zoomInTitle: 'Acercar', zoomOutTitle: 'Alejar' }).addTo(created);
    // Leaflet's credit without the flag its default prefix adds
    // with the tiles' credit at once: added with the tiles (below, a task later) it widened the
    // control, a layout shift; Leaflet shows a credit given twice once
    control
      .attribution({ prefix: '<a href="https://leafletjs.com">Leaflet</a>' })
      .addAttribution(tileAttribution)
      .addTo(created);
    const tiles = tileLayer(tileUrl, {
      attribution: tileAttribution,
      // Most customers look at the map on a phone whose screen has 2 or 3 device pixels per CSS
      // pixel: a 256 px tile shown at 256 CSS px is blurred (and fails Lighthouse's
      // image-size-responsive). On such screens Leaflet draws each tile at 128 CSS px
      // from the next zoom level: sharp streets, at about four times the tile downloads
      // (docs/decisions/017). It lowers the layer's maxZoom by one when it does, hence the + 1:
      // at the map's closest zoom (16) it asks for zoom 17 tiles instead of drawing none.
      detectRetina: true,
      maxZoom: MAP_MAX_ZOOM + 1,
    });
    // The tiles in a task of their own once the browser is idle: making the map and laying out its
    // first tiles in one task blocked a phone's main thread for a long task (decision 017's addenda).
    const cancelTiles = whenIdle(() => tiles.addTo(created), { timeout: 500 });
    setMap(created);
    return () => {
      cancelTiles();
      setMap(null);
      created.remove();
    };
  }, [tileUrl, tileAttribution]);
  return { containerRef, map };
}

export const LeafletMapContext = createContext<LeafletMap | null>(null);

/** The map of the enclosing BaseMap; its children render only once the map exists. */
export function useMapInstance(): LeafletMap {
  const map = useContext(LeafletMapContext);
  if (!map) throw new Error('useMapInstance must be used inside <BaseMap>');
  return map;
}
