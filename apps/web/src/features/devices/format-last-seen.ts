/** "Última conexión hace 3 h" (decision 042): how long ago a phone was last connected, in Spanish. */
import { chileDateParts } from '@escudo/contract/browser';
import { fillText } from '../../lib/format.ts';
import { devicesTexts as t } from './texts.ts';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
/** ours: past a week, a date says more than a count of days */
const DAYS_SHOWN = 7;

/**
 * The line for a phone not connected now: relative up to a week ("hace 5 min", "hace 3 h", "hace 2
 * días"), then the date in Chile's time (DD-MM-AAAA). A time ahead of `now` (the browser's clock
 * behind the server's) counts as just now.
 */
export function formatLastSeen(lastSeenAt: string, now: number): string {
  const at = new Date(lastSeenAt);
  const elapsed = Math.max(0, now - at.getTime());
  if (elapsed >= DAYS_SHOWN * DAY_MS) {
    const part = chileDateParts(at);
    return part ? fillText(t.lastSeenOn, { date: `${part.day}-${part.month}-${part.year}` }) : '';
  }
  return fillText(t.lastSeen, { when: formatElapsed(elapsed) });
}

function formatElapsed(elapsed: number): string {
  if (elapsed < MINUTE_MS) return t.justNow;
  if (elapsed < HOUR_MS) return fillText(t.minutesAgo, { count: Math.floor(elapsed / MINUTE_MS) });
  if (elapsed < DAY_MS) return fillText(t.hoursAgo, { count: Math.floor(elapsed / HOUR_MS) });
  const days = Math.floor(elapsed / DAY_MS);
  return days === 1 ? t.oneDayAgo : fillText(t.daysAgo, { count: days });
}
