import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NUL_TEXT_MESSAGE } from '@escudo/contract';
import { createTestApp, signUpUser, type TestApp } from '../../../test/test-app.ts';
import { fingerprintDatabase } from '../../../test/fuzz/db-fingerprint.ts';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const NUL = '\u0000';

describe('NUL in any text of a request', () => {
  it('is refused 400 VALIDATION with one Spanish message naming the field, before anything is written', async () => {
    const ana = await signUpUser(app);
    const before = await fingerprintDatabase(app.ctx);
    const cases: [string, unknown, string | undefined, string][] = [
      // fields whose own schemas say something else about odd text: the guard speaks first
      ['/api/auth/login', { email: `ana${NUL}@example.cl`, password: 'x' }, undefined, 'email'],
      ['/api/auth/login', { email: ana.email, password: `clave${NUL}` }, undefined, 'password'],
      ['/api/auth/forgotPass', { email: NUL }, undefined, 'email'],
      // nested, in an array, in a key nobody expects
      [
        '/api/app/user/updateInfo',
        { name: 'Ana', info: { direccion: `a${NUL}` } },
        ana.token,
        'info.direccion',
      ],
      ['/api/app/grupos/enviarInvitacion', { list: ['a', `b${NUL}`] }, ana.token, 'list.1'],
      ['/api/app/grupos/enviarInvitacion', { [`x${NUL}`]: 1 }, ana.token, 'body'],
    ];
    for (const [url, body, token, field] of cases) {
      const refused = await app.post(url, body, token);
      expect(refused.statusCode, url).toBe(400);
      expect(refused.json(), url).toEqual({
        code: 'VALIDATION',
        message: NUL_TEXT_MESSAGE,
        fields: { [field]: NUL_TEXT_MESSAGE },
      });
    }
    // a query string, and a form body (Flow's callback)
    const query = await app.app.inject({ method: 'GET', url: '/api/sponsor/getSponsorById?unique_id=a%00b' });
    expect(query.statusCode).toBe(400);
    expect(query.json()).toMatchObject({ code: 'VALIDATION', fields: { unique_id: NUL_TEXT_MESSAGE } });
    const form = await app.app.inject({
      method: 'POST',
      url: '/api/pagos/flowConfirm',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'token=abc%00def',
    });
    expect(form.statusCode).toBe(400);
    expect(form.json()).toMatchObject({ code: 'VALIDATION', fields: { token: NUL_TEXT_MESSAGE } });
    expect(await fingerprintDatabase(app.ctx)).toEqual(before);
  });
});
