import { useDeferredValue, type ReactNode } from 'react';

/**
 * Renders its children in a render of their own, right after the one that mounted it has been
 * committed and painted: for what a phone shows only after scrolling. On a slow phone one long task
 * that draws the whole page at once blocks input and delays its first paint; two shorter ones do not
 * (docs/decisions/017). What it adds goes below what is there, so nothing moves.
 */
export function AfterFirstPaint({ children }: { children: ReactNode }) {
  // on mount the initial value (false), then `true` in a deferred, interruptible render
  const shows = useDeferredValue(true, false);
  return shows ? children : null;
}
