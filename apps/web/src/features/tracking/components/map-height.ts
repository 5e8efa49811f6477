/**
 * The tracking map's height on each screen, shared by the map and the placeholder the page shows
 * while the map's chunk (Leaflet) downloads, so that nothing below moves when it arrives. Its own
 * module: the page must not import tracking-map.tsx, which would bring Leaflet into its chunk.
 */
export const MAP_HEIGHT = { xs: 320, md: 460 };
