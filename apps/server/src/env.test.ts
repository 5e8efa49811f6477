import { describe, expect, it } from 'vitest';
import { parseEnv } from './env.ts';

describe('environment', () => {
  it('works with nothing set', () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.PUBLIC_URL).toBe('http://localhost:3000');
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.googleSignIn).toBe(false);
  });

  it('treats an empty string as missing', () => {
    expect(parseEnv({ PORT: '', DATABASE_URL: '' }).PORT).toBe(3000);
  });

  it('names every bad variable at once', () => {
    expect(() => parseEnv({ PORT: 'tres mil', DATABASE_URL: 'mysql://x', REDIS_URL: 'nope' })).toThrow(
      /PORT[\s\S]*DATABASE_URL[\s\S]*REDIS_URL/,
    );
  });
});
