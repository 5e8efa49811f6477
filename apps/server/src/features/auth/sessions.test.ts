/**
 * The account's sessions and password (decision 036): the session list with where each
 * signed in from, ending one or all the others (their panels disconnected at once), changing the
 * password, and the security e-mails of a new browser, a password change and a reset.
 */
import { describe, expect, it, vi } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { randomAddress, signUpUser } from '../../../test/test-app.ts';
import { useRealtimeApp } from '../../../test/sockets.ts';
import { mailsTo } from '../../../test/outbox.ts';
import { accountActivity } from '../activity/activity.schema.ts';
import { users } from '../accounts/accounts.schema.ts';
import { SESSION_LAST_USED_STEP_MS } from './sessions.ts';

const realtime = useRealtimeApp();

const CHROME_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:127.0) Gecko/20100101 Firefox/127.0';

type Account = Awaited<ReturnType<typeof signUpUser>>;
interface Session {
  id: number;
  current: boolean;
  created_at: string;
  last_used_at: string;
  address: string | null;
  browser: string | null;
}

/** Signs in through the real endpoint, as a browser: its user agent, address and cookie (if any). */
async function signInFrom(
  account: { email: string; password: string },
  {
    agent = FIREFOX_WINDOWS,
    cookie,
    from = randomAddress(),
  }: { agent?: string; cookie?: string; from?: string } = {},
) {
  const response = await realtime.app.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: from,
    headers: { 'content-type': 'application/json', 'user-agent': agent, ...(cookie ? { cookie } : {}) },
    payload: JSON.stringify({ email: account.email, password: account.password }),
  });
  expect(response.statusCode, response.body).toBe(200);
  const setCookie = String(response.headers['set-cookie'] ?? '');
  return {
    token: (response.json() as { access_token: string }).access_token,
    /** the browser's cookie as the browser sends it back */
    cookie: /escudo_browser=[^;]+/.exec(setCookie)?.[0],
    setCookie,
  };
}

const post = (url: string, body: unknown, token: string) => realtime.app.post(url, body, token);
const listSessions = async (token: string) => {
  const response = await post('/api/app/account/sessions', {}, token);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { sessions: Session[] }).sessions;
};
const detailsStatus = async (token: string) => (await post('/api/app/user/details', {}, token)).statusCode;

async function userIdOf(account: Account) {
  const [row] = await realtime.app.ctx.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, account.email));
  return row!.id;
}

async function activityOf(account: Account) {
  const response = await post('/api/app/account/activity', { limit: 100 }, account.token);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { activity: { kind: string; detail: string | null; browser: string | null }[] })
    .activity;
}

const noticesTo = async (email: string, subjectPart: string) =>
  (await mailsTo(realtime.app, email)).filter((mail) => mail.subject?.includes(subjectPart));

describe('app/account/sessions', () => {
  it('lists the sessions still working with where each signed in from, the current one flagged', async () => {
    const account = await signUpUser(realtime.app);
    const phone = await signInFrom(account, { agent: CHROME_ANDROID, from: '10.20.30.40' });
    const ended = await signInFrom(account);
    await post('/api/auth/logout', {}, ended.token);

    const sessions = await listSessions(phone.token);
    expect(sessions).toHaveLength(2);
    const current = sessions.find((session) => session.current)!;
    expect(current).toMatchObject({ address: '10.20.30.40', browser: 'Chrome en Android' });
    expect(Date.parse(current.created_at)).toBe(Date.parse(current.last_used_at));
    expect(sessions.filter((session) => !session.current)).toHaveLength(1);
  });

  it('moves the last use at most every few minutes, not on every request', async () => {
    const account = await signUpUser(realtime.app);
    const before = (await listSessions(account.token))[0]!.last_used_at;
    realtime.app.clock.advance(SESSION_LAST_USED_STEP_MS / 2);
    await listSessions(account.token);
    expect((await listSessions(account.token))[0]!.last_used_at).toBe(before);

    realtime.app.clock.advance(SESSION_LAST_USED_STEP_MS);
    const now = realtime.app.clock.now.toISOString();
    await listSessions(account.token);
    // written after the answer, so that no request waits for it
    await vi.waitFor(async () => expect((await listSessions(account.token))[0]!.last_used_at).toBe(now));
  });

  it('refuses a caller without a working session', async () => {
    const signedOut = await post('/api/app/account/sessions', {}, 'no-such-token');
    expect(signedOut.statusCode).toBe(401);
  });
});

