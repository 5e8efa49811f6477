/** A token bucket: `perSecond` messages a second on average, bursts up to `burst`. One per socket. */
export function createRateLimiter(
  perSecond: number,
  burst: number,
  now: () => number = () => performance.now(),
) {
  let tokens = burst;
  let last = now();
  return {
    /** whether one more message may pass now */
    take(): boolean {
      const current = now();
      tokens = Math.min(burst, tokens + ((current - last) / 1000) * perSecond);
      last = current;
      if (tokens < 1) return false;
      tokens -= 1;
      return true;
    },
  };
}
