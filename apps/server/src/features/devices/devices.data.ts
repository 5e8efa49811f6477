/**
 * The phones of an account (lib/personal-data.ts): dispositivos.json begins here, with each phone's
 * last reported state; its orders are added by commands.data.ts. A phone's own row is deleted or
 * marked removed by the removal itself (devices.service.ts `retireDevice`), after every feature has
 * ended what the phone left open.
 */
import { asc, eq } from 'drizzle-orm';
import type { DbOrTransaction } from '../../lib/db/client.ts';
import { definePersonalData, iso } from '../../lib/personal-data.ts';
import { devices } from './devices.schema.ts';

/** one phone of dispositivos.json, as later sections find it to add their part */
export interface ExportedPhone {
  id: number;
  [key: string]: unknown;
}

export const devicesData = definePersonalData({
  tables: [devices],
  export: {
    readme: `dispositivos.json
    Tus teléfonos registrados (nombre, marca, modelo, sistema, si están en modo perdido), su
    último estado (última conexión, batería, si estaba cargando, red) y las órdenes que les
    enviaste: bloqueo, borrado, modo perdido y seguimiento, con su estado. Los que quitaste de tu
    cuenta conservando sus datos aparecen con la fecha en "quitado".`,
    async write(ctx, out) {
      const phones = await ctx.db
        .select()
        .from(devices)
        .where(eq(devices.userId, out.userId))
        .orderBy(asc(devices.id));
      const exported: ExportedPhone[] = phones.map((phone) => ({
        id: phone.id,
        identificador: phone.deviceId,
        nombre: phone.deviceName,
        marca: phone.deviceBrand,
        modelo: phone.deviceModel,
        sistema: phone.deviceSo,
        version_del_sistema: phone.deviceSoversion,
        modo_perdido: phone.lost,
        registrado: iso(phone.createdAt),
        // only the newest state is kept, so this is all there is
        ultima_conexion: iso(phone.lastSeenAt),
        bateria: phone.battery,
        cargando: phone.charging,
        red: phone.network,
        estado_informado: iso(phone.statusAt),
        // a phone removed with its reports and routes kept (decision 044)
        quitado: iso(phone.removedAt),
      }));
      out.json('dispositivos.json').dispositivos = exported;
    },
  },
});

/** The account's phones' names by internal id, for the sections that name the phone of each row. */
export async function phoneNamesOf(db: DbOrTransaction, userId: number): Promise<Map<number, string>> {
  const phones = await db
    .select({ id: devices.id, name: devices.deviceName })
    .from(devices)
    .where(eq(devices.userId, userId));
  return new Map(phones.map((phone) => [phone.id, phone.name]));
}
