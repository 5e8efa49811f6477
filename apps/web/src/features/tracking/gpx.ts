// A past route as GPX 1.1 (beyond the spec), built in the browser from the points it has.
import type { Tracking } from '@escudo/contract';

const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );

function toGpx(tracking: Tracking, name: string): string {
  const points = tracking.route
    .map((p) => `      <trkpt lat="${p.lat}" lon="${p.lng}"><time>${p.at}</time></trkpt>`)
    .join('\n');
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<gpx version="1.1" creator="Escudo" xmlns="http://www.topografix.com/GPX/1/1">',
    `  <metadata><name>${escapeXml(name)}</name><time>${tracking.created_at}</time></metadata>`,
    `  <trk><name>${escapeXml(name)}</name><trkseg>`,
    points,
    '  </trkseg></trk>',
    '</gpx>',
    '',
  ].join('\n');
}

export function downloadGpx(tracking: Tracking, name: string): void {
  const url = URL.createObjectURL(new Blob([toGpx(tracking, name)], { type: 'application/gpx+xml' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `recorrido-${tracking.id}.gpx`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
