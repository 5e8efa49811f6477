/** A token bucket: `perSecond` a second on average, bursts up to `burst`. One per socket. */
export function createRateLimiter(perSecond: number, burst: number) {
  let tokens = burst;
  let last = performance.now();
  return {
    /** whether `n` more (messages, points) may pass now; if not, none is counted */
    take(n = 1): boolean {
      const now = performance.now();
      tokens = Math.min(burst, tokens + ((now - last) / 1000) * perSecond);
      last = now;
      if (tokens < n) return false;
      tokens -= n;
      return true;
    },
  };
}
