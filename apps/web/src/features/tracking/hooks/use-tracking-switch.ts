import { useEffect, useRef, useState } from 'react';
import type { Device } from '@escudo/contract';
import {
  LOST_PHONE_WAIT_MS,
  SNACKBAR_ERROR_MS,
  SNACKBAR_MS,
  TRACKING_TIMER_MS,
} from '@escudo/contract/browser';
import { describeErrorDetails, isApiRequestError } from '../../../lib/api-client.ts';
import { watchCommand } from '../../../lib/commands/command-store.ts';
import { useRealtimeEvent } from '../../../lib/realtime/use-realtime.ts';
import { changeTrackingStatus } from '../api/change-tracking-status.ts';
import { followTrackings } from '../api/follow-trackings.ts';
import { refreshTrackings } from '../api/get-trackings.ts';
import { trackingTexts } from '../texts.ts';

export type TrackingNotice = { severity: 'success' | 'error' | 'warning'; text: string; ms: number };

/**
 * Live tracking's protocol (spec 4, 8, 9): 'Activar Tracking' waits up to LOST_PHONE_WAIT_MS for the
 * phone to take the order (its command past `sent`, or the route's first points); 'Desactivar Tracking'
 * ends on a TRACKING_TIMER_MS timer. The live route grows with `trackingPoints`.
 */
export function useTrackingSwitch(
  device: Device,
  { onStarted, onStopped }: { onStarted: () => void; onStopped: () => void },
) {
  const [pending, setPending] = useState<'activating' | 'deactivating' | null>(null);
  const [notice, setNotice] = useState<TrackingNotice | null>(null);
  // the route the page waits for the phone to start (spec 4: "waits for a device notification")
  const awaitedTrackingId = useRef<number | null>(null);
  const stopWaiting = useRef<() => void>(() => undefined);

  useEffect(() => () => stopWaiting.current(), []);

  const settle = (next: TrackingNotice | null) => {
    stopWaiting.current();
    setPending(null);
    setNotice(next);
  };
  const phoneTookIt = () =>
    settle({ severity: 'success', text: trackingTexts.activated, ms: SNACKBAR_ERROR_MS });

  // The live route's points, starts and ends, and what was sent while the link was down, reach the
  // cached routes from follow-trackings.ts: the route follows them as it starts (prefetch-tracking.ts);
  // here for any other way in (idempotent). This page only waits for the awaited route's first points.
  useEffect(() => followTrackings(), []);
  useRealtimeEvent('trackingPoints', ({ device_id, tracking_id }) => {
    if (device_id === device.device_id && awaitedTrackingId.current === tracking_id) phoneTookIt();
  });

  // Waits until `settle`: `onTimeout` after `ms`, or the phone taking order `commandId` (the store may
  // already know it, its answer overtaking the HTTP reply) or sending route `trackingId`'s points.
  const wait = (ms: number, onTimeout: () => void, awaited?: { commandId: number; trackingId: number }) => {
    stopWaiting.current();
    let isOver = false;
    const cleanups: (() => void)[] = [];
    stopWaiting.current = () => {
      isOver = true;
      awaitedTrackingId.current = null;
      for (const cleanup of cleanups) cleanup();
    };
    const timer = setTimeout(onTimeout, ms);
    cleanups.push(() => clearTimeout(timer));
    if (!awaited) return;
    awaitedTrackingId.current = awaited.trackingId;
    const stopWatching = watchCommand(awaited.commandId, ({ command }) => {
      if (command.state !== 'sent') phoneTookIt();
    });
    if (isOver) stopWatching();
    else cleanups.push(stopWatching);
  };

  const run = async (next: 'activating' | 'deactivating', order: () => Promise<void>) => {
    setPending(next);
    setNotice(null);
    try {
      await order();
    } catch (error) {
      // spec 8: the banner is reset and the listener removed
      const isNetwork = !isApiRequestError(error) || error.status === 0;
      const text = isNetwork ? trackingTexts.networkError : describeErrorDetails(error).join(' ');
      settle({ severity: 'error', text, ms: SNACKBAR_ERROR_MS });
    }
  };

  const activate = () =>
    run('activating', async () => {
      const { tracking, command } = await changeTrackingStatus(device.device_id, 1);
      onStarted();
      // the order stays on the server: the route starts whenever the phone connects
      const noAnswer = { severity: 'warning', text: trackingTexts.noAnswer, ms: SNACKBAR_ERROR_MS } as const;
      const awaited = command && tracking ? { commandId: command.id, trackingId: tracking.id } : undefined;
      wait(LOST_PHONE_WAIT_MS, () => settle(noAnswer), awaited);
      await refreshTrackings(device.device_id);
    });

  const deactivate = () =>
    run('deactivating', async () => {
      await changeTrackingStatus(device.device_id, 2);
      // spec 9: the deactivation's loading ends on a 4 s timer
      wait(TRACKING_TIMER_MS, () => {
        settle({ severity: 'success', text: trackingTexts.deactivated, ms: SNACKBAR_MS });
        onStopped();
        void refreshTrackings(device.device_id);
      });
    });

  return { pending, notice, dismissNotice: () => setNotice(null), activate, deactivate };
}