describe('app/account/revokeSession', () => {
  it("ends another session of one's own: its token stops working and its open panel is disconnected", async () => {
    const account = await signUpUser(realtime.app);
    const other = await signInFrom(account, { agent: CHROME_ANDROID });
    const panel = await realtime.panel({ token: other.token });
    const disconnected = new Promise((resolve) => panel.once('disconnect', resolve));
    const otherId = (await listSessions(other.token)).find((session) => session.current)!.id;

    const response = await post('/api/app/account/revokeSession', { session_id: otherId }, account.token);
    expect(response.statusCode, response.body).toBe(200);
    expect(await disconnected).toBe('io server disconnect');
    expect(await detailsStatus(other.token)).toBe(401);
    expect(await detailsStatus(account.token)).toBe(200);
    expect((await listSessions(account.token)).map((session) => session.id)).not.toContain(otherId);
    expect(await activityOf(account)).toContainEqual(
      expect.objectContaining({ kind: 'session_ended', detail: 'Chrome en Android' }),
    );
  });

  it("answers someone else's session, an unknown one and one's own already ended alike, 403, and ends nothing", async () => {
    const account = await signUpUser(realtime.app);
    const stranger = await signUpUser(realtime.app);
    const strangersId = (await listSessions(stranger.token))[0]!.id;
    // one's own session, signed out (which the log records as ended)
    const signedOut = await signInFrom(account);
    const signedOutId = (await listSessions(signedOut.token)).find((session) => session.current)!.id;
    await post('/api/auth/logout', {}, signedOut.token);
    const endedBefore = (await activityOf(account)).filter((entry) => entry.kind === 'session_ended');
    expect(endedBefore).toHaveLength(1);

    const others = await post('/api/app/account/revokeSession', { session_id: strangersId }, account.token);
    const unknown = await post(
      '/api/app/account/revokeSession',
      { session_id: 2_000_000_000 },
      account.token,
    );
    const ended = await post('/api/app/account/revokeSession', { session_id: signedOutId }, account.token);
    expect(others.statusCode).toBe(403);
    expect(unknown.statusCode).toBe(403);
    expect(ended.statusCode).toBe(403);
    expect(others.json()).toEqual(unknown.json());
    expect(ended.json()).toEqual(unknown.json());
    expect(others.json()).toMatchObject({ code: 'FORBIDDEN' });
    expect(await detailsStatus(stranger.token)).toBe(200);
    expect(await detailsStatus(account.token)).toBe(200);
    expect((await activityOf(account)).filter((entry) => entry.kind === 'session_ended')).toEqual(
      endedBefore,
    );
  });

  it('refuses a malformed id with a Spanish message', async () => {
    const account = await signUpUser(realtime.app);
    const response = await post('/api/app/account/revokeSession', { session_id: 'uno' }, account.token);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION' });
  });
});

describe('app/account/revokeOtherSessions', () => {
  it('ends every session but the one asking', async () => {
    const account = await signUpUser(realtime.app);
    const second = await signInFrom(account);
    const third = await signInFrom(account, { agent: CHROME_ANDROID });
    const panel = await realtime.panel({ token: third.token });
    const disconnected = new Promise((resolve) => panel.once('disconnect', resolve));

    const response = await post('/api/app/account/revokeOtherSessions', {}, account.token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ ended: 2 });
    await disconnected;
    expect(await detailsStatus(second.token)).toBe(401);
    expect(await detailsStatus(third.token)).toBe(401);
    expect(await listSessions(account.token)).toEqual([expect.objectContaining({ current: true })]);
  });
});

