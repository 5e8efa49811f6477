import { afterEach, describe, expect, it, vi } from 'vitest';
import { prefetchNextAfterLoad } from './prefetch-next.ts';

const prefetched = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="prefetch"]')].map((link) => ({
    href: new URL(link.href).pathname,
    as: link.getAttribute('as'),
    crossOrigin: link.getAttribute('crossorigin'),
  }));

afterEach(() => {
  document.head.innerHTML = '';
});

describe('prefetchNextAfterLoad', () => {
  it('fetches what index.html names, once the page has loaded and the browser is idle', async () => {
    vi.useFakeTimers();
    document.head.innerHTML =
      '<meta name="escudo-prefetch" content="/assets/signed-in-1.js /assets/mui-2.js">';
    prefetchNextAfterLoad();
    // nothing at once: only once the browser is idle
    expect(prefetched()).toEqual([]);
    await vi.runAllTimersAsync();
    expect(prefetched()).toEqual([
      { href: '/assets/signed-in-1.js', as: 'script', crossOrigin: '' },
      { href: '/assets/mui-2.js', as: 'script', crossOrigin: '' },
    ]);
  });

  it('starts one link an idle time when the browser has no time left, until all are fetched', () => {
    const idle: ((deadline: IdleDeadline) => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (callback: (deadline: IdleDeadline) => void) => idle.push(callback));
    const busy = { didTimeout: false, timeRemaining: () => 1 };
    document.head.innerHTML =
      '<meta name="escudo-prefetch" content="/assets/a-1.js /assets/b-2.js /assets/c-3.js">';
    prefetchNextAfterLoad();
    expect(prefetched()).toEqual([]);
    idle.shift()?.(busy);
    expect(prefetched().map((link) => link.href)).toEqual(['/assets/a-1.js']);
    idle.shift()?.(busy);
    expect(prefetched().map((link) => link.href)).toEqual(['/assets/a-1.js', '/assets/b-2.js']);
    // with time to spare, the rest at once
    idle.shift()?.({ didTimeout: false, timeRemaining: () => 40 });
    expect(prefetched()).toHaveLength(3);
    expect(idle).toEqual([]);
  });

  it('does nothing on a page that names nothing, and takes only paths of this site', async () => {
    vi.useFakeTimers();
    prefetchNextAfterLoad();
    await vi.runAllTimersAsync();
    expect(prefetched()).toEqual([]);

    document.head.innerHTML =
      '<meta name="escudo-prefetch" content="https://elsewhere.example/x.js //elsewhere.example/y.js">';
    prefetchNextAfterLoad();
    await vi.runAllTimersAsync();
    expect(prefetched()).toEqual([]);
  });
});
