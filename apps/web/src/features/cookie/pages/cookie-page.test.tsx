import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../../testing/render.tsx';
import { cookieTexts as t } from '../texts.ts';
import { CookiePage } from './cookie-page.tsx';

// The diagnostic page: it stores a test cookie, shows the site's cookies in the browser's alert box,
// then on the page. happy-dom has no alert box: a stand-in keeps what it was asked to show.
const shown: string[] = [];

beforeEach(() => {
  shown.length = 0;
  vi.stubGlobal('alert', (text: string) => shown.push(text));
});

afterEach(() => {
  vi.restoreAllMocks();
  document.cookie = 'escudo_test_cookie=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
});

describe('CookiePage', () => {
  it('explains itself, stores the test cookie and shows the cookies in an alert and on the page', async () => {
    renderScreen(<CookiePage />, '/cookie');
    expect(screen.getByRole('heading', { level: 1, name: t.title })).toBeInTheDocument();
    expect(screen.getByText(t.intro)).toBeInTheDocument();
    expect(screen.getByText(t.cookiesLabel)).toBeInTheDocument();
    expect(shown).toHaveLength(1);
    expect(shown[0]).toContain('escudo_test_cookie=ok');
    expect(await screen.findByText(/escudo_test_cookie=ok/)).toBeInTheDocument();
    expect(screen.queryByText(t.noCookies)).not.toBeInTheDocument();
  });

  it('says so when the browser keeps no cookie', async () => {
    // a browser that refuses cookies: what is written is not kept
    vi.spyOn(document, 'cookie', 'get').mockReturnValue('');
    renderScreen(<CookiePage />, '/cookie');
    expect(await screen.findByText(t.noCookies)).toBeInTheDocument();
    expect(shown).toEqual(['']);
  });
});