describe('app/account/changePassword', () => {
  it('refuses a wrong current password and changes nothing', async () => {
    const account = await signUpUser(realtime.app);
    const other = await signInFrom(account);
    const response = await post(
      '/api/app/account/changePassword',
      { current_password: 'no-es-la-clave', password: 'otra-clave-larga' },
      account.token,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'CURRENT_PASSWORD_WRONG',
      fields: { current_password: 'Tu contraseña actual no es correcta.' },
    });
    expect(await detailsStatus(other.token)).toBe(200);
    await signInFrom(account);
  });

  it('limits wrong current passwords per session', async () => {
    const account = await signUpUser(realtime.app);
    const wrong = { current_password: 'no-es-la-clave', password: 'otra-clave-larga' };
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await post('/api/app/account/changePassword', wrong, account.token)).statusCode).toBe(400);
    }
    const limited = await post('/api/app/account/changePassword', wrong, account.token);
    expect(limited.statusCode).toBe(429);
    // another session of the owner is not held back by this one's failures
    const other = await signInFrom(account);
    const right = { current_password: account.password, password: 'otra-clave-larga' };
    expect((await post('/api/app/account/changePassword', right, other.token)).statusCode).toBe(200);
  });

  it('refuses a new password under 8 characters', async () => {
    const account = await signUpUser(realtime.app);
    const response = await post(
      '/api/app/account/changePassword',
      { current_password: account.password, password: 'corta' },
      account.token,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION',
      fields: { password: 'La contraseña debe tener al menos 8 caracteres.' },
    });
    await signInFrom(account);
  });

  it('changes it, ends every other session, keeps this one, records it and tells the owner', async () => {
    const account = await signUpUser(realtime.app);
    const other = await signInFrom(account);
    const panel = await realtime.panel({ token: other.token });
    const disconnected = new Promise((resolve) => panel.once('disconnect', resolve));

    const response = await post(
      '/api/app/account/changePassword',
      { current_password: account.password, password: 'una-clave-nueva' },
      account.token,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', ended: 1 });
    await disconnected;
    expect(await detailsStatus(other.token)).toBe(401);
    expect(await detailsStatus(account.token)).toBe(200);
    await signInFrom({ email: account.email, password: 'una-clave-nueva' });
    const old = await realtime.app.post('/api/auth/login', {
      email: account.email,
      password: account.password,
    });
    expect(old.statusCode).toBe(401);
    expect(await activityOf(account)).toContainEqual(expect.objectContaining({ kind: 'password_changed' }));

    const [notice] = await vi.waitFor(async () => {
      const mails = await noticesTo(account.email, 'Se cambió la contraseña');
      expect(mails).toHaveLength(1);
      return mails;
    });
    expect(notice!.text).toContain('/login?recuperar=1');
    expect(notice!.text).toMatch(/Cuándo: \d{2}-\d{2}-\d{4} \d{2}:\d{2} \(hora de Chile\)/);
    expect(notice!.text).not.toContain('una-clave-nueva');
  });

  it('tells the owner of an account made with Google to use "¿Olvidaste tu contraseña?"', async () => {
    const account = await signUpUser(realtime.app);
    await realtime.app.ctx.db.update(users).set({ passwordHash: null }).where(eq(users.email, account.email));
    const response = await post(
      '/api/app/account/changePassword',
      { current_password: 'cualquiera', password: 'una-clave-nueva' },
      account.token,
    );
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'PASSWORD_NOT_SET' });
    expect(response.json().message).toContain('¿Olvidaste tu contraseña?');
  });
});

