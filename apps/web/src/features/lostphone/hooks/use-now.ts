import { useEffect, useState } from 'react';

/** The current time, refreshed every 250 ms while `isTicking` (countdowns, "waiting n s"). */
export function useNow(isTicking = true): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!isTicking) return;
    // the first tick comes after 250 ms; callers clamp times computed from a stale `now`
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [isTicking]);
  return now;
}
