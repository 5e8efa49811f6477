/**
 * Vitest's global setup for the server projects: the migrations are applied once per run, to a template
 * database, and each test file starts from a copy of it instead of migrating an empty database of its
 * own. Creating and migrating a PGlite database took about 17 s of every server test file (most of it
 * initdb and the migrations, in WebAssembly); loading a dump of a migrated one skips both.
 *
 * The server still runs its migrate step on every copy (test-app.ts goes through openDatabase), where it
 * finds nothing to do, so a migration missing from the folder still fails the tests; and
 * lib/db/migrations.test.ts applies every migration to an empty database on both drivers.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrationsFolder } from '../src/lib/db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** a tarball of a migrated in-memory PGlite (PGlite.dumpDataDir), for the pglite project */
    pgliteTemplate: string;
    /** the name of a migrated database on DATABASE_URL's server, for the postgres project */
    postgresTemplate: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  return project.config.env['ESCUDO_TEST_DB'] === 'postgres'
    ? migratePostgresTemplate(project)
    : migratePgliteTemplate(project);
}

async function migratePgliteTemplate(project: TestProject) {
  const client = await PGlite.create();
  await migratePglite(drizzlePglite(client), { migrationsFolder });
  // uncompressed: gzip took seconds to write and saved nothing when loading (the file is ~40 MB in tmp)
  const dump = await client.dumpDataDir('none');
  await client.close();
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'escudo-pglite-template-'));
  const file = path.join(folder, 'migrated.tar');
  await fs.writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => fs.rm(folder, { recursive: true, force: true });
}

async function migratePostgresTemplate(project: TestProject) {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('the server-postgres project needs DATABASE_URL');
  const name = `escudo_test_template_${randomBytes(6).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  // one connection, closed before any copy: PostgreSQL refuses to copy a template someone is connected to
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    await migratePg(drizzlePg(client), { migrationsFolder });
  } finally {
    await client.end();
  }
  project.provide('postgresTemplate', name);
  return () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}
