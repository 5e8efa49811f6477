import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { getSponsorById } from '@escudo/contract';
import { createTestApp, randomAddress, type TestApp } from '../../../test/test-app.ts';
import { payments } from '../payments/payments.schema.ts';
import { users } from '../accounts/accounts.schema.ts';
import { addMonths } from '../plans/plan-period.ts';
import { createSponsor, disableSponsor, listSponsors } from './sponsors.service.ts';
import { runAdminCommand } from '../../app/admin/admin-commands.ts';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const getSponsor = (uniqueId: string) =>
  app.app.inject({
    method: 'GET',
    url: `/api/sponsor/getSponsorById?unique_id=${encodeURIComponent(uniqueId)}`,
  });

async function signUpWith(sponsor_code: string) {
  const email = `sp.${Math.random().toString(36).slice(2)}@example.cl`;
  const response = await app.post(
    '/api/auth/signUpByCode',
    { name: 'Pedro Patrocinado', email, password: 'una-clave-segura', sponsor_code },
    undefined,
    randomAddress(),
  );
  return { response, email };
}

describe('sponsors', () => {
  it("tells the sponsor's name and plan, and a sign-up through it starts that plan for its months, unpaid", async () => {
    const sponsor = await createSponsor(app.ctx, { name: 'Municipalidad de Ñuñoa', planId: 3, months: 6 });
    // unguessable: 128 random bits, URL-safe
    expect(sponsor.uniqueId).toMatch(/^[\w-]{22}$/);

    const described = await getSponsor(sponsor.uniqueId);
    expect(described.statusCode, described.body).toBe(200);
    expect(getSponsorById.response.parse(described.json())).toMatchObject({
      sponsor: { name: 'Municipalidad de Ñuñoa', months: 6, plan: { id: 3, name: 'Familia', price: 9990 } },
    });

    const { response } = await signUpWith(sponsor.uniqueId);
    expect(response.statusCode, response.body).toBe(201);
    const token = response.json().access_token as string;
    const user = (await app.post('/api/app/user/details', {}, token)).json().user;
    expect(user.plan).toMatchObject({ plan_id: 3, plan: { name: 'Familia', max_devices: 5 } });
    expect(new Date(user.plan.started_at).getTime()).toBe(app.clock.now.getTime());
    expect(new Date(user.plan.expires_at).getTime()).toBe(addMonths(app.clock.now, 6).getTime());
    // no payment: the sponsor pays outside the product
    const [orders] = await app.ctx.db
      .select({ n: count() })
      .from(payments)
      .where(eq(payments.userId, user.id));
    expect(orders?.n).toBe(0);
    const [row] = await app.ctx.db
      .select({ sponsorId: users.sponsorId })
      .from(users)
      .where(eq(users.id, user.id));
    expect(row?.sponsorId).toBe(sponsor.id);
  });

  it('answers 404 for an unknown or disabled sponsor, and a sign-up with one is refused, creating nothing', async () => {
    const sponsor = await createSponsor(app.ctx, { name: 'Club Deportivo', planId: 2, months: 1 });
    await disableSponsor(app.ctx, sponsor.uniqueId);
    expect((await listSponsors(app.ctx)).find((s) => s.uniqueId === sponsor.uniqueId)).toMatchObject({
      disabled: true,
      plan: 'Protección',
    });
    for (const code of [sponsor.uniqueId, 'no-existe-este-codigo']) {
      const described = await getSponsor(code);
      expect(described.statusCode, code).toBe(404);
      expect(described.json().code).toBe('NOT_FOUND');

      const { response, email } = await signUpWith(code);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'SPONSOR_INVALID',
        fields: { sponsor_code: expect.stringContaining('patrocinio') },
      });
      expect((await app.post('/api/auth/login', { email, password: 'una-clave-segura' })).statusCode).toBe(
        401,
      );
    }
    // a malformed code is a 400 before anything is looked up
    expect((await getSponsor('a b')).statusCode).toBe(400);
    expect((await app.app.inject({ method: 'GET', url: '/api/sponsor/getSponsorById' })).statusCode).toBe(
      400,
    );
  });

  it('refuses a sponsor with an unknown plan or months outside 1-120', async () => {
    await expect(createSponsor(app.ctx, { name: 'X', planId: 99, months: 1 })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(createSponsor(app.ctx, { name: 'X', planId: 1, months: 0 })).rejects.toMatchObject({
      code: 'VALIDATION',
    });
  });

  it('is created, listed and disabled with the admin command, create printing the unique_id last', async () => {
    const created = await runAdminCommand(app.ctx, [
      'sponsor', 'create', '--name', 'Colegio San Andrés', '--plan', '2', '--months', '3',
    ]); // prettier-ignore
    const uniqueId = created.at(-1)!;
    expect(uniqueId).toMatch(/^[\w-]{22}$/);
    expect(created.slice(0, -1)).toEqual([
      'Patrocinador creado: Colegio San Andrés, plan Protección por 3 meses.',
      `Enlace de registro: http://escudo.test/register?sponsor_code=${uniqueId}`,
    ]);
    expect((await getSponsor(uniqueId)).json()).toMatchObject({
      sponsor: { name: 'Colegio San Andrés', months: 3, plan: { id: 2 } },
    });
    const listed = await runAdminCommand(app.ctx, ['sponsor', 'list']);
    expect(listed.find((line) => line.startsWith(uniqueId))).toBe(
      `${uniqueId}\tColegio San Andrés\tProtección\t3 meses\tactivo`,
    );
    await runAdminCommand(app.ctx, ['sponsor', 'disable', '--unique-id', uniqueId]);
    expect((await getSponsor(uniqueId)).statusCode).toBe(404);
    await expect(
      runAdminCommand(app.ctx, ['sponsor', 'create', '--name', 'X', '--plan', '2', '--months', '0']),
    ).rejects.toThrow(/--months/);
    await expect(
      runAdminCommand(app.ctx, ['sponsor', 'create', '--name', 'X', '--plan', '77', '--months', '1']),
    ).rejects.toThrow();
    await expect(runAdminCommand(app.ctx, ['sponsor', 'disable', '--unique-id', 'nadie'])).rejects.toThrow(
      'No existe un patrocinador con ese unique_id.',
    );
  });
});
