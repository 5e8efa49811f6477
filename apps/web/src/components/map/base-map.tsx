/**
 * A Leaflet map with the panel's defaults (spec 9: centre Santiago, zoom 12, max zoom 16) and the tile
 * server of the public config. Only lazily loaded modules may import this file: Leaflet and its CSS
 * must stay out of every first load.
 */
import 'leaflet/dist/leaflet.css';
import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { AttributionControl, MapContainer, TileLayer } from 'react-leaflet';
import { MAP_CENTER, MAP_MAX_ZOOM, MAP_ZOOM } from '@escudo/contract/browser';
import type { PublicConfig } from '@escudo/contract';

export function BaseMap({
  config,
  label,
  height,
  children,
}: {
  config: Pick<PublicConfig, 'map_tile_url' | 'map_attribution'>;
  /** what the map shows, for screen readers */
  label: string;
  height: number | Record<string, number>;
  children?: ReactNode;
}) {
  return (
    <Box
      role="region"
      aria-label={label}
      sx={{
        height,
        borderRadius: 2,
        overflow: 'hidden',
        border: 1,
        borderColor: 'divider',
        // Leaflet's panes sit above MUI's app bar unless kept in their own stacking context
        position: 'relative',
        zIndex: 0,
        '& .leaflet-container': { height: '100%', width: '100%', font: 'inherit' },
        '& .leaflet-popup-content': { fontSize: 14, lineHeight: 1.4, m: '10px 14px' },
      }}
    >
      <MapContainer
        center={[MAP_CENTER.lat, MAP_CENTER.lng]}
        zoom={MAP_ZOOM}
        maxZoom={MAP_MAX_ZOOM}
        attributionControl={false}
      >
        {/* Leaflet's credit without the flag its default prefix adds */}
        <AttributionControl prefix='<a href="https://leafletjs.com">Leaflet</a>' />
        <TileLayer url={config.map_tile_url} attribution={config.map_attribution} maxZoom={MAP_MAX_ZOOM} />
        {children}
      </MapContainer>
    </Box>
  );
}
