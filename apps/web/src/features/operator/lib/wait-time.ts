/** ours, after the alarm-receiving centres' practice: an unclaimed event turns amber, then red */
export const AMBER_AFTER_MS = 30_000;
export const RED_AFTER_MS = 60_000;

/** How long since `iso`, as the central reads it: '45 s', '2 min 05 s', '1 h 12 min'. */
export function formatWait(iso: string, now: number): string {
  const seconds = Math.max(0, Math.floor((now - new Date(iso).getTime()) / 1000));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ${String(seconds % 60).padStart(2, '0')} s`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}

/** How urgent an open event's wait has become. */
export function waitLevel(iso: string, now: number): 'fresh' | 'amber' | 'red' {
  const waited = now - new Date(iso).getTime();
  if (waited >= RED_AFTER_MS) return 'red';
  return waited >= AMBER_AFTER_MS ? 'amber' : 'fresh';
}
