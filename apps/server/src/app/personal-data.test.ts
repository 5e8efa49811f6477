/**
 * Every table that names an account or a phone is claimed by one feature's declaration of personal
 * data (lib/personal-data.ts; decision 054), so that a new one cannot be left out of the export or
 * left behind by a deletion without someone deciding it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { getTableName, isTable } from 'drizzle-orm';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { users } from '../features/accounts/accounts.schema.ts';
import { devices } from '../features/devices/devices.schema.ts';
import { features, personalData } from './features.ts';

const src = path.resolve(import.meta.dirname, '..');

function schemaFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return schemaFiles(full);
    return entry.name.endsWith('.schema.ts') ? [full] : [];
  });
}

async function everyTable(): Promise<PgTable[]> {
  const tables: PgTable[] = [];
  for (const file of schemaFiles(src)) {
    const module = (await import(file)) as Record<string, unknown>;
    for (const value of Object.values(module)) if (isTable(value)) tables.push(value as PgTable);
  }
  return tables;
}

/** the tables with a column whose foreign key points at users or devices, and those two */
function tablesNamingAPerson(tables: PgTable[]): string[] {
  const targets = new Set<string>([getTableName(users), getTableName(devices)]);
  return tables
    .filter(
      (table) =>
        targets.has(getTableName(table)) ||
        getTableConfig(table).foreignKeys.some((key) =>
          targets.has(getTableName(key.reference().foreignTable)),
        ),
    )
    .map((table) => getTableName(table))
    .sort();
}

describe('personal data declarations', () => {
  it('claims every table that points at a user or a device, each by one feature', async () => {
    const naming = tablesNamingAPerson(await everyTable());
    // the detector itself sees what it must (a table of each kind), so that an empty list cannot pass
    expect(naming).toEqual(
      expect.arrayContaining(['users', 'devices', 'sessions', 'lost_reports', 'payments']),
    );

    const claimedBy = new Map<string, string[]>();
    for (const data of personalData) {
      for (const table of data.tables) {
        const name = getTableName(table);
        claimedBy.set(name, [...(claimedBy.get(name) ?? []), data.feature]);
      }
    }
    const unclaimed = naming.filter((name) => !claimedBy.has(name));
    expect(unclaimed, 'tables naming a person that no feature declares (lib/personal-data.ts)').toEqual([]);
    const twice = [...claimedBy].filter(([, owners]) => owners.length > 1);
    expect(twice, 'tables declared by more than one feature').toEqual([]);
  });

  it('has one manifest per feature folder, each named after its folder', () => {
    const folders = fs
      .readdirSync(path.join(src, 'features'), { withFileTypes: true })
      .filter(
        (entry) =>
          entry.isDirectory() &&
          fs.existsSync(path.join(src, 'features', entry.name, `${entry.name}.feature.ts`)),
      )
      .map((entry) => entry.name)
      .sort();
    expect(features.map((feature) => feature.name).sort()).toEqual(folders);
  });
});
