/**
 * A Leaflet map with the panel's defaults (use-leaflet-map.ts) inside a labelled, bordered box; its
 * children add the layers (markers, routes) through `useMapInstance()`. Only lazily loaded modules
 * may import this file: Leaflet and its CSS must stay out of every first load.
 */
import 'leaflet/dist/leaflet.css';
import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { LeafletMapContext, useLeafletMap, type MapConfig } from './use-leaflet-map.ts';

export function BaseMap({
  config,
  label,
  height,
  children,
}: {
  config: MapConfig;
  /** what the map shows, for screen readers */
  label: string;
  height: number | Record<string, number>;
  children?: ReactNode;
}) {
  const { containerRef, map } = useLeafletMap(config);
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
        // the credits' links, told from their text by more than a colour (WCAG 1.4.1; Leaflet's own
        // blue on grey is too close to the text beside it)
        '& .leaflet-control-attribution a': { textDecoration: 'underline' },
      }}
    >
      <div ref={containerRef} />
      {map ? <LeafletMapContext value={map}>{children}</LeafletMapContext> : null}
    </Box>
  );
}
