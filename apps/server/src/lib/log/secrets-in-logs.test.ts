/**
 * No token, code or signed link appears in the logs, in production or not (docs/privacy.md). Real
 * requests through a real server, each carrying a real secret where a browser carries it (the alert
 * page and its poll, a reset link, shared evidence, a signed file link, an invitation link, Google's
 * return, the e-mail verification and deletion-cancel links, two-step sign-in's key, codes and
 * challenge), with the log captured line by line: no secret may appear in any line, while the lines that
 * name those requests are there (so the test sees what it claims to check).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, randomAddress, signUpUser, type TestApp } from '../../../test/test-app.ts';
import { userWithPhone } from '../../../test/sockets.ts';
import { makeOperator } from '../../../test/operators.ts';
import { mailsTo } from '../../../test/outbox.ts';
import { totpCode, totpStepAt } from '../crypto/totp.ts';
import { REDACTED, redactRequestUrl, redactUrl } from './redact.ts';

const lines: string[] = [];
const logStream = { write: (line: string) => void lines.push(line) };
const entries = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);
const loggedUrls = () =>
  entries()
    .map((entry) => (entry.req as { url?: string } | undefined)?.url)
    .filter((url): url is string => typeof url === 'string');

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ LOG_LEVEL: 'info' }, undefined, { logStream });
});
afterAll(() => app.close());

const get = (url: string) => app.app.inject({ method: 'GET', url, remoteAddress: randomAddress() });

/** the last link in the newest e-mail to `email` that contains `marker` */
async function linkTo(email: string, marker: RegExp): Promise<string> {
  await app.ctx.background.settled();
  const text = (await mailsTo(app, email)).map((mail) => mail.text ?? '').find((t) => marker.test(t));
  const link = text?.match(/https?:\/\/\S+/g)?.find((candidate) => marker.test(candidate));
  if (!link) throw new Error(`no e-mail to ${email} with ${String(marker)}`);
  return link;
}
const pathOf = (link: string) => {
  const url = new URL(link);
  return url.pathname + url.search;
};

