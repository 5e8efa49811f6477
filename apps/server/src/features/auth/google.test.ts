/**
 * Google sign-in end to end against a real local OpenID issuer (oauth2-mock-server), never a mock of
 * our own code: the browser's steps are played by hand (our start → the issuer's authorize endpoint →
 * our callback with the sign-in cookie → the token trade), and the issuer signs real ID tokens with
 * the claims each test asks for.
 */
import { createHash, randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SOCIAL_TOKEN_TTL_MS } from '@escudo/contract';
import { createTestApp, randomAddress, signUpUser, type TestApp } from '../../../test/test-app.ts';
import { mailsTo, verifyEmailOf } from '../../../test/outbox.ts';
import { linkedIdentities, socialSignInTokens } from './auth.schema.ts';
import { users } from '../accounts/accounts.schema.ts';
import { securityNetworkMembers } from '../network/network.schema.ts';
import { addMonths } from '../plans/plan-period.ts';
import { totpCode, totpStepAt } from '../../lib/crypto/totp.ts';
import { createSponsor, disableSponsor } from '../sponsors/sponsors.service.ts';

const CLIENT_ID = 'escudo-test-client';
const issuer = new OAuth2Server();
let app: TestApp;

/** the claims the issuer puts in the next ID tokens (on top of iss, aud, nonce…) */
let claims: Record<string, unknown>;
const person = (overrides: Record<string, unknown> = {}) => {
  const id = randomBytes(4).toString('hex');
  return {
    sub: `google-${id}`,
    email: `sofia.${id}@gmail.com`,
    email_verified: true,
    name: 'Sofía Araya',
    picture: `https://lh3.googleusercontent.com/a/${id}`,
    ...overrides,
  };
};

beforeAll(async () => {
  await issuer.issuer.keys.generate('RS256');
  await issuer.start(0, '127.0.0.1');
  // only the ID token has our client as audience (the access token has none)
  issuer.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
    if (token.payload.aud === CLIENT_ID) Object.assign(token.payload, claims);
  });
  app = await createTestApp({
    GOOGLE_CLIENT_ID: CLIENT_ID,
    GOOGLE_CLIENT_SECRET: 'escudo-test-secret',
    GOOGLE_ISSUER_URL: issuer.issuer.url!,
    SIGNIN_FAILURES_PER_ADDRESS: '5',
  });
}, 60_000);
afterAll(async () => {
  await app?.close();
  await issuer.stop();
});
beforeEach(() => {
  claims = person();
});