describe('sign-in from a browser not seen before', () => {
  it('is announced by e-mail, unless the browser is known or it is the sign-up itself', async () => {
    const account = await signUpUser(realtime.app);
    const subject = 'navegador que no habíamos visto';

    // a browser without the cookie: a new one
    const first = await signInFrom(account, { agent: CHROME_ANDROID, from: '10.9.8.7' });
    expect(first.setCookie).toMatch(/HttpOnly/);
    expect(first.setCookie).toMatch(/SameSite=Lax/);
    expect(first.setCookie).toMatch(/Path=\/api/);
    const [notice] = await vi.waitFor(async () => {
      const mails = await noticesTo(account.email, subject);
      expect(mails).toHaveLength(1);
      return mails;
    });
    expect(notice!.text).toContain('Desde: 10.9.8.7, Chrome en Android');
    expect(notice!.text).toContain('http://escudo.test/login?recuperar=1');
    // never a secret: not the password, the session's token or the browser's cookie
    for (const part of [notice!.text, notice!.html || '']) {
      for (const secret of [account.password, first.token, first.cookie!.split('=')[1]!])
        expect(part).not.toContain(secret);
    }

    // the same browser again: known, so nothing; then another new one, which is announced
    const again = await signInFrom(account, { cookie: first.cookie! });
    expect(again.cookie).toBe(first.cookie);
    await signInFrom(account);
    await vi.waitFor(async () => expect(await noticesTo(account.email, subject)).toHaveLength(2));
    // the e-mails come in order of sign-in: by the second new browser's, the known one's would be there
    expect(await noticesTo(account.email, subject)).toHaveLength(2);
  });
});

describe('password reset', () => {
  it('is recorded and announced to the owner', async () => {
    const account = await signUpUser(realtime.app);
    await realtime.app.post('/api/auth/forgotPass', { email: account.email });
    // (the sign-up's verification e-mail went to the same address before it)
    const reset = (await mailsTo(realtime.app, account.email)).find((mail) =>
      mail.text?.includes('/resetpass/'),
    );
    const token = /\/resetpass\/([\w-]+)/.exec(reset!.text ?? '')![1]!;
    const response = await realtime.app.post('/api/auth/resetPass', {
      token,
      email: account.email,
      password: 'clave-reestablecida',
      password_confirmation: 'clave-reestablecida',
    });
    expect(response.statusCode, response.body).toBe(200);
    const [notice] = await vi.waitFor(async () => {
      const mails = await noticesTo(account.email, 'Se reestableció la contraseña');
      expect(mails).toHaveLength(1);
      return mails;
    });
    // what, when, from where and what to do; never the reset link's token nor the new password
    expect(notice!.text).toMatch(/Cuándo: \d{2}-\d{2}-\d{4} \d{2}:\d{2} \(hora de Chile\)/);
    expect(notice!.text).toContain('Desde: 127.0.0.1');
    expect(notice!.text).toContain('/login?recuperar=1');
    for (const part of [notice!.text, notice!.html || '']) {
      expect(part).not.toContain(token);
      expect(part).not.toContain('/resetpass/');
      expect(part).not.toContain('clave-reestablecida');
    }
    const signedIn = await signInFrom({ email: account.email, password: 'clave-reestablecida' });
    expect(await activityOf({ ...account, token: signedIn.token })).toContainEqual(
      expect.objectContaining({ kind: 'password_reset' }),
    );
  });
});

describe('failed sign-ins', () => {
  const countFailed = async (userId?: number) => {
    const [row] = await realtime.app.ctx.db
      .select({ n: count() })
      .from(accountActivity)
      .where(
        userId === undefined
          ? eq(accountActivity.kind, 'sign_in_failed')
          : and(eq(accountActivity.kind, 'sign_in_failed'), eq(accountActivity.userId, userId)),
      );
    return row!.n;
  };

  it('are recorded for the account they were for, and for no account when the e-mail has none', async () => {
    const account = await signUpUser(realtime.app);
    const before = await countFailed();
    const wrong = await realtime.app.post('/api/auth/login', {
      email: account.email,
      password: 'no-es-la-clave',
    });
    const nobody = await realtime.app.post('/api/auth/login', {
      email: 'nadie.por.aqui@example.cl',
      password: 'no-es-la-clave',
    });
    // the same answer either way
    expect(wrong.statusCode).toBe(401);
    expect(nobody.json()).toEqual(wrong.json());
    const userId = await userIdOf(account);
    await vi.waitFor(async () => expect(await countFailed(userId)).toBe(1));
    expect(await countFailed()).toBe(before + 1);
  });
});