describe('the server log', () => {
  it('carries none of the secrets of the links people follow', async () => {
    const secrets: string[] = [];

    // the open alert page and its poll, every 4 s while open (a member's own link)
    const ana = await userWithPhone(app);
    const bea = await signUpUser(app);
    const invitation = await app.post(
      '/api/app/grupos/enviarInvitacion',
      { name: 'Bea', phone: '56911112222', invitado: bea.email },
      ana.token,
    );
    expect(invitation.statusCode, invitation.body).toBe(200);
    const invitationLink = await linkTo(bea.email, /security_code=/);
    const securityCode = new URL(invitationLink).searchParams.get('security_code')!;
    secrets.push(securityCode);
    expect((await get(pathOf(invitationLink))).statusCode).toBeLessThan(600);
    const accepted = await app.post(
      '/api/app/grupos/aceptarInvitacion',
      { security_code: securityCode },
      bea.token,
    );
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(
      (await app.post('/api/device/alert', { lat: -33.45, lng: -70.66 }, ana.deviceToken)).statusCode,
    ).toBe(201);
    const alertToken = (await linkTo(bea.email, /\/alerta\//)).split('/alerta/')[1]!;
    secrets.push(alertToken);
    await get(`/alerta/${alertToken}`);
    for (let poll = 0; poll < 3; poll += 1) {
      expect((await get(`/api/public/alerts/${alertToken}`)).statusCode).toBe(200);
    }

    // a password reset link: the page, and the token the page sends in a body
    const forgot = await app.post('/api/auth/forgotPass', { email: bea.email }, undefined, randomAddress());
    expect(forgot.statusCode, forgot.body).toBe(200);
    const resetToken = (await linkTo(bea.email, /\/resetpass\//)).split('/resetpass/')[1]!;
    secrets.push(resetToken);
    await get(`/resetpass/${resetToken}`);
    expect((await app.post('/api/auth/find', { token: resetToken })).statusCode).toBe(200);

    // shared evidence of an atención, and the signed link to a stored file
    const operator = await makeOperator(app);
    const opened = await app.post('/api/operator/atenciones/open', { email: bea.email }, operator.token);
    expect(opened.statusCode, opened.body).toBe(201);
    const atencionId = (opened.json() as { atencion: { id: number } }).atencion.id;
    const shared = await app.post(
      '/api/app/atenciones/shareEvidence',
      { atencion_id: atencionId, hours: 24 },
      bea.token,
    );
    expect(shared.statusCode, shared.body).toBe(201);
    const evidenceToken = (shared.json() as { url: string }).url.split('/evidencia/')[1]!;
    secrets.push(evidenceToken);
    await get(`/evidencia/${evidenceToken}`);
    expect((await get(`/api/public/evidence/${evidenceToken}`)).statusCode).toBe(200);
    await app.ctx.storage.put('lost-reports/1/log-test.jpg', Buffer.from([0xff, 0xd8, 0xff, 0xd9]));
    const fileLink = app.ctx.fileLinks.create('lost-reports/1/log-test.jpg', 60_000);
    const signature = new URL(fileLink, 'http://escudo.test').searchParams.get('signature')!;
    secrets.push(signature);
    expect((await get(fileLink)).statusCode).toBe(200);

    // the e-mail verification link: its page, and the token the page sends in a body
    const verifyToken = (await linkTo(bea.email, /\/verificar-email\//)).split('/verificar-email/')[1]!;
    secrets.push(verifyToken);
    await get(`/verificar-email/${verifyToken}`);
    expect((await app.post('/api/auth/verifyEmail', { token: verifyToken })).statusCode).toBe(200);

    // two-step sign-in: the app's key, the codes typed, the recovery codes and the sign-in challenge
    const cata = await signUpUser(app);
    const started = await app.post(
      '/api/app/account/twoFactor/start',
      { password: cata.password },
      cata.token,
    );
    expect(started.statusCode, started.body).toBe(200);
    const totpSecret = (started.json() as { secret: string }).secret;
    const confirmed = await app.post(
      '/api/app/account/twoFactor/confirm',
      { code: totpCode(totpSecret, totpStepAt(app.clock.now)) },
      cata.token,
    );
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const recoveryCodes = (confirmed.json() as { recovery_codes: string[] }).recovery_codes;
    secrets.push(totpSecret, ...recoveryCodes);
    const signIn = await app.post(
      '/api/auth/login',
      { email: cata.email, password: cata.password },
      undefined,
      randomAddress(),
    );
    const challenge = (signIn.json() as { challenge: string }).challenge;
    secrets.push(challenge);
    const passed = await app.post(
      '/api/auth/loginTwoFactor',
      { challenge, code: recoveryCodes[0] },
      undefined,
      randomAddress(),
    );
    expect(passed.statusCode, passed.body).toBe(200);

    // closing the account: the e-mailed link that keeps it, its page and the token in a body
    const dora = await signUpUser(app);
    const closing = await app.post('/api/app/account/delete', { password: dora.password }, dora.token);
    expect(closing.statusCode, closing.body).toBe(200);
    const cancelToken = (await linkTo(dora.email, /\/cancelar-eliminacion\//)).split(
      '/cancelar-eliminacion/',
    )[1]!;
    secrets.push(cancelToken);
    await get(`/cancelar-eliminacion/${cancelToken}`);
    expect((await app.post('/api/auth/cancelDeletion', { token: cancelToken })).statusCode).toBe(200);

    // Google's return (its code and state) and the panel's hand-off page
    const [code, state, socialToken] = [
      'G00GLE-C0DE-abcdef123',
      'ST4TE-abcdef123456',
      'S0CIAL-T0KEN-abcdef1234',
    ];
    secrets.push(code, state, socialToken);
    await get(`/api/social-oauth/google/callback?code=${code}&state=${state}`);
    await get(`/login?social_access_token=${socialToken}`);

    expect(secrets.every((secret) => secret.length >= 8)).toBe(true);
    for (const line of lines) {
      for (const secret of secrets) expect(line).not.toContain(secret);
      // nor any whole link: the dev mailer names the .eml file instead (lib/mail/mailer.ts)
      expect(line).not.toMatch(/https?:\/\/escudo\.test\//);
    }
    // the requests were logged: with their secrets replaced
    const urls = loggedUrls();
    expect(urls).toContain(`/api/public/alerts/${REDACTED}`);
    expect(urls).toContain(`/alerta/${REDACTED}`);
    expect(urls).toContain(`/resetpass/${REDACTED}`);
    expect(urls).toContain(`/verificar-email/${REDACTED}`);
    expect(urls).toContain(`/cancelar-eliminacion/${REDACTED}`);
    expect(urls).toContain('/api/auth/loginTwoFactor');
    expect(urls).toContain(`/evidencia/${REDACTED}`);
    expect(urls).toContain(`/api/public/evidence/${REDACTED}`);
    expect(urls).toContain(`/register?security_code=${REDACTED}`);
    expect(urls).toContain(`/api/social-oauth/google/callback?code=${REDACTED}&state=${REDACTED}`);
    expect(urls).toContain(`/login?social_access_token=${REDACTED}`);
    expect(urls.some((url) => url.startsWith('/api/files/') && url.endsWith(`signature=${REDACTED}`))).toBe(
      true,
    );
    expect(entries().some((entry) => entry.msg === 'e-mail written to the outbox')).toBe(true);
  });
});

describe('redactRequestUrl', () => {
  it.each([
    // links other features add: known prefixes, and any token-looking segment whatever the prefix
    ['/verificar-email/abc', `/verificar-email/${REDACTED}`],
    ['/cancelar-eliminacion/abc?x=1', `/cancelar-eliminacion/${REDACTED}?x=1`],
    ['/api/account/export/download/abc', `/api/account/export/download/${REDACTED}`],
    ['/api/public/anything/abc', `/api/public/anything/${REDACTED}`],
    ['/nueva-pagina/AbCdEfGhIjKlMnOpQrStUvW9', `/nueva-pagina/${REDACTED}`],
    ['/nueva-pagina/AbCdEfGhIjKlMnOpQrStUvWxAbCdEfGhIjKlMnOpQrStUvWx', `/nueva-pagina/${REDACTED}`],
    [
      '/api/app/lostphone/lostMyPhoneUnSubscribeNotification',
      '/api/app/lostphone/lostMyPhoneUnSubscribeNotification',
    ],
    [
      '/x?sig=1&verification_token=2&challenge=3',
      `/x?sig=${REDACTED}&verification_token=${REDACTED}&challenge=${REDACTED}`,
    ],
    // what is not a secret stays readable
    ['/api/app/alertas/deMisRedes', '/api/app/alertas/deMisRedes'],
    ['/tracking?device=12&estado=1', '/tracking?device=12&estado=1'],
    ['/assets/index-B1x2y3z4.js', '/assets/index-B1x2y3z4.js'],
  ])('%s', (url, expected) => {
    expect(redactRequestUrl(url)).toBe(expected);
  });

  it('leaves long words of free text alone (error messages), but not link paths in it', () => {
    expect(redactUrl('ENOENT: open /data/files/lost-reports_abcdefghijklmnopqrstuv')).toBe(
      'ENOENT: open /data/files/lost-reports_abcdefghijklmnopqrstuv',
    );
    expect(redactUrl('GET http://escudo.test/alerta/abc failed')).toBe(
      `GET http://escudo.test/alerta/${REDACTED} failed`,
    );
  });
});
