import { divIcon, type DivIcon } from 'leaflet';

/**
 * A map pin drawn inline: Leaflet's default marker images are referenced from its CSS by relative
 * paths that bundlers break, and an SVG can change colour to highlight one pin.
 */
export function createPinIcon({ color, size = 32 }: { color: string; size?: number }): DivIcon {
  const height = Math.round(size * 1.35);
  return divIcon({
    className: '',
    iconSize: [size, height],
    iconAnchor: [size / 2, height],
    popupAnchor: [0, -height + 4],
    html: `<svg width="${size}" height="${height}" viewBox="0 0 24 32" aria-hidden="true" focusable="false" style="display:block;filter:drop-shadow(0 1px 2px rgba(0,0,0,.4))"><path d="M12 0C5.4 0 0 5.3 0 11.9 0 20.8 12 32 12 32s12-11.2 12-20.1C24 5.3 18.6 0 12 0Z" fill="${color}" stroke="#fff" stroke-width="1.5"/><circle cx="12" cy="12" r="4.5" fill="#fff"/></svg>`,
  });
}
