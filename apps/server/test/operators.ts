/**
 * Operators for API tests: made as `npm run admin -- operator create` makes them, and signed in
 * through the real sign-in.
 */
import { randomBytes } from 'node:crypto';
import { createOperator } from '../src/features/operators/operators.service.ts';
import type { TestApp } from './test-app.ts';

export async function makeOperator(app: TestApp, overrides: Partial<{ name: string; email: string }> = {}) {
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
