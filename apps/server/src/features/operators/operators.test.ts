import { randomBytes } from 'node:crypto';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { defineEndpoint } from '@escudo/contract';
import { createTestApp, randomAddress, signUpUser, type TestApp } from '../../../test/test-app.ts';
import { userPlans, users } from '../accounts/accounts.schema.ts';
import { AdminUsageError, runAdminCommand } from '../../app/admin/admin-commands.ts';
import { createRouter, type UserAuth } from '../../lib/http/routes.ts';
import { registerErrorHandler } from '../../lib/http/error-handler.ts';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const freshEmail = () => `operadora.${randomBytes(4).toString('hex')}@escudo.cl`;
const admin = (...argv: string[]) => runAdminCommand(app.ctx, argv);
const signIn = (email: string, password: string) =>
  app.post('/api/auth/login', { email, password }, undefined, randomAddress());

describe('npm run admin -- operator …', () => {
  it('creates an operator who signs in like anyone, with the operator role and no plan', async () => {
    const email = freshEmail();
    const lines = await admin(
      'operator',
      'create',
      '--email',
      email,
      '--name',
      'Paula Soto',
      '--password',
      'clave-de-operadora',
    );
    expect(lines.at(-1)).toMatch(new RegExp(`^Operador creado: ${email} \\(id \\d+\\)$`));
    const [row] = await app.ctx.db.select().from(users).where(eq(users.email, email));
    expect(row).toMatchObject({ role: 'operator', name: 'Paula Soto', disabledAt: null });
    expect(await app.ctx.db.select().from(userPlans).where(eq(userPlans.userId, row!.id))).toEqual([]);
    expect((await signIn(email, 'clave-de-operadora')).statusCode).toBe(200);
    expect(await admin('operator', 'list')).toContainEqual(
      `${row!.id}\t${email}\tPaula Soto\toperador\tactivo`,
    );
  });

  it('a customer signs up as a customer, and never becomes an operator by e-mail', async () => {
    const customer = await signUpUser(app);
    const [row] = await app.ctx.db.select().from(users).where(eq(users.email, customer.email));
    expect(row!.role).toBe('customer');
    await expect(
      admin(
        'operator',
        'create',
        '--email',
        customer.email,
        '--name',
        'Otra',
        '--password',
        'clave-de-operadora',
      ),
    ).rejects.toThrow('Ya existe una cuenta con ese e-mail.');
    await expect(admin('operator', 'disable', '--email', customer.email)).rejects.toThrow(
      'No hay un operador con ese e-mail.',
    );
    expect((await app.ctx.db.select().from(users).where(eq(users.email, customer.email)))[0]!.role).toBe(
      'customer',
    );
  });

  it('disabling ends the sessions at once and refuses the next sign-in with a clear message', async () => {
    const email = freshEmail();
    await admin(
      'operator',
      'create',
      '--email',
      email,
      '--name',
      'Rosa Díaz',
      '--password',
      'clave-de-operadora',
    );
    const token = (await signIn(email, 'clave-de-operadora')).json<{ access_token: string }>().access_token;
    expect((await app.post('/api/app/user/details', {}, token)).statusCode).toBe(200);

    expect(await admin('operator', 'disable', '--email', email.toUpperCase())).toEqual([
      `Operador deshabilitado: ${email.toUpperCase()}`,
    ]);
    expect((await app.post('/api/app/user/details', {}, token)).statusCode).toBe(401);
    const refused = await signIn(email, 'clave-de-operadora');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'ACCOUNT_DISABLED' });
    // a wrong password still reads as a wrong password: the state of an account is told to its owner only
    expect((await signIn(email, 'otra-clave-cualquiera')).statusCode).toBe(401);
    expect((await admin('operator', 'list')).find((line) => line.includes(email))).toMatch(
      /\tdeshabilitado /,
    );
  });

  it('--supervisor stands alone, anywhere among the flags, and makes a supervisor', async () => {
    const email = freshEmail();
    const made = await admin(
      'operator',
      'create',
      '--supervisor',
      '--email',
      email,
      '--name',
      'Marta Supervisora',
      '--password',
      'clave-de-supervisora',
    );
    expect(made[0]).toMatch(/^Supervisor creado: /);
    const plain = freshEmail();
    await admin('operator', 'create', '--email', plain, '--name', 'Otro', '--password', 'clave-de-operador1');
    const [row] = await app.ctx.db.select().from(users).where(eq(users.email, email));
    expect(row).toMatchObject({ role: 'operator', isSupervisor: true });
    const listed = await admin('operator', 'list');
    expect(listed.find((line) => line.includes(email))).toMatch(/\tsupervisor\tactivo$/);
    expect(listed.find((line) => line.includes(plain))).toMatch(/\toperador\tactivo$/);
    // a value after it is not a value of the switch: it is a flag out of place
    await expect(admin('operator', 'create', '--supervisor', 'si', '--email', freshEmail())).rejects.toThrow(
      AdminUsageError,
    );
  });

  it('names the bad flag, and an unknown command gets the usage; nothing is written', async () => {
    const before = (await app.ctx.db.select({ id: users.id }).from(users)).length;
    await expect(
      admin(
        'operator',
        'create',
        '--email',
        'no-es-email',
        '--name',
        'X',
        '--password',
        'clave-de-operadora',
      ),
    ).rejects.toThrow(/--email: /);
    await expect(admin('operator', 'create', '--email', freshEmail(), '--name', 'X')).rejects.toThrow(
      /--password: /,
    );
    await expect(admin('operator', 'create', '--mail', 'a@b.cl')).rejects.toThrow(/--mail/);
    await expect(admin('operator', 'create', '--email')).rejects.toThrow(AdminUsageError);
    await expect(admin('operador', 'crear')).rejects.toThrow(
      /Comando desconocido[\s\S]*operator create --email/,
    );
    expect((await app.ctx.db.select({ id: users.id }).from(users)).length).toBe(before);
  });
});

describe("endpoints with auth 'operator'", () => {
  const probe = defineEndpoint({
    method: 'POST',
    path: '/api/operator/probe',
    auth: 'operator',
    summary: 'test',
    body: z.object({}),
    response: z.object({ userId: z.number() }),
  });
  async function serverFor(auth: UserAuth | null) {
    const server = Fastify();
    server.setValidatorCompiler(validatorCompiler);
    server.setSerializerCompiler(serializerCompiler);
    registerErrorHandler(server);
    createRouter(server, { user: async () => auth })(probe, async ({ auth }) => ({ userId: auth.userId }));
    await server.ready();
    return server;
  }
  const call = async (auth: UserAuth | null) =>
    (await serverFor(auth)).inject({ method: 'POST', url: '/api/operator/probe', payload: {} });

  it('answer an operator, refuse a customer 403 and nobody 401', async () => {
    const operator = await call({ kind: 'user', userId: 7, sessionId: 1, role: 'operator' });
    expect(operator.statusCode).toBe(200);
    expect(operator.json()).toEqual({ userId: 7 });
    const customer = await call({ kind: 'user', userId: 8, sessionId: 2, role: 'customer' });
    expect(customer.statusCode).toBe(403);
    expect(customer.json()).toMatchObject({ code: 'FORBIDDEN' });
    expect((await call(null)).statusCode).toBe(401);
  });
});
