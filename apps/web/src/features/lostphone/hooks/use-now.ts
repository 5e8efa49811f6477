import { useEffect, useState } from 'react';

/** The current time, refreshed every `intervalMs` while `isTicking` (countdowns, "waiting n s"). */
export function useNow(isTicking = true, intervalMs = 250): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!isTicking) return;
    // the first tick comes after `intervalMs`; callers clamp times computed from a stale `now`
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [isTicking, intervalMs]);
  return now;
}
