/**
 * What the central attended for the account (lib/personal-data.ts): central.json, each event with its
 * kind and times. An event goes with its account (ON DELETE CASCADE); a phone removed with its data
 * leaves its events without the phone.
 */
import { asc, eq } from 'drizzle-orm';
import { definePersonalData, iso } from '../../lib/personal-data.ts';
import { phoneNamesOf } from '../devices/devices.data.ts';
import { centralEvents } from './central.schema.ts';

const KIND_NAMES = {
  sos: 'alerta SOS',
  tamper: 'teléfono manipulado',
  lost_mode: 'modo perdido',
  dark: 'teléfono sin señal',
};

export const centralData = definePersonalData({
  tables: [centralEvents],
  export: {
    readme: `central.json
    Lo que tus alertas y tus teléfonos perdidos le mostraron a la central: cada evento, cuándo llegó y
    cuándo un operador lo tomó.`,
    async write(ctx, out) {
      const phoneName = await phoneNamesOf(ctx.db, out.userId);
      const events = await ctx.db
        .select()
        .from(centralEvents)
        .where(eq(centralEvents.userId, out.userId))
        .orderBy(asc(centralEvents.id));
      out.json('central.json').eventos = events.map((event) => ({
        id: event.id,
        tipo: KIND_NAMES[event.kind],
        dispositivo: event.deviceId === null ? null : (phoneName.get(event.deviceId) ?? null),
        llegada: iso(event.createdAt),
        tomado: iso(event.claimedAt),
        cerrado: iso(event.closedAt),
      }));
    },
  },
});
