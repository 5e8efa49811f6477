/**
 * Operators for API tests: made as `npm run admin -- operator create` makes them, and signed in
 * through the real sign-in.
 */
import { randomBytes } from 'node:crypto';
import { createOperator } from '../src/features/operators/operators.service.ts';
import pg from 'pg';
import type { TestApp } from './test-app.ts';
import { signIn, signUp, type PostJson } from './http.ts';

export async function makeOperator(
  app: TestApp,
  overrides: Partial<{ name: string; email: string; isSupervisor: boolean }> = {},
) {
  const account = {
    name: 'Operador de Turno',
    email: `operador.${randomBytes(4).toString('hex')}@escudo.test`,
    password: 'una-clave-de-operador',
    ...overrides,
  };
  const { id } = await createOperator(app.ctx, account);
  const signedIn = await app.post('/api/auth/login', { email: account.email, password: account.password });
  if (signedIn.statusCode !== 200) throw new Error(`operator sign-in failed: ${signedIn.body}`);
  return { ...account, userId: id, token: (signedIn.json() as { access_token: string }).access_token };
}

/**
 * An operator of a deployment of server processes (test/shared-servers.ts), where no app context is
 * at hand: signed up and in through `post`, made an operator by the database as the admin command
 * would.
 */
export async function makeOperatorThrough(post: PostJson, databaseUrl: string, name = 'Operador') {
  const account = await signUp(post, {
    name,
    email: `operador.${randomBytes(4).toString('hex')}@escudo.test`,
  });
  const sql = new pg.Client({ connectionString: databaseUrl });
  await sql.connect();
  try {
    await sql.query(`update users set role = 'operator' where email = $1`, [account.email]);
  } finally {
    await sql.end();
  }
  return { ...account, token: await signIn(post, account.email, account.password) };
}
