/**
 * The time now, to the minute, for texts such as "hace 5 min": one timer for the whole panel, running
 * only while something shows such a text, rather than one per row.
 */
import { useSyncExternalStore } from 'react';
import { createLiveValue } from './realtime/live-value.ts';

/** ours: relative times say minutes at the finest */
const TICK_MS = 60_000;

const clock = createLiveValue(Date.now());
let timer: ReturnType<typeof setInterval> | undefined;
let listeners = 0;

function subscribe(listener: () => void): () => void {
  const unsubscribe = clock.subscribe(listener);
  listeners += 1;
  if (timer === undefined) {
    // a screen opened after a pause starts from the time now, not from when the last one closed
    clock.set(Date.now());
    timer = setInterval(() => clock.set(Date.now()), TICK_MS);
  }
  return () => {
    unsubscribe();
    listeners -= 1;
    if (listeners === 0) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

/** Milliseconds since the epoch, updated every minute while some component uses it. */
export function useMinuteClock(): number {
  return useSyncExternalStore(subscribe, clock.get);
}
