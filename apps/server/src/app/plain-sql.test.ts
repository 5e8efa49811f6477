/**
 * The statements written as plain SQL (lib/db/plain-query.ts; decision 047) read other features'
 * tables where the import rule cannot see it. Each statement's tables are named here and checked
 * against the uses the boundaries rule allows its feature (eslint.config.js), as an import would be.
 */
import fs from 'node:fs';
import path from 'node:path';
import { getTableName, isTable } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { USER_DETAILS_SQL } from '../features/users/users.service.ts';
import { ACTIVE_SESSION_SQL } from '../features/auth/sessions.ts';

const featuresDir = path.resolve(import.meta.dirname, '../features');

/** the plain statements, by the feature that runs them */
const statements = [
  { feature: 'users', name: 'find_user_details', text: USER_DETAILS_SQL },
  { feature: 'auth', name: 'find_active_session', text: ACTIVE_SESSION_SQL },
];

/** every table, by the feature whose schema defines it */
async function ownersOfTables(): Promise<Map<string, string>> {
  const owners = new Map<string, string>();
  for (const feature of fs.readdirSync(featuresDir)) {
    const dir = path.join(featuresDir, feature);
    if (!fs.statSync(dir).isDirectory()) continue;
    for (const file of fs.readdirSync(dir).filter((name) => name.endsWith('.schema.ts'))) {
      const module = (await import(path.join(dir, file))) as Record<string, unknown>;
      for (const value of Object.values(module)) if (isTable(value)) owners.set(getTableName(value), feature);
    }
  }
  return owners;
}

/** the tables a statement names after FROM or JOIN (its subqueries' too) */
const tablesOf = (text: string) =>
  [
    ...new Set(
      [...text.matchAll(/\b(?:from|join)\s+(?!lateral\b)([a-z_]+)\b/gi)].map((match) =>
        match[1]!.toLowerCase(),
      ),
    ),
  ].sort();

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
        return owner !== feature && !(owner && uses[feature]?.includes(owner));
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
    expect(read.filter((statement) => statement.refused.length > 0)).toEqual([]);
  });
});
