/**
 * The account's SOS alerts (lib/personal-data.ts): alertas.json with their positions (never the
 * public link's nonce); a removed phone's open SOS ends first, through this feature, so that the
 * owner's and the network's panels are told.
 */
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { definePersonalData, iso } from '../../lib/personal-data.ts';
import { phoneNamesOf } from '../devices/devices.data.ts';
import { alertPositions, alerts } from './alerts.schema.ts';
import { closeAlert } from './alerts.service.ts';

export const alertsData = definePersonalData({
  tables: [alerts, alertPositions],
  export: {
    readme: `alertas.json
    Tus alertas SOS y las posiciones que envió tu teléfono durante cada una.`,
    async write(ctx, out) {
      const phoneName = await phoneNamesOf(ctx.db, out.userId);
      const sos = await ctx.db
        .select()
        .from(alerts)
        .where(eq(alerts.userId, out.userId))
        .orderBy(asc(alerts.id));
      const positions = sos.length
        ? await ctx.db
            .select()
            .from(alertPositions)
            .where(
              inArray(
                alertPositions.alertId,
                sos.map((alert) => alert.id),
              ),
            )
            .orderBy(asc(alertPositions.id))
        : [];
      out.json('alertas.json').alertas = sos.map((alert) => ({
        id: alert.id,
        dispositivo: phoneName.get(alert.deviceId) ?? null,
        inicio: iso(alert.createdAt),
        fin: iso(alert.endedAt),
        posiciones: positions
          .filter((position) => position.alertId === alert.id)
          .map((position) => ({
            latitud: position.lat,
            longitud: position.lng,
            fecha: iso(position.recordedAt),
          })),
      }));
    },
  },
  phoneRemoval: {
    // the removed phone could no longer end it
    async before(ctx, phone) {
      const [open] = await ctx.db
        .select({ id: alerts.id })
        .from(alerts)
        .where(and(eq(alerts.deviceId, phone.deviceRowId), isNull(alerts.endedAt)));
      if (open) await closeAlert(ctx, { deviceRowId: phone.deviceRowId }, open.id);
    },
  },
});
