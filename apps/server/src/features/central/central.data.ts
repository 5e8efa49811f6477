/**
 * What the central attended for the account (lib/personal-data.ts): central.json, each event with its
 * kind and times. An event goes with its account (ON DELETE CASCADE); a phone removed with its data
 * leaves its events without the phone.
 */
import { asc, eq } from 'drizzle-orm';
import { CENTRAL_KIND_LABELS, CENTRAL_LEVEL_LABELS, CENTRAL_OUTCOME_LABELS } from '@escudo/contract';
import { definePersonalData, iso } from '../../lib/personal-data.ts';
import { phoneNamesOf } from '../devices/devices.data.ts';
import { centralEvents } from './central.schema.ts';

export const centralData = definePersonalData({
  tables: [centralEvents],
  export: {
    readme: `central.json
    Lo que tus alertas y tus teléfonos perdidos le mostraron a la central: cada evento, cuándo llegó,
    cuándo un operador lo tomó y cuándo lo cerró, con su resultado, su nivel de gravedad (0 a 4), la
    nota del operador y el número de la atención que se abrió para él.`,
    async write(ctx, out) {
      const phoneName = await phoneNamesOf(ctx.db, out.userId);
      const events = await ctx.db
        .select()
        .from(centralEvents)
        .where(eq(centralEvents.userId, out.userId))
        .orderBy(asc(centralEvents.id));
      out.json('central.json').eventos = events.map((event) => ({
        id: event.id,
        tipo: CENTRAL_KIND_LABELS[event.kind],
        dispositivo: event.deviceId === null ? null : (phoneName.get(event.deviceId) ?? null),
        llegada: iso(event.createdAt),
        tomado: iso(event.claimedAt),
        cerrado: iso(event.closedAt),
        resultado: event.outcome === null ? null : CENTRAL_OUTCOME_LABELS[event.outcome],
        nivel: event.level === null ? null : `${event.level} (${CENTRAL_LEVEL_LABELS[event.level]})`,
        nota: event.closeNote,
        atencion: event.atencionId,
      }));
    },
  },
});
