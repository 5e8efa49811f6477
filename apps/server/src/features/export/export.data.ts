/** The account's own data exports (lib/personal-data.ts): their ZIPs leave the store with it. */
import { and, eq, isNotNull } from 'drizzle-orm';
import { definePersonalData } from '../../lib/personal-data.ts';
import { dataExports } from './export.schema.ts';

export const exportData = definePersonalData({
  tables: [dataExports],
  deletion: {
    // still in the store for up to a day
    async files(tx, account) {
      const exports = await tx
        .select({ key: dataExports.storageKey })
        .from(dataExports)
        .where(and(eq(dataExports.userId, account.userId), isNotNull(dataExports.storageKey)));
      return exports.flatMap((file) => (file.key ? [file.key] : []));
    },
  },
});
