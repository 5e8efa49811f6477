/**
 * The time now, to the minute (or the second), for texts such as "hace 5 min": one timer for the whole
 * panel per pace, running only while something shows such a text, rather than one per row.
 */
import { useSyncExternalStore } from 'react';
import { createLiveValue } from './realtime/live-value.ts';

function createClock(tickMs: number) {
  const clock = createLiveValue(Date.now());
  let timer: ReturnType<typeof setInterval> | undefined;
  let listeners = 0;
  const subscribe = (listener: () => void): (() => void) => {
    const unsubscribe = clock.subscribe(listener);
    listeners += 1;
    if (timer === undefined) {
      // a screen opened after a pause starts from the time now, not from when the last one closed
      clock.set(Date.now());
      timer = setInterval(() => clock.set(Date.now()), tickMs);
    }
    return () => {
      unsubscribe();
      listeners -= 1;
      if (listeners === 0) {
        clearInterval(timer);
        timer = undefined;
      }
    };
  };
  return { subscribe, get: clock.get };
}

/** ours: relative times say minutes at the finest */
const minuteClock = createClock(60_000);
/** the central's queue counts an event's wait in seconds: its rows change colour at 30 s and 60 s */
const secondClock = createClock(1_000);

/** Milliseconds since the epoch, updated every minute while some component uses it. */
export function useMinuteClock(): number {
  return useSyncExternalStore(minuteClock.subscribe, minuteClock.get);
}

/** Milliseconds since the epoch, updated every second while some component uses it. */
export function useSecondClock(): number {
  return useSyncExternalStore(secondClock.subscribe, secondClock.get);
}
