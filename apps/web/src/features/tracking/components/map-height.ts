// The map's height, also its placeholder's while Leaflet downloads (tracking-page.css, which a change
// here must follow), so nothing below moves. Its own module: importing tracking-map.tsx would bring
// Leaflet into the page's chunk.
export const MAP_HEIGHT = { xs: 320, md: 460 };
