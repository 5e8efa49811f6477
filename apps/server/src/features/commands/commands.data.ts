/**
 * The orders to an account's phones (lib/personal-data.ts): each phone of dispositivos.json gets its
 * orders (never a lock's PIN); a removed phone's open orders are cancelled and its lost mode is off.
 */
import { asc, inArray } from 'drizzle-orm';
import { definePersonalData, iso } from '../../lib/personal-data.ts';
import type { ExportedPhone } from '../devices/devices.data.ts';
import { deviceCommands } from './commands.schema.ts';
import { endOrdersOfRemovedPhone } from './commands.service.ts';

export const commandsData = definePersonalData({
  tables: [deviceCommands],
  export: {
    // dispositivos.json's paragraph (devices.data.ts) tells of the orders
    readme: '',
    async write(ctx, out) {
      const phones = (out.json('dispositivos.json').dispositivos ?? []) as ExportedPhone[];
      const orders = phones.length
        ? await ctx.db
            .select()
            .from(deviceCommands)
            .where(
              inArray(
                deviceCommands.deviceId,
                phones.map((phone) => phone.id),
              ),
            )
            .orderBy(asc(deviceCommands.id))
        : [];
      for (const phone of phones) {
        phone.ordenes = orders
          .filter((order) => order.deviceId === phone.id)
          .map((order) => ({
            tipo: order.type,
            estado: order.state,
            motivo: order.reason,
            creada: iso(order.createdAt),
            actualizada: iso(order.updatedAt),
          }));
      }
    },
  },
  phoneRemoval: {
    end: (tx, phone) => endOrdersOfRemovedPhone(tx, phone.deviceRowId, phone.now),
  },
});
