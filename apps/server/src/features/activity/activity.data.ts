/** The account's activity log (lib/personal-data.ts): actividad.json in the export. */
import { asc, eq } from 'drizzle-orm';
import { definePersonalData, iso } from '../../lib/personal-data.ts';
import { accountActivity } from './activity.schema.ts';

export const activityData = definePersonalData({
  tables: [accountActivity],
  export: {
    readme: `actividad.json
    La actividad de tu cuenta: inicios de sesión, cambios de contraseña, órdenes a tus teléfonos,
    invitaciones y otras acciones, con la dirección IP y el navegador desde donde se hicieron.`,
    async write(ctx, out) {
      const activity = await ctx.db
        .select()
        .from(accountActivity)
        .where(eq(accountActivity.userId, out.userId))
        .orderBy(asc(accountActivity.at), asc(accountActivity.id));
      out.json('actividad.json').actividad = activity.map((entry) => ({
        fecha: iso(entry.at),
        tipo: entry.kind,
        direccion_ip: entry.address,
        navegador: entry.browser,
        detalle: entry.detail,
      }));
    },
  },
});
