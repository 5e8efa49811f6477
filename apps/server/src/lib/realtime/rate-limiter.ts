/** A token bucket: `perSecond` a second on average, bursts up to `burst`. One per socket. */
export function createRateLimiter(
  perSecond: number,
  burst: number,
  now: () => number = () => performance.now(),
) {
  let tokens = burst;
  let last = now();
  return {
    /** whether `n` more (messages, points) may pass now; if not, none is counted */
    take(n = 1): boolean {
      const current = now();
      tokens = Math.min(burst, tokens + ((current - last) / 1000) * perSecond);
      last = current;
      if (tokens < n) return false;
      tokens -= n;
      return true;
    },
  };
}
