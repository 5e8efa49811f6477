import { describe, expect, it } from 'vitest';
import { parseEnv } from './env.ts';
import { readOpenFilesLimit } from './open-files-limit.ts';

describe('environment', () => {
  it('works with nothing set', () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.PUBLIC_URL).toBe('http://localhost:3000');
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.googleSignIn).toBe(false);
  });

  it('refuses a short METRICS_TOKEN and bounds SHUTDOWN_GRACE_MS (default 8 s)', () => {
    expect(() => parseEnv({ METRICS_TOKEN: 'corto' })).toThrow(/METRICS_TOKEN: debe tener al menos 24/);
    expect(parseEnv({ METRICS_TOKEN: 'x'.repeat(24) }).METRICS_TOKEN).toBe('x'.repeat(24));
    expect(parseEnv({}).METRICS_TOKEN).toBeUndefined();
    expect(parseEnv({}).SHUTDOWN_GRACE_MS).toBe(8000);
    expect(() => parseEnv({ SHUTDOWN_GRACE_MS: '-1' })).toThrow(/SHUTDOWN_GRACE_MS/);
  });

  it('treats an empty string as missing', () => {
    expect(parseEnv({ PORT: '', DATABASE_URL: '' }).PORT).toBe(3000);
  });

  it("refuses production without Flow's keys, naming each missing one (no sandbox payments there)", () => {
    const production = {
      NODE_ENV: 'production',
      APP_SECRET: 'x'.repeat(40),
      PUBLIC_URL: 'https://escudo.cl',
      SMTP_URL: 'smtps://escudo:clave@smtp.escudo.cl:465',
    };
    expect(() => parseEnv(production)).toThrow(
      /FLOW_API_KEY: es obligatorio[\s\S]*FLOW_SECRET_KEY: es obligatorio/,
    );
    expect(() => parseEnv({ ...production, FLOW_API_KEY: 'key' })).toThrow(/FLOW_SECRET_KEY/);
    expect(() => parseEnv({ ...production, FLOW_API_KEY: 'key' })).not.toThrow(/FLOW_API_KEY/);
    expect(parseEnv({ ...production, FLOW_API_KEY: 'key', FLOW_SECRET_KEY: 'secret' }).isProduction).toBe(
      true,
    );
    // outside production no keys means the built-in sandbox
    expect(() => parseEnv({ NODE_ENV: 'development' })).not.toThrow();
  });

  it('refuses production without PUBLIC_URL or SMTP_URL (links to localhost, e-mails left in a folder)', () => {
    const production = {
      NODE_ENV: 'production',
      APP_SECRET: 'x'.repeat(40),
      FLOW_API_KEY: 'key',
      FLOW_SECRET_KEY: 'secret',
    };
    expect(() => parseEnv(production)).toThrow(/PUBLIC_URL: es obligatorio[\s\S]*SMTP_URL: es obligatorio/);
    expect(() => parseEnv({ ...production, PUBLIC_URL: 'https://escudo.cl' })).toThrow(/SMTP_URL/);
    expect(() => parseEnv({ ...production, SMTP_URL: 'smtp://127.0.0.1:25' })).toThrow(/PUBLIC_URL/);
    const env = parseEnv({
      ...production,
      PUBLIC_URL: 'https://escudo.cl/',
      SMTP_URL: 'smtp://127.0.0.1:25',
    });
    expect(env.PUBLIC_URL).toBe('https://escudo.cl');
  });

  it('reads TRUST_PROXY as nobody, a hop count or a list of proxies, and refuses trusting anyone', () => {
    expect(parseEnv({}).TRUST_PROXY).toBeUndefined();
    expect(parseEnv({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(parseEnv({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.10,::1' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '192.168.1.10',
      '::1',
    ]);
    expect(() => parseEnv({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: debe ser un número de saltos/);
    expect(() => parseEnv({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/no válidas: 10\.0\.0\.0\/33/);
  });

  it('keeps idle connections longer than a load balancer does, and waits a few seconds for headers', () => {
    const env = parseEnv({});
    expect(env.HTTP_KEEP_ALIVE_TIMEOUT_MS).toBeGreaterThan(60_000);
    // decision 051: the headers timer does not run on an idle keep-alive connection, so no relation
    expect(env.HTTP_HEADERS_TIMEOUT_MS).toBe(10_000);
    const short = parseEnv({ HTTP_KEEP_ALIVE_TIMEOUT_MS: '72000', HTTP_HEADERS_TIMEOUT_MS: '4000' });
    expect(short.HTTP_HEADERS_TIMEOUT_MS).toBe(4000);
  });

  it('caps connections per address (0 = no cap), and all of them below the file descriptor limit', () => {
    const env = parseEnv({});
    expect(env.HTTP_MAX_CONNECTIONS_PER_ADDRESS).toBe(1000);
    expect(env.HTTP_MAX_PENDING_HEADERS_PER_ADDRESS).toBe(32);
    expect(parseEnv({ HTTP_MAX_CONNECTIONS_PER_ADDRESS: '0' }).HTTP_MAX_CONNECTIONS_PER_ADDRESS).toBe(0);
    expect(() => parseEnv({ HTTP_MAX_PENDING_HEADERS_PER_ADDRESS: '-1' })).toThrow(
      /HTTP_MAX_PENDING_HEADERS_PER_ADDRESS/,
    );
    const limit = readOpenFilesLimit();
    expect(limit).not.toBeNull();
    expect(env.HTTP_MAX_CONNECTIONS).toBeLessThan(limit!);
    expect(parseEnv({ HTTP_MAX_CONNECTIONS: String(limit! - 1) }).HTTP_MAX_CONNECTIONS).toBe(limit! - 1);
    expect(() => parseEnv({ HTTP_MAX_CONNECTIONS: String(limit) })).toThrow(
      new RegExp(
        `HTTP_MAX_CONNECTIONS: debe ser menor que el límite de archivos abiertos del proceso \\(${limit}, ulimit -n\\)`,
      ),
    );
  });

  it('turns Google sign-in on with both keys, from Google unless another issuer is named', () => {
    const google = parseEnv({ GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' });
    expect(google.googleSignIn).toBe(true);
    expect(google.GOOGLE_ISSUER_URL).toBe('https://accounts.google.com');
    expect(
      parseEnv({ GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 's', GOOGLE_ISSUER_URL: 'http://127.0.0.1:9' })
        .GOOGLE_ISSUER_URL,
    ).toBe('http://127.0.0.1:9');
    expect(() => parseEnv({ GOOGLE_CLIENT_ID: 'id' })).toThrow(/GOOGLE_CLIENT_SECRET: falta/);
    expect(() => parseEnv({ GOOGLE_CLIENT_SECRET: 's' })).toThrow(/GOOGLE_CLIENT_ID: falta/);
    expect(() => parseEnv({ GOOGLE_ISSUER_URL: 'no es una url' })).toThrow(/GOOGLE_ISSUER_URL/);
  });

  it('stores files in the folder unless S3_BUCKET is set, which needs both keys; S3_FORCE_PATH_STYLE is a yes/no', () => {
    const folder = parseEnv({});
    expect(folder.S3_BUCKET).toBeUndefined();
    expect(folder.S3_FORCE_PATH_STYLE).toBe(false);
    const keys = { S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret' };
    const bucket = parseEnv({ S3_BUCKET: 'fotos', S3_ENDPOINT: 'http://127.0.0.1:9000', ...keys });
    expect(bucket).toMatchObject({ S3_BUCKET: 'fotos', S3_REGION: 'us-east-1', S3_FORCE_PATH_STYLE: false });
    for (const [value, expected] of [
      ['true', true],
      ['1', true],
      ['false', false],
      ['0', false],
    ] as const) {
      expect(parseEnv({ S3_BUCKET: 'b', ...keys, S3_FORCE_PATH_STYLE: value }).S3_FORCE_PATH_STYLE).toBe(
        expected,
      );
    }
    expect(() => parseEnv({ S3_BUCKET: 'b', ...keys, S3_FORCE_PATH_STYLE: 'yes' })).toThrow(
      /S3_FORCE_PATH_STYLE: debe ser true, false, 1 o 0/,
    );
    expect(() => parseEnv({ S3_BUCKET: 'b' })).toThrow(
      /S3_ACCESS_KEY_ID: falta[\s\S]*S3_SECRET_ACCESS_KEY: falta/,
    );
    expect(() => parseEnv({ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'id' })).toThrow(/S3_SECRET_ACCESS_KEY: falta/);
    expect(() => parseEnv({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(/S3_BUCKET: falta/);
  });

  it('names every bad variable at once', () => {
    expect(() => parseEnv({ PORT: 'tres mil', DATABASE_URL: 'mysql://x', REDIS_URL: 'nope' })).toThrow(
      /PORT[\s\S]*DATABASE_URL[\s\S]*REDIS_URL/,
    );
  });
});
