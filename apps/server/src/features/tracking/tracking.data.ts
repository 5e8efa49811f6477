/**
 * The routes the account's phones recorded (lib/personal-data.ts): rutas.json and one GPX file a
 * route in the export; a removed phone's open route ends.
 */
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { definePersonalData, iso } from '../../lib/personal-data.ts';
import { phoneNamesOf } from '../devices/devices.data.ts';
import { trackingPoints, trackings } from './tracking.schema.ts';

const xmlEscape = (text: string) =>
  text.replace(
    /[<>&"']/g,
    (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[char]!,
  );

/** One route as GPX 1.1: a track of one segment, its points in the order they arrived. */
export function routeGpx(
  route: { name: string; startedAt: Date },
  points: { lat: number; lng: number; recordedAt: Date }[],
): string {
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<gpx version="1.1" creator="Escudo" xmlns="http://www.topografix.com/GPX/1/1">',
    `  <metadata><name>${xmlEscape(route.name)}</name><time>${route.startedAt.toISOString()}</time></metadata>`,
    `  <trk><name>${xmlEscape(route.name)}</name><trkseg>`,
    ...points.map(
      (p) => `    <trkpt lat="${p.lat}" lon="${p.lng}"><time>${p.recordedAt.toISOString()}</time></trkpt>`,
    ),
    '  </trkseg></trk>',
    '</gpx>',
    '',
  ];
  return lines.join('\n');
}

export const trackingData = definePersonalData({
  tables: [trackings, trackingPoints],
  export: {
    readme: `rutas.json
    Las rutas que grabó el seguimiento de tus teléfonos: inicio, fin, cantidad de puntos y el
    archivo con el recorrido.

rutas/
    Cada ruta como archivo GPX, que abren Google Earth, Strava, OsmAnd y la mayoría de las
    aplicaciones de mapas.`,
    async write(ctx, out) {
      const phoneName = await phoneNamesOf(ctx.db, out.userId);
      const routes = phoneName.size
        ? await ctx.db
            .select()
            .from(trackings)
            .where(inArray(trackings.deviceId, [...phoneName.keys()]))
            .orderBy(asc(trackings.id))
        : [];
      const entries: Record<string, unknown>[] = [];
      for (const route of routes) {
        const points = await ctx.db
          .select({ lat: trackingPoints.lat, lng: trackingPoints.lng, recordedAt: trackingPoints.recordedAt })
          .from(trackingPoints)
          .where(eq(trackingPoints.trackingId, route.id))
          .orderBy(asc(trackingPoints.id));
        const file = `rutas/ruta-${route.id}.gpx`;
        const name = `${phoneName.get(route.deviceId) ?? 'Teléfono'}, ruta ${route.id}`;
        out.text(file, routeGpx({ name, startedAt: route.createdAt }, points));
        entries.push({
          id: route.id,
          dispositivo: phoneName.get(route.deviceId) ?? null,
          inicio: iso(route.createdAt),
          fin: iso(route.endedAt),
          puntos: points.length,
          archivo: file,
        });
      }
      out.json('rutas.json').rutas = entries;
    },
  },
  phoneRemoval: {
    async end(tx, phone) {
      await tx
        .update(trackings)
        .set({ endedAt: phone.now })
        .where(and(eq(trackings.deviceId, phone.deviceRowId), isNull(trackings.endedAt)));
    },
  },
});
