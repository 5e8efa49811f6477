import { PREFETCH_META_NAME } from '@escudo/contract/browser';
import { whenIdle } from './when-idle.ts';

/**
 * What the page will likely need next (Login: Home and MUI; Home: MUI, for its dialogs), as the
 * server names it in index.html (`<meta name="escudo-prefetch">`, apps/server/src/web/web-app.ts):
 * fetched into the browser's cache once the page has loaded and the browser is idle, neither run nor
 * waited for. After a sign-in, Home and the lock or wipe dialog then need nothing from a slow network.
 * Not at once: on a slow network it would share the line with the page's own files (Login's largest
 * paint went from 1.7 to 1.9–2.0 s with `<link rel="prefetch">` in the HTML; decision 017).
 */
export function prefetchNextAfterLoad(): void {
  const meta = document.querySelector<HTMLMetaElement>(`meta[name="${PREFETCH_META_NAME}"]`);
  const hrefs = meta?.content.split(' ').filter((href) => /^\/(?!\/)/.test(href)) ?? [];
  if (hrefs.length === 0) return;
  const fetchAll = () => {
    for (const href of hrefs) {
      const link = document.createElement('link');
      link.rel = 'prefetch';
      link.as = 'script';
      // as the module scripts that will ask for them: same cache entry
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
    }
  };
  // not every browser has requestIdleCallback (Safari): then half a second after the load
  const prefetch = () => void whenIdle(fetchAll, { fallbackMs: 500 });
  if (document.readyState === 'complete') prefetch();
  else window.addEventListener('load', prefetch, { once: true });
}
