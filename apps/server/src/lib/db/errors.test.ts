import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { isInvalidInput, isUniqueViolation } from './errors.ts';

// what the contract refuses first (docs/api.md, "Conventions"), sent straight to the database
const queries = {
  nul: sql`select ${'a\u0000b'}::text`,
  integer: sql`select ${2 ** 31}::integer`,
  time: sql`select ${'294277-01-01T00:00:00Z'}::timestamptz`,
  syntax: sql`select from where`,
};
type Query = keyof typeof queries;

let app: TestApp;
let db: AppContext['db'];
beforeAll(async () => {
  app = await createTestApp({}, (server) =>
    server.get<{ Params: { query: Query } }>('/api/test/sql/:query', async (request) => {
      await db.execute(queries[request.params.query]);
      return { ok: true };
    }),
  );
  db = app.ctx.db;
});
afterAll(() => app.close());

const failureOf = (query: Query) =>
  db.execute(queries[query]).then(
    () => null,
    (error: unknown) => error,
  );

describe('database errors', () => {
  it('tells input the database cannot take (NUL, an integer or a time out of range) from other failures', async () => {
    for (const query of ['nul', 'integer', 'time'] as const) {
      const error = await failureOf(query);
      expect(isInvalidInput(error), query).toBe(true);
      expect(isUniqueViolation(error), query).toBe(false);
    }
    expect(isInvalidInput(await failureOf('syntax'))).toBe(false);
  });

  it('answers such input 400 VALIDATION, should the contract ever let it through, and anything else INTERNAL', async () => {
    for (const query of ['nul', 'integer', 'time'] as const) {
      const response = await app.app.inject({ method: 'GET', url: `/api/test/sql/${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(response.json(), query).toEqual({
        code: 'VALIDATION',
        message: 'Los datos enviados no son válidos.',
      });
    }
    const broken = await app.app.inject({ method: 'GET', url: '/api/test/sql/syntax' });
    expect(broken.statusCode).toBe(500);
    expect(broken.json().code).toBe('INTERNAL');
  });
});