const count = async (table: typeof users | typeof linkedIdentities | typeof socialSignInTokens) =>
  (await app.ctx.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;

/**
 * Our start, from a page whose sign-up link had `query` (`?sharecode=…`): the provider's URL, and the
 * sign-in cookie as the browser would send it back.
 */
async function start(query = '') {
  const response = await app.app.inject({ method: 'GET', url: `/api/social-oauth/google${query}` });
  expect(response.statusCode, response.body).toBe(302);
  const setCookie = String(response.headers['set-cookie']);
  return {
    location: new URL(String(response.headers.location)),
    setCookie,
    cookie: setCookie.split(';')[0]!,
  };
}

/** The provider's authorize endpoint, followed as a browser would: where it sends the browser back. */
async function authorize(location: URL): Promise<URL> {
  const response = await fetch(location, { redirect: 'manual' });
  await response.body?.cancel();
  expect(response.status).toBe(302);
  return new URL(response.headers.get('location')!);
}

/**
 * The hand-off cookie the callback gave with each social_access_token (`escudo_google_handoff=…`), as
 * the browser that followed the callback would send it to the trade
 */
const handoffs = new Map<string, string>();

/** Our callback, with or without the cookie: where it sends the browser. */
async function callback(url: URL, cookie?: string) {
  const response = await app.app.inject({
    method: 'GET',
    url: `${url.pathname}${url.search}`,
    headers: cookie ? { cookie } : {},
  });
  expect(response.statusCode, response.body).toBe(302);
  const setCookies = [response.headers['set-cookie'] ?? []].flat();
  expect(setCookies[0]).toMatch(/^escudo_google_sign_in=;.*Max-Age=0/);
  const landing = new URL(String(response.headers.location), 'http://escudo.test');
  const token = landing.searchParams.get('social_access_token');
  const handoff = setCookies.find((header) => header.startsWith('escudo_google_handoff='));
  // the hand-off cookie comes with a token, and only then
  expect(Boolean(handoff)).toBe(Boolean(token));
  if (token && handoff) handoffs.set(token, handoff.split(';')[0]!);
  return landing;
}

/** The whole round trip: the page the browser lands on. */
async function signInWithGoogle(query = '') {
  const { location, cookie } = await start(query);
  return callback(await authorize(location), cookie);
}

const socialToken = (landing: URL) => {
  expect(landing.pathname).toBe('/login');
  const token = landing.searchParams.get('social_access_token');
  expect(token, landing.href).toMatch(/^[\w-]{43}$/);
  return token!;
};

/** The panel's trade, from the browser that followed the callback (its hand-off cookie) unless said. */
const trade = (token: string, from = randomAddress(), cookie = handoffs.get(token)) =>
  app.app.inject({
    method: 'POST',
    url: '/api/social-auth/loginWithGoogleToken',
    payload: { access_token: token },
    remoteAddress: from,
    headers: cookie ? { cookie } : {},
  });

async function details(sessionToken: string) {
  const response = await app.post('/api/app/user/details', {}, sessionToken);
  expect(response.statusCode, response.body).toBe(200);
  return (
    response.json() as {
      user: {
        id: number;
        name: string;
        email: string;
        info: Record<string, unknown>;
        plan: { plan_id: number } | null;
      };
    }
  ).user;
}

describe('Google sign-in: the start', () => {
  it('is offered by /api/config and sends the browser to the issuer with PKCE (S256), state and nonce', async () => {
    const config = (await app.app.inject({ method: 'GET', url: '/api/config' })).json() as {
      google_sign_in: boolean;
      google_sign_in_url: string;
    };
    expect(config).toMatchObject({ google_sign_in: true, google_sign_in_url: '/api/social-oauth/google' });

    const { location, setCookie } = await start();
    expect(location.origin).toBe(new URL(issuer.issuer.url!).origin);
    const params = location.searchParams;
    expect(params.get('client_id')).toBe(CLIENT_ID);
    expect(params.get('response_type')).toBe('code');
    expect(params.get('redirect_uri')).toBe('http://escudo.test/api/social-oauth/google/callback');
    expect(params.get('scope')).toBe('openid email profile');
    expect(params.get('code_challenge_method')).toBe('S256');
    expect(params.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(params.get('state')).toMatch(/^[\w-]{20,}$/);
    expect(params.get('nonce')).toMatch(/^[\w-]{20,}$/);
    // the verifier never leaves in the URL; the cookie is HttpOnly, Lax, scoped and short-lived
    expect(setCookie).toMatch(/^escudo_google_sign_in=[\w-]+\.[0-9a-f]{64}; /);
    expect(setCookie).toContain('Path=/api/social-oauth/google');
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
    expect(setCookie).toContain('Max-Age=600');
  });
});

describe('Google sign-in: accounts', () => {
  it('creates a new account as sign-up does (starter plan, invitation code), with the provider’s name and no password', async () => {
    const before = await count(users);
    const landing = await signInWithGoogle();
    const token = socialToken(landing);
    // stored hashed: the token itself is nowhere in the table
    const rows = await app.ctx.db.select().from(socialSignInTokens);
    expect(rows.some((row) => row.tokenHash === token)).toBe(false);

    const traded = await trade(token);
    expect(traded.statusCode, traded.body).toBe(200);
    const session = traded.json() as { token: string; token_type: string; expires_at: string };
    expect(session.token_type).toBe('bearer');
    const user = await details(session.token);
    expect(user).toMatchObject({ name: 'Sofía Araya', email: claims.email });
    expect(user.plan?.plan_id).toBe(1);
    expect(user.info.codigo_invitacion).toMatch(/^[A-Z2-9]{8}$/);
    expect(await count(users)).toBe(before + 1);

    const [identity] = await app.ctx.db
      .select()
      .from(linkedIdentities)
      .where(sql`${linkedIdentities.subject} = ${claims.sub}`);
    expect(identity).toMatchObject({ userId: user.id, provider: 'google', pictureUrl: claims.picture });

    // the same session as /auth/login's: it signs out like any other
    const logout = await app.post('/api/auth/logout', {}, session.token);
    expect(logout.statusCode).toBe(204);
    expect((await app.post('/api/app/user/details', {}, session.token)).statusCode).toBe(401);
  });

  it('keeps a provider’s name to one plain line, as sign-up does (no line breaks, controls or bidi overrides)', async () => {
    claims = person({ name: 'Ana\nBcc: x@y.cl \u202eLuz\u0007' });
    const user = await details((await trade(socialToken(await signInWithGoogle()))).json().token);
    expect(user.name).toBe('Ana Bcc: x@y.cl Luz');
  });

  it('finds the account by the subject next time, even when the provider’s e-mail changed', async () => {
    const first = await details((await trade(socialToken(await signInWithGoogle()))).json().token);
    const before = await count(users);
    claims = { ...claims, email: `otro.${randomBytes(3).toString('hex')}@gmail.com`, name: 'Otro Nombre' };
    const again = await details((await trade(socialToken(await signInWithGoogle()))).json().token);
    expect(again.id).toBe(first.id);
    expect(again.email).toBe(first.email);
    expect(await count(users)).toBe(before);
  });

  it('links a new subject to the existing account whose e-mail the provider verified and we did too', async () => {
    const account = await signUpUser(app, { email: `Camila.${randomBytes(3).toString('hex')}@gmail.com` });
    const own = await details(await verifyEmailOf(app, account));
    claims = person({ email: account.email.toLowerCase(), name: 'Camila en Google' });
    const before = await count(users);
    const linked = await details((await trade(socialToken(await signInWithGoogle()))).json().token);
    expect(linked.id).toBe(own.id);
    // the account keeps its name and its password
    expect(linked.name).toBe(own.name);
    expect(await count(users)).toBe(before);
    const signIn = await app.post('/api/auth/login', { email: account.email, password: account.password });
    expect(signIn.statusCode).toBe(200);
  });

  it('links and creates nothing for an e-mail the provider has not verified: back to Login, saying why', async () => {
    const account = await signUpUser(app);
    const before = {
      users: await count(users),
      links: await count(linkedIdentities),
      tokens: await count(socialSignInTokens),
    };
    for (const unverified of [
      person({ email: account.email, email_verified: false }),
      person({ email_verified: false }),
      person({ email: undefined, email_verified: undefined }),
    ]) {
      claims = unverified;
      const landing = await signInWithGoogle();
      expect(landing.pathname).toBe('/login');
      expect(landing.searchParams.get('social_error')).toBe('unverified');
      expect(landing.searchParams.has('social_access_token')).toBe(false);
    }
    expect({
      users: await count(users),
      links: await count(linkedIdentities),
      tokens: await count(socialSignInTokens),
    }).toEqual(before);
  });
});

describe('Google sign-in: an account prepared by another, the verified e-mail, and no password', () => {
  it('an account prepared with the owner’s e-mail becomes the owner’s when Google vouches for it: the preparer is out', async () => {
    // the preparer signs up with Sofía's e-mail, keeps a session and the password, turns two-step
    // sign-in on with his own authenticator
    const prepared = await signUpUser(app, { email: `sofia.${randomBytes(3).toString('hex')}@gmail.com` });
    const started = await app.post(
      '/api/app/account/twoFactor/start',
      { password: prepared.password },
      prepared.token,
    );
    expect(started.statusCode, started.body).toBe(200);
    const secret = (started.json() as { secret: string }).secret;
    const confirmed = await app.post(
      '/api/app/account/twoFactor/confirm',
      { code: totpCode(secret, totpStepAt(app.clock.now)) },
      prepared.token,
    );
    expect(confirmed.statusCode, confirmed.body).toBe(200);

    // Sofía chooses Google: she lands in the account, with no second step (it was his)
    claims = person({ email: prepared.email });
    const traded = await trade(socialToken(await signInWithGoogle()));
    expect(traded.statusCode, traded.body).toBe(200);
    const session = traded.json().token as string;
    const owned = await details(session);
    expect(owned).toMatchObject({
      email: prepared.email,
      email_verified: true,
      two_factor_enabled: false,
      account_review_pending: true,
    });

    // his session, his password and his authenticator are refused from now on
    expect((await app.post('/api/app/user/details', {}, prepared.token)).statusCode).toBe(401);
    const hisSignIn = await app.post('/api/auth/login', {
      email: prepared.email,
      password: prepared.password,
    });
    expect(hisSignIn.statusCode).toBe(401);
    expect(hisSignIn.json()).toMatchObject({ code: 'INVALID_CREDENTIALS' });
    // the account's log says what happened, in Spanish
    const activity = (await app.post('/api/app/account/activity', {}, session)).json().activity as {
      kind: string;
      detail: string | null;
    }[];
    expect(activity.filter((entry) => entry.kind === 'account_reclaimed')).toEqual([
      expect.objectContaining({
        detail: 'Confirmaste tu email con Google; se desactivó la verificación en dos pasos',
      }),
    ]);
    // the next Google sign-in finds it by the subject
    expect((await details((await trade(socialToken(await signInWithGoogle()))).json().token)).id).toBe(
      owned.id,
    );
  });

  it('makes an account whose e-mail is verified: the provider vouched for it', async () => {
    const user = await details((await trade(socialToken(await signInWithGoogle()))).json().token);
    expect(user).toMatchObject({ email: claims.email, email_verified: true });
  });

  it('gives a Google-made account no password: sign-in refused as a wrong one, validatePass explains, a reset sets one', async () => {
    const session = (await trade(socialToken(await signInWithGoogle()))).json().token as string;
    const email = claims.email as string;
    const signIn = await app.post(
      '/api/auth/login',
      { email, password: 'cualquier-clave' },
      undefined,
      randomAddress(),
    );
    expect(signIn.statusCode).toBe(401);
    expect(signIn.json()).toMatchObject({ code: 'INVALID_CREDENTIALS' });

    const confirm = await app.post('/api/app/user/validatePass', { password: 'cualquier-clave' }, session);
    expect(confirm.statusCode).toBe(409);
    expect(confirm.json()).toMatchObject({ code: 'PASSWORD_NOT_SET' });
    expect((confirm.json() as { message: string }).message).toContain('¿Olvidaste tu contraseña?');

    // '¿Olvidaste tu contraseña?' works for it like for any account
    expect((await app.post('/api/auth/forgotPass', { email }, undefined, randomAddress())).statusCode).toBe(
      200,
    );
    const [mail] = (await mailsTo(app, email)).filter((parsed) => parsed.text?.includes('/resetpass/'));
    const resetToken = /\/resetpass\/([\w-]+)/.exec(mail?.text ?? '')?.[1];
    expect(resetToken).toBeDefined();
    const reset = await app.post('/api/auth/resetPass', {
      email,
      password: 'mi-clave-nueva',
      password_confirmation: 'mi-clave-nueva',
      token: resetToken,
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const withPassword = await app.post(
      '/api/auth/login',
      { email, password: 'mi-clave-nueva' },
      undefined,
      randomAddress(),
    );
    expect(withPassword.statusCode).toBe(200);
    const { access_token } = withPassword.json() as { access_token: string };
    expect(
      (await app.post('/api/app/user/validatePass', { password: 'mi-clave-nueva' }, access_token)).json(),
    ).toEqual({ status: true });
  });
});

/** the text of the newest e-mail to `email` in the outbox */
async function newestMailTo(email: string) {
  return (await mailsTo(app, email)).at(-1)?.text;
}

/** `owner` invites someone by e-mail (as Mi red de seguridad does): the invitation's security_code */
async function invitationOf(owner: { token: string }) {
  const invitado = `invitada.${randomBytes(4).toString('hex')}@example.cl`;
  const sent = await app.post(
    '/api/app/grupos/enviarInvitacion',
    { name: 'Carla Rojas', phone: '56911112222', invitado },
    owner.token,
    randomAddress(),
  );
  expect(sent.statusCode, sent.body).toBe(200);
  const code = /\/register\?security_code=([\w-]+)/.exec((await newestMailTo(invitado)) ?? '')?.[1];
  expect(code).toBeDefined();
  return code!;
}

const misInvitados = async (token: string) =>
  (await app.post('/api/app/grupos/misInvitados', {}, token)).json().data as {
    estado: string;
    personas: { email: string }[];
  }[];
const misGrupos = async (token: string) =>
  (await app.post('/api/app/grupos/misGrupos', {}, token)).json().data as {
    anfitrion: { email: string }[];
  }[];
const referredBy = async (userId: number) =>
  (
    await app.ctx.db
      .select({ referrer: users.referredByUserId, sponsor: users.sponsorId })
      .from(users)
      .where(eq(users.id, userId))
  )[0];

/** signs up with Google through the link `query`: where the browser lands, and the new account */
async function signUpWithGoogle(query: string) {
  const before = await count(users);
  const landing = await signInWithGoogle(query);
  const traded = await trade(socialToken(landing));
  expect(traded.statusCode, traded.body).toBe(200);
  const token = (traded.json() as { token: string }).token;
  const user = await details(token);
  expect(user.email).toBe(claims.email);
  expect(await count(users)).toBe(before + 1);
  return { landing, token, user };
}

describe('Google sign-in: the sign-up link’s codes', () => {
  it('a referral link (sharecode or share_code): the referrer is recorded and counts it in their sales', async () => {
    const referrer = await signUpUser(app, { name: 'Ana Referente' });
    const referrerUser = await details(referrer.token);
    const code = referrerUser.info.codigo_invitacion as string;

    const first = await signUpWithGoogle(`?sharecode=${code}`);
    // a new account goes Home: nothing but the token in the landing
    expect([...first.landing.searchParams.keys()]).toEqual(['social_access_token']);
    expect(await referredBy(first.user.id)).toEqual({ referrer: referrerUser.id, sponsor: null });
    // the other spelling of the link, in lower case, as sign-up by e-mail takes it
    claims = person({ name: 'Bruno Referido' });
    const second = await signUpWithGoogle(`?share_code=${code.toLowerCase()}`);
    expect((await referredBy(second.user.id))?.referrer).toBe(referrerUser.id);

    const sales = await app.post('/api/app/sales/getStatus', {}, referrer.token);
    expect(sales.statusCode, sales.body).toBe(200);
    expect(sales.json()).toMatchObject({
      total_referred: 2,
      referred: [
        { user: { id: second.user.id, name: 'Bruno Referido' } },
        { user: { id: first.user.id, name: 'Sofía Araya' } },
      ],
    });
  });

  it('a sponsor’s link: the sponsor’s plan starts for its months instead of the starter trial', async () => {
    const sponsor = await createSponsor(app.ctx, { name: 'Municipalidad de Ñuñoa', planId: 3, months: 6 });
    const { user } = await signUpWithGoogle(`?sponsor_code=${sponsor.uniqueId}`);
    const plan = user.plan as unknown as { plan_id: number; started_at: string; expires_at: string };
    expect(plan.plan_id).toBe(3);
    expect(new Date(plan.started_at).getTime()).toBe(app.clock.now.getTime());
    expect(new Date(plan.expires_at).getTime()).toBe(addMonths(app.clock.now, 6).getTime());
    expect(await referredBy(user.id)).toEqual({ referrer: null, sponsor: sponsor.id });
  });

  it('an invitation (Register’s or Login’s security_code): the new account joins the owner’s network', async () => {
    const owner = await signUpUser(app, { name: 'Ana Anfitriona' });
    const code = await invitationOf(owner);
    const { landing, token, user } = await signUpWithGoogle(`?security_code=${code}`);
    // already joined: the panel goes Home, not back to the invitation
    expect(landing.searchParams.has('security_code')).toBe(false);
    expect(await misInvitados(owner.token)).toEqual([
      expect.objectContaining({
        estado: 'aceptada',
        personas: [expect.objectContaining({ email: user.email })],
      }),
    ]);
    expect(await misGrupos(token)).toEqual([
      expect.objectContaining({ anfitrion: [expect.objectContaining({ email: owner.email })] }),
    ]);
    // the code worked once
    expect((await app.post('/api/auth/getUserByCode', { code })).json().code).toBe('INVITATION_INVALID');
  });

  it('all three codes of one link at once', async () => {
    const referrer = await signUpUser(app);
    const referrerUser = await details(referrer.token);
    const owner = await signUpUser(app);
    const sponsor = await createSponsor(app.ctx, { name: 'Club Deportivo', planId: 2, months: 1 });
    const code = await invitationOf(owner);
    const query = `?security_code=${code}&sharecode=${referrerUser.info.codigo_invitacion as string}&sponsor_code=${sponsor.uniqueId}`;
    const { user } = await signUpWithGoogle(query);
    expect(user.plan?.plan_id).toBe(2);
    expect(await referredBy(user.id)).toEqual({ referrer: referrerUser.id, sponsor: sponsor.id });
    expect((await misInvitados(owner.token))[0]?.estado).toBe('aceptada');
  });
});

describe('Google sign-in: the sign-up link’s codes, bad ones, an existing account, the cookie', () => {
  it('bad codes are left out and the account is still made: unknown, used up, disabled or malformed', async () => {
    const owner = await signUpUser(app);
    const used = await invitationOf(owner);
    await signUpWithGoogle(`?security_code=${used}`);
    const disabled = await createSponsor(app.ctx, { name: 'Club Cerrado', planId: 3, months: 6 });
    await disableSponsor(app.ctx, disabled.uniqueId);
    const links = [
      '?security_code=codigo-inventado&sharecode=NOEXISTE99&sponsor_code=no-existe-este-codigo',
      `?security_code=${used}&sponsor_code=${disabled.uniqueId}`,
      // not codes of ours at all, or given twice: the start leaves them out
      '?security_code=%3Cscript%3E&sharecode=a%20b&sponsor_code=x&sponsor_code=y',
      `?code=${'x'.repeat(65)}&share_code=%00`,
    ];
    for (const link of links) {
      claims = person();
      const { landing, user } = await signUpWithGoogle(link);
      expect([...landing.searchParams.keys()], link).toEqual(['social_access_token']);
      // the starter trial, nobody's referral or sponsorship, no network
      expect(user.plan?.plan_id, link).toBe(1);
      expect(await referredBy(user.id), link).toEqual({ referrer: null, sponsor: null });
      const joined = await app.ctx.db
        .select()
        .from(securityNetworkMembers)
        .where(eq(securityNetworkMembers.memberUserId, user.id));
      expect(joined, link).toEqual([]);
    }
    // one bad code does not cost the good ones
    const sponsor = await createSponsor(app.ctx, { name: 'Colegio San Andrés', planId: 3, months: 2 });
    claims = person();
    const { user } = await signUpWithGoogle(`?sharecode=a%20b&sponsor_code=${sponsor.uniqueId}`);
    expect(user.plan?.plan_id).toBe(3);
  });

  it('an existing account with an invitation goes back to it, as after e-mail sign-in; other codes do nothing', async () => {
    const owner = await signUpUser(app, { name: 'Ana Anfitriona' });
    const account = await signUpUser(app, { email: `camila.${randomBytes(3).toString('hex')}@gmail.com` });
    const accountToken = await verifyEmailOf(app, account);
    const own = await details(accountToken);
    const referrer = await details((await signUpUser(app)).token);
    const sponsor = await createSponsor(app.ctx, { name: 'Municipalidad de Prueba', planId: 3, months: 6 });
    const code = await invitationOf(owner);
    claims = person({ email: account.email });
    const before = await count(users);

    // linked now by its verified e-mail, then found by the subject: both times back to the invitation
    for (let time = 0; time < 2; time += 1) {
      const landing = await signInWithGoogle(
        `?security_code=${code}&sharecode=${referrer.info.codigo_invitacion as string}&sponsor_code=${sponsor.uniqueId}`,
      );
      expect(landing.pathname).toBe('/login');
      expect(landing.searchParams.get('security_code')).toBe(code);
      const traded = await trade(socialToken(landing));
      expect(traded.statusCode, traded.body).toBe(200);
      expect((await details(traded.json().token)).id).toBe(own.id);
    }
    expect(await count(users)).toBe(before);
    // nothing joined, referred or sponsored yet: the plan is the account's own
    expect((await misInvitados(owner.token))[0]?.estado).toBe('pendiente');
    expect(await referredBy(own.id)).toEqual({ referrer: null, sponsor: null });
    expect((await details(accountToken)).plan?.plan_id).toBe(1);
    // what the panel does next at /register?security_code=…, signed in: it joins
    const joined = await app.post('/api/app/grupos/aceptarInvitacion', { security_code: code }, accountToken);
    expect(joined.statusCode, joined.body).toBe(200);
    expect((await misInvitados(owner.token))[0]?.estado).toBe('aceptada');

    // an existing account without an invitation in its link goes Home as before
    const landing = await signInWithGoogle(`?sharecode=${referrer.info.codigo_invitacion as string}`);
    expect([...landing.searchParams.keys()]).toEqual(['social_access_token']);
  });

  it('keeps the codes in the signed cookie, not in the provider’s URL', async () => {
    const { location, cookie } = await start('?sharecode=ABCD2345&sponsor_code=spons-1&security_code=sec-7');
    for (const code of ['ABCD2345', 'spons-1', 'sec-7']) expect(location.href).not.toContain(code);
    const data = cookie.split('=')[1]!.split('.')[0]!;
    expect(JSON.parse(Buffer.from(data, 'base64url').toString('utf8'))).toMatchObject({
      codes: { securityCode: 'sec-7', shareCode: 'ABCD2345', sponsorCode: 'spons-1' },
    });
  });
});

describe('Google sign-in: the social_access_token', () => {
  it('is traded only by the browser the callback handed it to (its hand-off cookie), which the trade spends', async () => {
    const landing = await signInWithGoogle();
    const token = socialToken(landing);
    const handoff = handoffs.get(token)!;
    expect(handoff).toMatch(/^escudo_google_handoff=[\w-]{43}$/);
    // stored as its SHA-256 only
    const [row] = await app.ctx.db
      .select()
      .from(socialSignInTokens)
      .where(
        eq(socialSignInTokens.browserHash, createHash('sha256').update(handoff.split('=')[1]!).digest('hex')),
      );
    expect(row).toBeDefined();

    // a token URL sent to someone else: their browser has no cookie, or another sign-in's
    const other = handoffs.get(socialToken(await signInWithGoogle()))!;
    for (const cookie of ['', other, 'escudo_google_handoff=forged-value', 'escudo_google_handoff=']) {
      const refused = await trade(token, randomAddress(), cookie);
      expect(refused.statusCode, cookie).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'SOCIAL_TOKEN_INVALID' });
    }
    // refusals did not spend the token: its own browser still signs in, and the cookie is cleared
    const traded = await trade(token);
    expect(traded.statusCode, traded.body).toBe(200);
    expect(String(traded.headers['set-cookie'])).toMatch(
      /^escudo_google_handoff=; Path=\/api\/social-auth\/loginWithGoogleToken; HttpOnly; SameSite=Strict; Max-Age=0/,
    );
  });

  it('comes with an HttpOnly, SameSite=Strict cookie scoped to the trade and as short-lived as the token', async () => {
    const { location, cookie } = await start();
    const response = await app.app.inject({
      method: 'GET',
      url: (await authorize(location)).href.replace(/^https?:\/\/[^/]+/, ''),
      headers: { cookie },
    });
    const handoff = [response.headers['set-cookie'] ?? []]
      .flat()
      .find((header) => header.startsWith('escudo_google_handoff='));
    expect(handoff).toMatch(
      /^escudo_google_handoff=[\w-]{43}; Path=\/api\/social-auth\/loginWithGoogleToken; HttpOnly; SameSite=Strict; Max-Age=120$/,
    );
  });

  it('works once: a replay is refused', async () => {
    const token = socialToken(await signInWithGoogle());
    expect((await trade(token)).statusCode).toBe(200);
    const replay = await trade(token);
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({ code: 'SOCIAL_TOKEN_INVALID' });
  });

  it('two trades of one token at once: exactly one session', async () => {
    const token = socialToken(await signInWithGoogle());
    const answers = await Promise.all([trade(token), trade(token), trade(token)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400, 400]);
  });

  it('expires after 2 minutes', async () => {
    const token = socialToken(await signInWithGoogle());
    app.clock.advance(SOCIAL_TOKEN_TTL_MS + 1000);
    const late = await trade(token);
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({ code: 'SOCIAL_TOKEN_INVALID' });
  });

  it('refuses a forged one, and an address that keeps failing is made to wait', async () => {
    const from = randomAddress();
    for (let i = 0; i < 5; i += 1) {
      const forged = await trade(randomBytes(32).toString('base64url'), from);
      expect(forged.statusCode).toBe(400);
      expect(forged.json()).toMatchObject({ code: 'SOCIAL_TOKEN_INVALID' });
    }
    const good = socialToken(await signInWithGoogle());
    const held = await trade(good, from);
    expect(held.statusCode).toBe(429);
    expect(held.json()).toMatchObject({ code: 'TOO_MANY_ATTEMPTS' });
    // elsewhere the same token still works (the refusal did not spend it)
    expect((await trade(good)).statusCode).toBe(200);
  });
});

describe('Google sign-in: back to Login with the reason', () => {
  it('a cancelled consent (error=access_denied)', async () => {
    const { location, cookie } = await start();
    issuer.service.once('beforeAuthorizeRedirect', ({ url }: { url: URL }) => {
      url.searchParams.delete('code');
      url.searchParams.set('error', 'access_denied');
    });
    const landing = await callback(await authorize(location), cookie);
    expect(landing.href).toBe('http://escudo.test/login?social_error=cancelled');
  });

  it('another provider error', async () => {
    const { location, cookie } = await start();
    issuer.service.once('beforeAuthorizeRedirect', ({ url }: { url: URL }) => {
      url.searchParams.delete('code');
      url.searchParams.set('error', 'server_error');
    });
    expect((await callback(await authorize(location), cookie)).searchParams.get('social_error')).toBe(
      'provider',
    );
  });

  it('a bad, missing or foreign state, or a forged cookie', async () => {
    const before = await count(socialSignInTokens);
    // the state changed on the way
    const first = await start();
    const back = await authorize(first.location);
    back.searchParams.set('state', 'otro-estado-cualquiera');
    expect((await callback(back, first.cookie)).searchParams.get('social_error')).toBe('state');
    // no state at all
    const second = await start();
    const noState = await authorize(second.location);
    noState.searchParams.delete('state');
    expect((await callback(noState, second.cookie)).searchParams.get('social_error')).toBe('state');
    // another browser: the callback URL without the cookie that started it (login CSRF)
    const third = await start();
    expect((await callback(await authorize(third.location))).searchParams.get('social_error')).toBe('state');
    // the cookie altered
    const fourth = await start();
    const [name, value] = fourth.cookie.split('=') as [string, string];
    const forged = `${name}=${value.slice(0, -1)}${value.endsWith('0') ? '1' : '0'}`;
    expect((await callback(await authorize(fourth.location), forged)).searchParams.get('social_error')).toBe(
      'state',
    );
    // the cookie past its 10 minutes
    const fifth = await start();
    app.clock.advance(10 * 60 * 1000 + 1000);
    expect(
      (await callback(await authorize(fifth.location), fifth.cookie)).searchParams.get('social_error'),
    ).toBe('state');
    expect(await count(socialSignInTokens)).toBe(before);
  });

  it('a code the issuer does not know, and odd callback queries: never JSON, never a 5xx', async () => {
    const { location, cookie } = await start();
    const back = await authorize(location);
    back.searchParams.set('code', 'codigo-inventado');
    expect((await callback(back, cookie)).searchParams.get('social_error')).toBe('provider');
    for (const query of [
      '',
      '?code=a&code=b',
      '?error=',
      `?state=${'x'.repeat(5000)}`,
      '?code=%00&state=%00',
    ]) {
      const landing = await callback(
        new URL(`http://escudo.test/api/social-oauth/google/callback${query}`),
        cookie,
      );
      expect(landing.pathname).toBe('/login');
      expect(landing.searchParams.get('social_error')).toMatch(/^(state|provider)$/);
    }
  });
});

describe('Google sign-in: not configured', () => {
  it('hides the button and sends anyone who goes there anyway back to Login', async () => {
    const plain = await createTestApp();
    try {
      const config = (await plain.app.inject({ method: 'GET', url: '/api/config' })).json() as {
        google_sign_in: boolean;
      };
      expect(config.google_sign_in).toBe(false);
      for (const url of ['/api/social-oauth/google', '/api/social-oauth/google/callback?code=x&state=y']) {
        const response = await plain.app.inject({ method: 'GET', url });
        expect(response.statusCode).toBe(302);
        expect(response.headers.location).toBe('/login?social_error=unavailable');
      }
    } finally {
      await plain.close();
    }
  });
});
