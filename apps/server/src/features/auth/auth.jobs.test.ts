import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { SESSION_TTL_MS } from '@escudo/contract';
import { createTestApp, signUpUser, type TestApp } from '../../../test/test-app.ts';
import { users } from '../accounts/accounts.schema.ts';
import { emailVerifications, sessions } from './auth.schema.ts';
import { ENDED_TOKENS_KEPT_MS, deleteEndedSignInTokensJob } from './auth.jobs.ts';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const DAY_MS = 24 * 60 * 60 * 1000;

async function tokensOf(email: string) {
  const [user] = await app.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  const userId = user!.id;
  return {
    sessions: await app.ctx.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId)),
    links: await app.ctx.db
      .select({ id: emailVerifications.id })
      .from(emailVerifications)
      .where(eq(emailVerifications.userId, userId)),
  };
}

it('removes sign-in tokens a month after they ended, and keeps the ones still in use', async () => {
  const signedOut = await signUpUser(app);
  expect((await app.post('/api/auth/logout', {}, signedOut.token)).statusCode).toBe(204);
  app.clock.advance(10 * DAY_MS);
  const active = await signUpUser(app);
  expect(await tokensOf(signedOut.email)).toMatchObject({ sessions: [{}], links: [{}] });

  // a moment before a month after the sign-out: the revoked session stays
  app.clock.advance(ENDED_TOKENS_KEPT_MS - 10 * DAY_MS - 1000);
  await deleteEndedSignInTokensJob.run(app.ctx);
  expect(await tokensOf(signedOut.email)).toMatchObject({ sessions: [{}], links: [{}] });

  app.clock.advance(2000);
  await deleteEndedSignInTokensJob.run(app.ctx);
  // the verification link ended 48 h after the sign-up, so it goes two days later
  expect(await tokensOf(signedOut.email)).toMatchObject({ sessions: [], links: [{}] });
  app.clock.advance(2 * DAY_MS);
  await deleteEndedSignInTokensJob.run(app.ctx);
  expect(await tokensOf(signedOut.email)).toEqual({ sessions: [], links: [] });
  // the other account's session is still valid (it ends SESSION_TTL_MS after its sign-in) and works
  expect(SESSION_TTL_MS).toBeGreaterThan(ENDED_TOKENS_KEPT_MS - 10 * DAY_MS);
  expect((await tokensOf(active.email)).sessions).toHaveLength(1);
  expect((await app.post('/api/app/user/details', {}, active.token)).statusCode).toBe(200);
});
