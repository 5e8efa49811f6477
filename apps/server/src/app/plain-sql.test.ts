/**
 * The statements written as plain SQL (lib/db/plain-query.ts; decision 047) and the owner's order's
 * function in the database (decision 061) read and write other features' tables where the import
 * rule cannot see it. Each one's tables are named here and checked against the uses the boundaries
 * rule allows its feature (eslint.config.js), as an import would be; the library's tables (the
 * outbox's) are every feature's to use, as its modules are.
 */
import fs from 'node:fs';
import path from 'node:path';
import { getTableName, isTable } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { USER_DETAILS_SQL } from '../features/users/users.service.ts';
import { ACTIVE_SESSION_SQL } from '../features/auth/sessions.ts';

const featuresDir = path.resolve(import.meta.dirname, '../features');
const libDir = path.resolve(import.meta.dirname, '../lib');
const migrationsDir = path.resolve(import.meta.dirname, '../../drizzle');

/** the plain statements and the database's functions, by the feature that runs them */
const statements = [
  { feature: 'users', name: 'find_user_details', text: USER_DETAILS_SQL },
  { feature: 'auth', name: 'find_active_session', text: ACTIVE_SESSION_SQL },
  {
    feature: 'commands',
    name: 'give_order_v1',
    text: fs.readFileSync(path.join(migrationsDir, '0031_give_order_function.sql'), 'utf8'),
  },
];

/** the tables of the `.schema.ts` files under `dir`, with `ownerOf` the name of the folder holding each */
async function tablesUnder(dir: string, ownerOf: (folder: string) => string, owners: Map<string, string>) {
  for (const folder of fs.readdirSync(dir)) {
    const subdir = path.join(dir, folder);
    if (!fs.statSync(subdir).isDirectory()) continue;
    for (const file of fs.readdirSync(subdir).filter((name) => name.endsWith('.schema.ts'))) {
      const module = (await import(path.join(subdir, file))) as Record<string, unknown>;
      for (const value of Object.values(module))
        if (isTable(value)) owners.set(getTableName(value), ownerOf(folder));
    }
  }
}

/** every table, by the feature whose schema defines it, or 'lib' */
async function ownersOfTables(): Promise<Map<string, string>> {
  const owners = new Map<string, string>();
  await tablesUnder(featuresDir, (feature) => feature, owners);
  await tablesUnder(libDir, () => 'lib', owners);
  return owners;
}

/**
 * the tables a statement reads (after FROM or JOIN, its subqueries' too) or writes (INSERT INTO,
 * UPDATE; not a row lock's FOR UPDATE), its own WITH queries left out
 */
const tablesOf = (text: string) => {
  const withQueries = new Set(
    [...text.matchAll(/\bwith\s+([a-z_]+)\s+as\b/gi)].map((match) => match[1]!.toLowerCase()),
  );
  const named = [
    ...text.matchAll(/\b(?:from|join|insert\s+into|(?<!for\s)update)\s+(?!lateral\b)([a-z_]+)\b/gi),
  ].map((match) => match[1]!.toLowerCase());
  return [...new Set(named)].filter((table) => !withQueries.has(table)).sort();
};

/** the repository's ESLint configuration: plain JavaScript, outside the server's types */
const eslintConfigFile = path.resolve(import.meta.dirname, '../../../../eslint.config.js');

async function allowedUses(): Promise<Record<string, string[]>> {
  const { default: config } = (await import(eslintConfigFile)) as {
    default: { rules?: Record<string, unknown> }[];
  };
  for (const block of config) {
    const rule = block.rules?.['escudo/server-boundaries'] as
      [string, { uses: Record<string, string[]> }] | undefined;
    if (rule) return rule[1].uses;
  }
  throw new Error('no escudo/server-boundaries rule in eslint.config.js');
}

describe('plain SQL statements', () => {
  it('read only their own feature’s tables and those of the features it may use', async () => {
    const owners = await ownersOfTables();
    const uses = await allowedUses();
    const read = statements.map(({ feature, name, text }) => ({
      name,
      tables: tablesOf(text).map((table) => `${table} (${owners.get(table) ?? 'no feature'})`),
      refused: tablesOf(text).filter((table) => {
        const owner = owners.get(table);
        return owner !== feature && owner !== 'lib' && !(owner && uses[feature]?.includes(owner));
      }),
    }));
    // what each reads, named, so that a new table in one shows in the test's failure
    expect(read.find((statement) => statement.name === 'find_active_session')?.tables).toEqual([
      'sessions (auth)',
      'users (accounts)',
    ]);
    expect(read.find((statement) => statement.name === 'find_user_details')?.tables).toEqual(
      expect.arrayContaining(['devices (devices)', 'two_factor (two-factor)', 'user_plans (accounts)']),
    );
    expect(read.find((statement) => statement.name === 'give_order_v1')?.tables).toEqual([
      'account_activity (activity)',
      'device_commands (commands)',
      'devices (devices)',
      'event_outbox (lib)',
    ]);
    expect(read.filter((statement) => statement.refused.length > 0)).toEqual([]);
  });
});
