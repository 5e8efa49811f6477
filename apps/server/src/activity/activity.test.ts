import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, signUpUser, type TestApp } from '../../test/test-app.ts';
import { users } from '../accounts/accounts.schema.ts';
import { recordActivity } from './activity.service.ts';
import { securityNoticeEmail } from './security-notice.ts';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

async function userIdOf(email: string): Promise<number> {
  const [user] = await app.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return user!.id;
}

describe('app/account/activity', () => {
  it("lists only the signed-in account's entries, newest first, 15 a page", async () => {
    const ana = await signUpUser(app);
    const other = await signUpUser(app);
    const anaId = await userIdOf(ana.email);
    for (let i = 0; i < 17; i += 1) {
      await recordActivity(app.ctx, {
        userId: anaId,
        kind: 'tracking_ordered',
        origin: { address: '10.0.0.7', browser: 'Chrome en Android' },
        detail: `Teléfono ${i}`,
      });
      app.clock.advance(1000);
    }
    await recordActivity(app.ctx, {
      userId: await userIdOf(other.email),
      kind: 'invitation_sent',
      origin: { address: null, browser: null },
      detail: 'no-de-ana@example.cl',
    });

    const first = await app.post('/api/app/account/activity', { limit: 15, page: 1 }, ana.token);
    expect(first.statusCode).toBe(200);
    const page1 = first.json() as { activity: { detail: string; at: string }[]; total: number };
    const ownEntries = page1.activity.filter((entry) => entry.detail.startsWith('Teléfono'));
    expect(page1.total).toBeGreaterThanOrEqual(17);
    expect(ownEntries[0]).toMatchObject({
      kind: 'tracking_ordered',
      detail: 'Teléfono 16',
      address: '10.0.0.7',
      browser: 'Chrome en Android',
    });
    expect(page1.activity).toHaveLength(15);
    const all = [
      ...page1.activity,
      ...(
        (
          await app.post('/api/app/account/activity', { limit: 15, page: 2 }, ana.token)
        ).json() as typeof page1
      ).activity,
    ];
    expect(all.map((entry) => entry.at)).toEqual([...all.map((entry) => entry.at)].sort().reverse());
    expect(all.some((entry) => entry.detail === 'no-de-ana@example.cl')).toBe(false);
  });

  it('refuses a request without a session and a page past the limit', async () => {
    expect((await app.post('/api/app/account/activity', { limit: 15, page: 1 })).statusCode).toBe(401);
    const ana = await signUpUser(app);
    const tooMany = await app.post('/api/app/account/activity', { limit: 1000, page: 1 }, ana.token);
    expect(tooMany.statusCode).toBe(400);
  });
});

describe('security notice e-mail', () => {
  it('says what, when in Chile time, from where, and how to recover, with no secret', () => {
    const mail = securityNoticeEmail({
      kind: 'wipe_ordered',
      detail: 'Teléfono de Camila',
      origin: { address: '200.1.2.3', browser: 'Safari en iOS' },
      name: 'Camila',
      // 15:30 UTC is 12:30 in Santiago in November (summer time, UTC-3)
      at: new Date('2026-11-25T15:30:00Z'),
      publicUrl: 'https://panel.escudo.cl',
      brand: 'Escudo',
    });
    expect(mail.text).toContain('Se ordenó borrar los datos de tu teléfono: Teléfono de Camila.');
    expect(mail.text).toContain('Cuándo: 25-11-2026 12:30 (hora de Chile)');
    expect(mail.text).toContain('Desde: 200.1.2.3, Safari en iOS');
    expect(mail.text).toContain('https://panel.escudo.cl/login?recuperar=1');
    expect(mail.html).toContain('href="https://panel.escudo.cl/login?recuperar=1"');
  });
});
