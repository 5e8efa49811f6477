import { useEffect, useState } from 'react';

/**
 * Runs `callback` once the browser has nothing more urgent to do (requestIdleCallback, with a
 * timeout; a short timer, `fallbackMs`, where there is none, as in Safari), and returns what cancels it.
 * The callback gets the browser's deadline, when there is one, to stop before the idle time is over.
 */
export function whenIdle(
  callback: (deadline?: IdleDeadline) => void,
  { timeout = 2_000, fallbackMs = 200 } = {},
): () => void {
  const onIdle = (window as Partial<Pick<Window, 'requestIdleCallback' | 'cancelIdleCallback'>>)
    .requestIdleCallback;
  if (onIdle) {
    const handle = onIdle.call(window, callback, { timeout });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(() => callback(), fallbackMs);
  return () => window.clearTimeout(handle);
}

/**
 * False on the first render, then true once the page has been drawn and the browser is idle: for
 * what a page can show a moment later (a map), so that fetching and starting it does not hold up the
 * page's first paint or its answer to a tap (decision 017's addenda).
 */
export function useIdleAfterMount(): boolean {
  const [isIdle, setIsIdle] = useState(false);
  useEffect(() => whenIdle(() => setIsIdle(true)), []);
  return isIdle;
}
