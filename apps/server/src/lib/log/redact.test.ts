import { DrizzleQueryError, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import {
  REDACTED,
  describeErrorSafely,
  redactDatabaseText,
  redactUrl,
  safeLoggerOptions,
  serializeError,
  type SerializedError,
} from './redact.ts';

/** A log destination the test reads: every line the logger writes, parsed. */
function captureLog() {
  const lines: string[] = [];
  return {
    lines,
    stream: { write: (line: string) => void lines.push(line) },
    entries: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}

const HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNo';
const INSERT =
  'insert into "users" ("id", "name", "email", "password_hash") values (default, $1, $2, $3) returning "id"';

/** What PostgreSQL (pg or PGlite) throws for a duplicate e-mail, wrapped by Drizzle as it does. */
function duplicateEmailError() {
  const params = ['Ana Pérez', 'ana@example.cl', HASH];
  const database = Object.assign(
    new Error('duplicate key value violates unique constraint "users_email_lower_idx"'),
    {
      severity: 'ERROR',
      code: '23505',
      detail: 'Key (lower(email))=(ana@example.cl) already exists.',
      table: 'users',
      constraint: 'users_email_lower_idx',
      query: INSERT,
      params,
      queryOptions: { rowMode: 'array' },
    },
  );
  return new DrizzleQueryError(INSERT, params, database);
}

describe('the error serializer', () => {
  it("keeps a database error's class, message, code and stack, without its parameters", () => {
    const serialized = serializeError(duplicateEmailError());
    const text = JSON.stringify(serialized);
    expect(text).not.toContain('ana@example.cl');
    expect(text).not.toContain('argon2');
    expect(text).not.toContain('Ana Pérez');
    expect(serialized.type).toBe('DrizzleQueryError');
    expect(serialized.message).toBe(
      `Failed query: ${INSERT}\nparams: ${REDACTED}: duplicate key value violates unique constraint "users_email_lower_idx"`,
    );
    expect(serialized.query).toBe(INSERT);
    expect(serialized).not.toHaveProperty('params');
    expect(serialized.code).toBe('23505');
    // the stack's first line is V8's `name: message`, the message without its parameters
    expect(serialized.stack).toMatch(/^Error: Failed query: insert into "users"/);
    expect(serialized.stack).toMatch(/\n {4}at .*redact\.test\.ts/);
    expect(serialized.stack).toContain(
      '\ncaused by: Error: duplicate key value violates unique constraint "users_email_lower_idx"',
    );
  });

  it("strips values from PostgreSQL's own error, its detail included", () => {
    const cause = duplicateEmailError().cause;
    const serialized = serializeError(cause);
    expect(serialized).toMatchObject({
      code: '23505',
      detail: 'Key (lower(email))=(…) already exists.',
      constraint: 'users_email_lower_idx',
      table: 'users',
      query: INSERT,
    });
    expect(serialized).not.toHaveProperty('params');
    expect(serialized).not.toHaveProperty('queryOptions');
    expect(JSON.stringify(serialized)).not.toMatch(/ana@example|argon2/);
  });

  it('drops fields named as secrets and objects hung on an error, keeps plain fields', () => {
    const error = Object.assign(new Error('Flow payment/create answered 401: bad signature'), {
      statusCode: 502,
      flowCode: 108,
      password: 'una-clave-segura',
      pin: '4321',
      response: { body: 'apiKey=escudo&s=f00d' },
    });
    const serialized = serializeError(error);
    expect(serialized).toMatchObject({
      type: 'Error',
      message: 'Flow payment/create answered 401: bad signature',
      statusCode: 502,
      flowCode: 108,
    });
    expect(JSON.stringify(serialized)).not.toMatch(/una-clave|4321|f00d/);
  });

  it('removes secret values from URLs in messages', () => {
    const error = new Error(
      'Flow payment/getStatus unreachable: GET https://flow.test/api/payment/getStatus?apiKey=k1&token=t0k3n&s=51gn',
    );
    const serialized = serializeError(error);
    expect(serialized.message).toBe(
      `Flow payment/getStatus unreachable: GET https://flow.test/api/payment/getStatus?apiKey=${REDACTED}&token=${REDACTED}&s=${REDACTED}`,
    );
    expect(serialized.stack).not.toMatch(/t0k3n|51gn/);
  });

  it('survives a cause that points back at its error, and something thrown that is not an error', () => {
    const error = new Error('first') as Error & { cause?: unknown };
    error.cause = new Error('second', { cause: error });
    expect(serializeError(error).message).toBe('first: second');
    expect(serializeError('GET /planes?token=abc failed')).toEqual({
      type: 'string',
      message: `GET /planes?token=${REDACTED} failed`,
      stack: '',
    });
  });

  it('describes a failed start for the console without its values (main.ts)', () => {
    const text = describeErrorSafely(duplicateEmailError());
    expect(text).toMatch(/^Error: Failed query: insert into "users"[\s\S]*\n {4}at /);
    expect(text).not.toMatch(/ana@example|argon2/);
  });
});

describe('redactDatabaseText', () => {
  it.each([
    [
      'Key (user_id)=(42) is not present in table "users".',
      'Key (user_id)=(…) is not present in table "users".',
    ],
    [
      'Key (a, b)=(1, x) conflicts with existing key (a, b)=(1, y).',
      'Key (a, b)=(…) conflicts with existing key (a, b)=(…).',
    ],
    [`Failing row contains (7, Ana, ana@example.cl, ${HASH}).`, 'Failing row contains (…).'],
    ['invalid input syntax for type integer: "12ab"', 'invalid input syntax for type integer: "…"'],
    ['value "99999999999" is out of range for type integer', 'value "…" is out of range for type integer'],
    [
      'new row for relation "users" violates check constraint "users_name_check"',
      'new row for relation "users" violates check constraint "users_name_check"',
    ],
  ])('%s', (text, expected) => {
    expect(redactDatabaseText(text)).toBe(expected);
  });

  it("keeps a Drizzle query's shape and drops its parameters and literals", () => {
    expect(
      redactDatabaseText(`Failed query: select 1 where "pin" = '4321'\nparams: 4321,ana@example.cl`),
    ).toBe(`Failed query: select 1 where "pin" = '…'\nparams: ${REDACTED}`);
  });
});

describe('redactUrl', () => {
  it.each([
    ['/planes?token=ABC123', `/planes?token=${REDACTED}`],
    [
      '/api/files/photos/1.jpg?expires=1790000000&signature=ab12',
      `/api/files/photos/1.jpg?expires=1790000000&signature=${REDACTED}`,
    ],
    ['postgres://escudo:hunter2@db:5432/escudo', `postgres://escudo:${REDACTED}@db:5432/escudo`],
    ['/api/config?pais=1', '/api/config?pais=1'],
  ])('%s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });
});

describe('the logger options', () => {
  it('censor secret keys wherever they are in a logged object, without changing it', () => {
    const log = captureLog();
    const logger = pino({ level: 'info', ...safeLoggerOptions }, log.stream);
    const logged = {
      token: 'flow-token',
      body: { password: 'una-clave', Pin: '4321', device: { device_token: 'dt' } },
      payload: { order_token: 'ot', customToken: 'ct', apiKey: 'ak', s: 'sig' },
      deep: { a: { b: { c: { secret: 'deep-secret' } } } },
      commands: [{ type: 'lock', pin: '9876' }],
      failure: { error: duplicateEmailError() },
      req: { headers: { authorization: 'Bearer abc', cookie: 'sid=1' } },
    };
    logger.info(logged, 'a line');
    expect(log.lines).toHaveLength(1);
    expect(log.lines[0]).not.toMatch(
      /flow-token|una-clave|4321|"dt"|"ot"|"ct"|"ak"|"sig"|deep-secret|9876|ana@example|argon2|abc|sid=/,
    );
    expect(log.entries()[0]).toMatchObject({
      token: REDACTED,
      body: { password: REDACTED, Pin: REDACTED, device: { device_token: REDACTED } },
      deep: { a: { b: { c: { secret: REDACTED } } } },
      commands: [{ type: 'lock', pin: REDACTED }],
      failure: { error: { type: 'DrizzleQueryError', code: '23505' } },
      msg: 'a line',
    });
    // the caller's object is untouched
    expect(logged.body.password).toBe('una-clave');
    expect(logged.commands[0]!.pin).toBe('9876');
  });
});

describe('the server log', () => {
  // one server for both tests (a server takes seconds to start); each reads the lines it caused
  const log = captureLog();
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ LOG_LEVEL: 'info' }, undefined, { logStream: log.stream });
  });
  afterAll(() => app.close());

  it('logs a failing query of a real request without its parameters, password hash included', async () => {
    // the database refuses every new account: sign-up fails inside its INSERT with the hash as a parameter
    await app.ctx.db.execute(
      sql`ALTER TABLE users ADD CONSTRAINT test_refuses_sign_ups CHECK (name = '') NOT VALID`,
    );
    const account = { name: 'Ana Pérez', email: 'ana.log@example.cl', password: 'clave-muy-secreta-123' };
    const response = await app.post('/api/auth/signUpByCode', account);
    expect(response.statusCode).toBe(500);

    const failure = log.entries().find((entry) => entry.msg === 'unexpected error');
    expect(failure).toBeDefined();
    const err = failure!.err as SerializedError;
    expect(err.type).toBe('DrizzleQueryError');
    expect(err.code).toBe('23514');
    expect(err.message).toMatch(/^Failed query: insert into "users"/);
    expect(err.message).toContain(`params: ${REDACTED}`);
    expect(err.message).toContain('violates check constraint "test_refuses_sign_ups"');
    expect(err.stack).toContain('caused by: ');
    for (const line of log.lines) {
      expect(line).not.toContain(account.password);
      expect(line).not.toContain(account.email);
      expect(line).not.toContain('$argon2');
    }
  });

  it('writes one line a request, as it is answered: method, URL without secrets, status, time', async () => {
    const before = log.lines.length;
    const answer = await app.app.inject({ method: 'GET', url: '/api/planes?token=ONE0LINE0TOKEN' });
    const lines = log.entries().slice(before);
    const ofRequest = lines.filter((entry) => entry.reqId === answer.headers['x-request-id']);
    expect(ofRequest).toHaveLength(1);
    expect(ofRequest[0]).toMatchObject({
      level: 30,
      msg: 'request completed',
      req: { method: 'GET', url: `/api/planes?token=${REDACTED}` },
      res: { statusCode: answer.statusCode },
      responseTime: expect.any(Number),
    });
    expect(log.lines.join('\n')).not.toContain('ONE0LINE0TOKEN');
  });

  it('logs request URLs and logged tokens without their secret values', async () => {
    await app.app.inject({ method: 'GET', url: '/planes?token=RETURN0TOKEN' });
    // an unknown Flow token is logged (as a warning) by the payments service
    const confirm = await app.app.inject({
      method: 'POST',
      url: '/api/pagos/flowConfirm',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'token=UNKNOWN0FLOW0TOKEN',
    });
    expect(confirm.statusCode).toBe(404);
    const entries = log.entries();
    expect(entries).toContainEqual(
      expect.objectContaining({ req: expect.objectContaining({ url: `/planes?token=${REDACTED}` }) }),
    );
    expect(entries).toContainEqual(
      expect.objectContaining({ token: REDACTED, msg: 'flow confirmation for an unknown token: ignored' }),
    );
    expect(log.lines.join('\n')).not.toMatch(/RETURN0TOKEN|UNKNOWN0FLOW0TOKEN/);
  });
});
