/**
 * Decision 010: the limits on guessing and flooding cannot be turned against the owner,
 * and bursts sent at once are counted as strictly as requests sent one by one.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, randomAddress, signUpUser, type TestApp } from '../../../test/test-app.ts';
import { users } from '../accounts/accounts.schema.ts';
import { userWithPhone } from '../../../test/sockets.ts';
import { readOutbox } from '../../../test/outbox.ts';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const THIEF = '203.0.113.66';
const OWNER_HOME = '198.51.100.20';

const login = (email: string, password: string, from: string) =>
  app.post('/api/auth/login', { email, password }, undefined, from);
const countUsers = async () => (await app.ctx.db.select({ n: sql<number>`count(*)::int` }).from(users))[0]!.n;
const outboxSize = async () => (await readOutbox(app)).length;

describe('a thief cannot stop the owner', () => {
  it("failures from the thief's address neither block the owner's sign-in elsewhere nor the owner's wipe", async () => {
    const owner = await userWithPhone(app);
    for (let i = 0; i < 12; i += 1) await login(owner.email, `adivina-${i}`, THIEF);

    // the thief's address is stopped for this account, right password included
    const thief = await login(owner.email, owner.password, THIEF);
    expect(thief.statusCode).toBe(429);
    expect(thief.json().code).toBe('TOO_MANY_ATTEMPTS');
    expect(Number(thief.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(thief.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);

    // the owner, from home, signs in and wipes
    const signedIn = await login(owner.email, owner.password, OWNER_HOME);
    expect(signedIn.statusCode).toBe(200);
    const confirm = await app.post('/api/app/user/validatePass', { password: owner.password }, owner.token);
    expect(confirm.statusCode).toBe(200);
    expect(confirm.json()).toEqual({ status: true });
    const wipe = await app.post(
      '/api/app/lostphone/wipePhoneDataNotification',
      { device_id: owner.deviceId },
      owner.token,
    );
    expect(wipe.statusCode).toBe(200);
    expect(wipe.json().command).toMatchObject({ type: 'wipe', state: 'sent' });
  });

  it('a burst of guesses sent at once gets at most 5 passwords checked', async () => {
    const owner = await signUpUser(app);
    const burst = await Promise.all(
      Array.from({ length: 40 }, (_, i) => login(owner.email, `rafaga-${i}`, THIEF)),
    );
    const checkedInBurst = burst.filter((answer) => answer.statusCode === 401).length;
    expect(checkedInBurst).toBeLessThanOrEqual(5);
    expect(burst.every((answer) => [401, 429].includes(answer.statusCode))).toBe(true);
    // what the burst did not use is all that is left: 5 checks in the window, however they are sent
    const after = [];
    for (let i = 0; i < 6; i += 1) after.push((await login(owner.email, `luego-${i}`, THIEF)).statusCode);
    expect(after.filter((status) => status === 401)).toHaveLength(5 - checkedInBurst);
    expect(after.at(-1)).toBe(429);
    expect((await login(owner.email, owner.password, THIEF)).statusCode).toBe(429);
  });
});

describe('limits per source address', () => {
  it('one address guessing many accounts is stopped after SIGNIN_FAILURES_PER_ADDRESS wrong passwords, bursts included', async () => {
    const address = randomAddress();
    const max = app.ctx.env.SIGNIN_FAILURES_PER_ADDRESS;
    const statuses: number[] = [];
    // bursts of 10 at once (more would wait past the admission queue's limit on PGlite and get 503)
    for (let sent = 0; sent < max + 10; sent += 10) {
      const burst = await Promise.all(
        Array.from({ length: 10 }, (_, i) => login(`nadie.${sent + i}@example.cl`, 'una-clave', address)),
      );
      statuses.push(...burst.map((answer) => answer.statusCode));
    }
    let refusal;
    for (let i = 0; !refusal && i <= max; i += 1) {
      const answer = await login(`luego.${i}@example.cl`, 'una-clave', address);
      statuses.push(answer.statusCode);
      if (answer.statusCode === 429) refusal = answer;
    }
    expect(statuses.every((status) => [401, 429].includes(status))).toBe(true);
    expect(statuses.filter((status) => status === 401).length).toBe(max);
    expect(refusal!.json()).toMatchObject({ code: 'TOO_MANY_ATTEMPTS' });
    expect(refusal!.json().message).toMatch(/desde tu conexión/);
    expect(Number(refusal!.headers['retry-after'])).toBeGreaterThan(0);
    // another address is not affected
    const someone = await signUpUser(app);
    expect((await login(someone.email, someone.password, randomAddress())).statusCode).toBe(200);
  });

  it('an IPv6 subscriber is one address: a new address of the same /64 for each guess is counted as one', async () => {
    const owner = await signUpUser(app);
    const prefix = `2001:db8:${randomBytes(2).toString('hex')}:7`;
    // the thief moves to a fresh address of his /64 for each guess
    const statuses: number[] = [];
    for (let i = 1; i <= 7; i += 1) {
      statuses.push((await login(owner.email, `adivina-${i}`, `${prefix}::${i.toString(16)}`)).statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
    // another address of the same /64, written in full, is the same subject
    expect((await login(owner.email, owner.password, `${prefix}:0:0:0:abcd`)).statusCode).toBe(429);
    // another /64 is another subscriber
    expect((await login(owner.email, owner.password, `2001:db8:ffff:8::1`)).statusCode).toBe(200);
  });

  it('sign-ups: SIGNUPS_PER_ADDRESS an hour from one address, then 429 with Retry-After and nothing written', async () => {
    const address = randomAddress();
    const signUp = (i: number) =>
      app.post(
        '/api/auth/signUpByCode',
        { name: 'Nueva Persona', email: `nueva.${address}.${i}@example.cl`, password: 'una-clave-segura' },
        undefined,
        address,
      );
    const max = app.ctx.env.SIGNUPS_PER_ADDRESS;
    for (let i = 0; i < max; i += 1) expect((await signUp(i)).statusCode).toBe(201);
    const before = await countUsers();
    const refused = await signUp(max);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    expect(refused.json().message).toMatch(
      /^Demasiados registros desde tu conexión\. Por favor espera \d+ minutos/,
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(3600);
    expect(await countUsers()).toBe(before);

    app.clock.advance(60 * 60 * 1000 + 1000);
    expect((await signUp(max + 1)).statusCode).toBe(201);
  });

  it('reset requests: at most RESET_REQUESTS_PER_ADDRESS an hour from one address', async () => {
    const address = randomAddress();
    const max = app.ctx.env.RESET_REQUESTS_PER_ADDRESS;
    for (let i = 0; i < max; i += 1) {
      const ask = await app.post('/api/auth/forgotPass', { email: `x${i}@example.cl` }, undefined, address);
      expect(ask.statusCode).toBe(200);
    }
    const refused = await app.post('/api/auth/forgotPass', { email: 'otra@example.cl' }, undefined, address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('TOO_MANY_REQUESTS');
    expect(refused.headers['retry-after']).toBeDefined();
  });

  it('sign-ups from an IPv6 subscriber are counted by its /64: a fresh address of it for each does not start afresh', async () => {
    const block = randomBytes(2).toString('hex');
    const prefix = `2001:db8:${block}:7`;
    const signUp = (i: number, from: string) =>
      app.post(
        '/api/auth/signUpByCode',
        { name: 'Nueva Persona', email: `nueva.v6.${block}.${i}@example.cl`, password: 'una-clave-segura' },
        undefined,
        from,
      );
    const max = app.ctx.env.SIGNUPS_PER_ADDRESS;
    // each sign-up from another address of the /64
    for (let i = 1; i <= max; i += 1)
      expect((await signUp(i, `${prefix}::${i.toString(16)}`)).statusCode).toBe(201);
    const before = await countUsers();
    const refused = await signUp(max + 1, `${prefix}:0:0:0:abcd`);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    expect(refused.json().message).toMatch(/^Demasiados registros desde tu conexión/);
    expect(await countUsers()).toBe(before);
    // another /64 is another subscriber
    expect((await signUp(max + 2, `2001:db8:${block}:8::1`)).statusCode).toBe(201);
  });

  it('reset requests from an IPv6 subscriber are counted by its /64: a fresh address of it for each does not start afresh', async () => {
    const block = randomBytes(2).toString('hex');
    const prefix = `2001:db8:${block}:7`;
    const ask = (i: number, from: string) =>
      app.post('/api/auth/forgotPass', { email: `nadie.v6.${block}.${i}@example.cl` }, undefined, from);
    const max = app.ctx.env.RESET_REQUESTS_PER_ADDRESS;
    for (let i = 1; i <= max; i += 1)
      expect((await ask(i, `${prefix}::${i.toString(16)}`)).statusCode).toBe(200);
    const refused = await ask(max + 1, `${prefix}:0:0:0:abcd`);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    expect(refused.json().message).toMatch(
      /^Demasiadas solicitudes para reestablecer contraseñas desde tu conexión/,
    );
    // another /64 is another subscriber
    expect((await ask(max + 2, `2001:db8:${block}:8::1`)).statusCode).toBe(200);
  });

  it('at most 3 reset e-mails an hour to one e-mail, wherever the requests come from, bursts included', async () => {
    const { email } = await signUpUser(app);
    const before = await outboxSize();
    const ask = (to: string) => app.post('/api/auth/forgotPass', { email: to }, undefined, randomAddress());
    const burst = await Promise.all(Array.from({ length: 30 }, () => ask(email)));
    const sentInBurst = burst.filter((answer) => answer.statusCode === 200).length;
    expect(sentInBurst).toBeLessThanOrEqual(3);
    expect(await outboxSize()).toBe(before + sentInBurst);
    const after = [];
    for (let i = 0; i < 4; i += 1) after.push(await ask(email));
    expect(after.filter((answer) => answer.statusCode === 200)).toHaveLength(3 - sentInBurst);
    expect(await outboxSize()).toBe(before + 3);
    const refusal = after.at(-1)!;
    expect(refusal.statusCode).toBe(429);
    expect(refusal.json().message).toMatch(
      /^Ya enviamos varios correos .* Podrás pedir otro en \d+ minutos\.$/,
    );
    expect(Number(refusal.headers['retry-after'])).toBeGreaterThan(0);
    // an address without an account is counted the same way: the refusal reveals nothing
    const unknown = [];
    for (let i = 0; i < 4; i += 1) unknown.push((await ask('nadie.nunca@example.cl')).statusCode);
    expect(unknown).toEqual([200, 200, 200, 429]);
  });
});
