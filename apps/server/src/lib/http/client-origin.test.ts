import { describe, expect, it } from 'vitest';
import { describeBrowser } from './client-origin.ts';

describe('describeBrowser', () => {
  it.each([
    [
      'Mozilla/5.0 (Linux; Android 13; SM-A146M) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
      'Chrome en Android',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
      'Safari en iOS',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      'Edge en Windows',
    ],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0', 'Firefox en Linux'],
    [
      'Mozilla/5.0 (Linux; Android 14; SAMSUNG SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36',
      'Samsung Internet en Android',
    ],
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.0.0 Safari/537.36',
      'Chrome en Linux',
    ],
    ['curl/8.5.0', 'curl/8.5.0'],
  ])('reads %s as %s', (agent, expected) => {
    expect(describeBrowser(agent)).toBe(expected);
  });

  it('has nothing to say without a user agent', () => {
    expect(describeBrowser(undefined)).toBeNull();
    expect(describeBrowser('  ')).toBeNull();
  });
});
