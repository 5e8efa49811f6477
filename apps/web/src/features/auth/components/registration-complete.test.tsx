import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answer } from '../../../testing/fake-network.ts';
import { config } from '../../../testing/fixtures.ts';
import { renderScreen } from '../../../testing/render.tsx';
import { authTexts as t } from '../texts.ts';
import { RegistrationComplete } from './registration-complete.tsx';

// 'Registro Completo' on a phone (spec 4 Registration, spec 9): after a form sign-up a 5 s countdown
// leads to the store; on Android the app's own link is tried first, 500 ms in, and the store is the
// fallback. The clock is fake: the test moves it and reads where the browser was sent.

const links = {
  ...config,
  play_store_url: 'https://play.google.com/store/apps/details?id=cl.escudo',
  app_store_url: 'https://apps.apple.com/cl/app/escudo/id123',
  app_link_url: 'escudo://abrir',
};
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36';

/** where the browser was sent, in order (happy-dom does not leave the page) */
const wentTo: string[] = [];

/** moves the clock in steps, each one acted, so that React schedules the countdown's next second */
async function wait(ms: number) {
  if (ms === 0) return act(() => vi.advanceTimersByTimeAsync(0));
  for (let elapsed = 0; elapsed < ms; elapsed += 100) await act(() => vi.advanceTimersByTimeAsync(100));
}

async function showFrom(userAgent: string) {
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(userAgent);
  renderScreen(<RegistrationComplete />, '/register');
  // the store links arrive (promises, and React Query's 0 ms notifications): the countdown starts
  for (let i = 0; i < 20 && !screen.queryByRole('link', { name: 'Disponible en Google Play' }); i++)
    await wait(0);
  expect(screen.getByRole('link', { name: 'Disponible en Google Play' })).toBeInTheDocument();
}

beforeEach(() => {
  vi.useFakeTimers();
  wentTo.length = 0;
  vi.spyOn(window.location, 'assign').mockImplementation((url) => void wentTo.push(String(url)));
  answer('getConfig', links);
});

afterEach(() => {
  vi.restoreAllMocks();
  Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'visible' });
});

describe('RegistrationComplete', () => {
  it('on Android tries the app link first, at 500 ms, then the store when the 5 s countdown ends', async () => {
    await showFrom(ANDROID);
    expect(screen.getByRole('status')).toHaveTextContent('Redireccionando en 5');
    expect(wentTo).toEqual([]);

    await wait(500);
    expect(wentTo).toEqual([links.app_link_url]);
    await wait(3_500);
    expect(screen.getByRole('status')).toHaveTextContent('Redireccionando en 1');
    expect(wentTo).toEqual([links.app_link_url]);
    await wait(1_000);
    expect(wentTo).toEqual([links.app_link_url, links.play_store_url]);
  });

  it('on Android does not go to the store when the app opened (the page was hidden)', async () => {
    await showFrom(ANDROID);
    await wait(500);
    expect(wentTo).toEqual([links.app_link_url]);
    // the app comes to the front: the browser hides the page
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'hidden' });
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    await wait(10_000);
    expect(wentTo).toEqual([links.app_link_url]);
    expect(screen.queryByText(/Redireccionando en/)).not.toBeInTheDocument();
  });

  it('on an iPhone goes to the App Store after 5 s, with no app link', async () => {
    await showFrom(IPHONE);
    await wait(4_000);
    expect(wentTo).toEqual([]);
    await wait(1_000);
    expect(wentTo).toEqual([links.app_store_url]);
  });

  it('on a computer shows no countdown and sends nowhere', async () => {
    await showFrom(DESKTOP);
    await wait(10_000);
    expect(wentTo).toEqual([]);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: t.goToPanel })).toBeInTheDocument();
  });
});
