/**
 * Chile's calendar and clock, whatever the zone of the machine or browser: the panel shows dates
 * DD-MM-YYYY HH:mm (spec 2), Flow writes its dates in Chile's time, and the phone stamps its photos
 * with it. One formatter for all of them; each caller arranges the parts as it needs.
 */
export const CHILE_TIME_ZONE = 'America/Santiago';

export interface ChileDateParts {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
  second: string;
}

// Made on first use, not as the module loads: a page's first date formatter of any kind costs about 30 ms of
// the main thread (ICU's date data, measured in Chromium; 120 ms at Lighthouse's 4× slowdown), which the
// panel's entry script paid before Login could draw, though Login formats no date. A page that shows a date
// pays it once, when it first does (bench/RESULTS.md, "the panel on a phone, second pass").
let chileClock: Intl.DateTimeFormat | undefined;

function clock(): Intl.DateTimeFormat {
  chileClock ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: CHILE_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  return chileClock;
}

/** The two-digit parts (four for the year) of `date` in Chile's time; null for an invalid date. */
export function chileDateParts(date: Date): ChileDateParts | null {
  if (Number.isNaN(date.getTime())) return null;
  const part = Object.fromEntries(
    clock()
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  );
  return {
    year: part.year!,
    month: part.month!,
    day: part.day!,
    hour: part.hour!,
    minute: part.minute!,
    second: part.second!,
  };
}

/** Today's date in Chile, YYYY-MM-DD (e.g. the latest birth date a profile accepts, spec 5). */
export function chileToday(now = new Date()): string {
  const parts = chileDateParts(now)!;
  return `${parts.year}-${parts.month}-${parts.day}`;
}
