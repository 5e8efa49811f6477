/**
 * What the account's phones reported in lost mode (lib/personal-data.ts): the reports with their
 * photos in the export; the photos leave the store when the account, or a phone with its data, is
 * deleted; a removed phone's next report is no longer booked.
 */
import { asc, eq, inArray } from 'drizzle-orm';
import { definePersonalData, iso } from '../../lib/personal-data.ts';
import { devices } from '../devices/devices.schema.ts';
import { phoneNamesOf } from '../devices/devices.data.ts';
import { lostReports } from './lostphone.schema.ts';

const extensionOf = (key: string) => key.split('.').pop() ?? 'bin';

export const lostPhoneData = definePersonalData({
  tables: [lostReports],
  export: {
    readme: `modo-perdido/reportes.json
    Los reportes que enviaron tus teléfonos en modo perdido: dónde estaban (latitud y longitud),
    cuándo, y el nombre de la foto que tomaron.

modo-perdido/fotos/
    Las fotos de esos reportes (JPEG). Guardamos solo las más recientes de cada teléfono: un
    reporte cuya foto ya no guardamos tiene "foto": null.`,
    async write(ctx, out) {
      const phoneName = await phoneNamesOf(ctx.db, out.userId);
      const reports = phoneName.size
        ? await ctx.db
            .select()
            .from(lostReports)
            .where(inArray(lostReports.deviceId, [...phoneName.keys()]))
            .orderBy(asc(lostReports.id))
        : [];
      const entries: Record<string, unknown>[] = [];
      for (const report of reports) {
        const photo = `modo-perdido/fotos/reporte-${report.id}.${extensionOf(report.imageKey)}`;
        const hasPhoto = await out.storedFile(report.imageKey, photo);
        entries.push({
          id: report.id,
          dispositivo: phoneName.get(report.deviceId) ?? null,
          latitud: report.lat,
          longitud: report.lng,
          fecha: iso(report.createdAt),
          foto: hasPhoto ? photo : null,
        });
      }
      out.json('modo-perdido/reportes.json').reportes = entries;
    },
  },
  deletion: {
    async files(tx, account) {
      const photos = await tx
        .select({ key: lostReports.imageKey })
        .from(lostReports)
        .innerJoin(devices, eq(devices.id, lostReports.deviceId))
        .where(eq(devices.userId, account.userId));
      return photos.map((photo) => photo.key);
    },
  },
  phoneRemoval: {
    async end(tx, phone) {
      await tx.update(devices).set({ lostReportsBookedUntil: null }).where(eq(devices.id, phone.deviceRowId));
    },
    async files(tx, phone) {
      const photos = await tx
        .select({ key: lostReports.imageKey })
        .from(lostReports)
        .where(eq(lostReports.deviceId, phone.deviceRowId));
      return photos.map((photo) => photo.key);
    },
  },
});
