import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpUser, type TestApp } from '../../../test/test-app.ts';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

/** a complete, valid profile of the account whose e-mail is `email`: Santiago, Región Metropolitana, Chile */
const profile = (email: string, overrides: Record<string, unknown> = {}) => ({
  name: 'Ana María Pérez',
  email,
  direccion: 'Av. Libertador Bernardo O’Higgins 1234, depto 5',
  telefono: '56912345678',
  rut: '123456785',
  pais: 1,
  region: 13,
  comuna: 13101,
  genero: 2,
  nacimiento: '1990-05-17',
  ...overrides,
});

const details = async (token: string) =>
  (await app.post('/api/app/user/details', {}, token)).json().user as {
    name: string;
    email: string;
    info: Record<string, unknown>;
  };

describe('profile: app/user/updateInfo', () => {
  it('saves every field, and user details gives them back', async () => {
    const ana = await signUpUser(app);
    const input = profile(ana.email, { rut: '12.345.678-5' });
    const response = await app.post('/api/app/user/updateInfo', input, ana.token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ code: 200 });

    const user = await details(ana.token);
    expect(user.name).toBe('Ana María Pérez');
    expect(user.email).toBe(input.email);
    expect(user.info).toMatchObject({
      direccion: input.direccion,
      telefono: '56912345678',
      rut: '123456785',
      pais: 1,
      region: 13,
      comuna: 13101,
      genero: 2,
      nacimiento: '1990-05-17',
    });
  });

  it.each([
    ['a RUT with a wrong check digit', { rut: '123456784' }, 'rut'],
    ['a telefono of 10 digits', { telefono: '5691234567' }, 'telefono'],
    ['a telefono of 12 digits', { telefono: '569123456789' }, 'telefono'],
    ['a birth date before 1950', { nacimiento: '1949-12-31' }, 'nacimiento'],
    ['a birth date in the future', { nacimiento: '2999-01-01' }, 'nacimiento'],
    ['a date that does not exist', { nacimiento: '2001-02-30' }, 'nacimiento'],
    ['a genero other than 1 or 2', { genero: 3 }, 'genero'],
    ['an e-mail that is not one', { email: 'ana@' }, 'email'],
    ['an empty name', { name: '  ' }, 'name'],
    ['a name with a line break', { name: 'Ana\nBcc: x@y.cl' }, 'name'],
    ['a region of no country of ours', { region: 99 }, 'region'],
    ['a comuna of another region', { comuna: 5101 }, 'comuna'],
    ['no comuna where the region has communes', { comuna: null }, 'comuna'],
    ['an unknown field', { apodo: 'Anita' }, undefined],
  ])('refuses %s with 400, naming the field, and saves nothing', async (_, overrides, field) => {
    const ana = await signUpUser(app);
    const before = await details(ana.token);
    const response = await app.post('/api/app/user/updateInfo', profile(ana.email, overrides), ana.token);
    expect(response.statusCode).toBe(400);
    const answer = response.json();
    expect(answer.code).toBe('VALIDATION');
    expect(typeof answer.message).toBe('string');
    if (field) expect(Object.keys(answer.fields ?? {})).toContain(field);
    expect(await details(ana.token)).toEqual(before);
  });

  it('changes no e-mail (decision 034): another one is refused the same whether or not it has an account, and nothing is saved', async () => {
    const ana = await signUpUser(app);
    const luis = await signUpUser(app, { name: 'Luis Díaz' });
    const before = await details(ana.token);
    const answers = [];
    for (const email of [luis.email.toUpperCase(), `libre.${Date.now()}@example.cl`]) {
      const response = await app.post('/api/app/user/updateInfo', profile(email), ana.token);
      expect(response.statusCode).toBe(400);
      answers.push(response.json());
    }
    // the same answer for a taken and a free e-mail, pointing to where an e-mail is changed
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0]).toMatchObject({
      code: 'VALIDATION',
      fields: { email: expect.stringContaining('Cambiar email') },
    });
    expect(await details(ana.token)).toEqual(before);
  });

  it('keeps the own e-mail, in another case, without calling it taken', async () => {
    const ana = await signUpUser(app);
    const response = await app.post('/api/app/user/updateInfo', profile(ana.email.toUpperCase()), ana.token);
    expect(response.statusCode).toBe(200);
    expect((await details(ana.token)).email).toBe(ana.email);
  });

  it('needs a session', async () => {
    const response = await app.post('/api/app/user/updateInfo', profile('ana@example.cl'));
    expect(response.statusCode).toBe(401);
  });
});
