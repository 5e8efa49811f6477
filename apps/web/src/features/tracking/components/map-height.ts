// The map's height, also its placeholder's while Leaflet downloads, so nothing below moves. Its own
// module: importing tracking-map.tsx would bring Leaflet into the page's chunk.
export const MAP_HEIGHT = { xs: 320, md: 460 };
