import { PREFETCH_META_NAME } from '@escudo/contract/browser';
import { whenIdle } from './when-idle.ts';

// the idle time left that another link may start in; with less, the rest wait for the next idle time
const IDLE_LEFT_MS = 4;

/**
 * What the page will likely need next (Login: Home and MUI; Home: MUI, for its dialogs), as the
 * server names it in index.html (`<meta name="escudo-prefetch">`, apps/server/src/features/web/web-app.ts):
 * fetched into the browser's cache once the page has loaded and the browser is idle, neither run nor
 * waited for. After a sign-in, Home and the lock or wipe dialog then need nothing from a slow network.
 * Not at once: on a slow network it would share the line with the page's own files (Login's largest
 * paint went from 1.7 to 1.9–2.0 s with `<link rel="prefetch">` in the HTML; decision 017).
 */
export function prefetchNextAfterLoad(): void {
  const meta = document.querySelector<HTMLMetaElement>(`meta[name="${PREFETCH_META_NAME}"]`);
  const hrefs = meta?.content.split(' ').filter((href) => /^\/(?!\/)/.test(href)) ?? [];
  if (hrefs.length === 0) return;
  // Each link starts a download on the main thread: nine at once (Tracking's list) were one task of
  // 20 ms on a fast machine, so they go a few at a time, while the browser says it is idle
  // (bench/RESULTS.md, "render as you fetch, idle prefetch in slices").
  const fetchSome = (deadline?: IdleDeadline) => {
    do {
      const link = document.createElement('link');
      link.rel = 'prefetch';
      link.as = 'script';
      // as the module scripts that will ask for them: same cache entry
      link.crossOrigin = '';
      link.href = hrefs.shift() as string;
      document.head.append(link);
      // without a deadline (the timer where there is no requestIdleCallback), all at once
    } while (hrefs.length > 0 && (!deadline || deadline.timeRemaining() > IDLE_LEFT_MS));
    if (hrefs.length > 0) whenIdle(fetchSome, { fallbackMs: 0 });
  };
  // not every browser has requestIdleCallback (Safari): then half a second after the load
  const prefetch = () => void whenIdle(fetchSome, { fallbackMs: 500 });
  if (document.readyState === 'complete') prefetch();
  else window.addEventListener('load', prefetch, { once: true });
}
