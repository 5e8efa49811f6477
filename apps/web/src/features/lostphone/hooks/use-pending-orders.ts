/**
 * The orders of one device the owner should see beside it (decision 043): those still
 * waiting for a phone that is off, once the spec's 40 s wait is over, and then what became of them,
 * live, until the owner dismisses it. An order that expired shows once in the last day even if this
 * panel never saw it waiting (it was closed meanwhile).
 */
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import type { Command, CommandType } from '@escudo/contract';
import { LOST_PHONE_WAIT_MS } from '@escudo/contract/browser';
import { createLiveValue } from '../../../lib/realtime/live-value.ts';
import {
  followDevice,
  getCommandEntries,
  loadDeviceCommands,
  subscribeCommands,
} from '../../../lib/commands/command-store.ts';

/** the orders that wait for a phone; tracking's follow their route (decision 043) */
export type PendingOrderType = Extract<CommandType, 'lock' | 'wipe' | 'lostOn' | 'lostOff'>;
export const pendingOrderTypes: readonly PendingOrderType[] = ['lock', 'wipe', 'lostOn', 'lostOff'];

/** ours: an expired order the panel did not see waiting is shown when it expired within a day */
const RECENT_EXPIRY_MS = 24 * 60 * 60 * 1000;

/** ids of orders this panel showed as pending (their outcome is shown), and of those dismissed */
const shown = createLiveValue<{ pending: ReadonlySet<number>; dismissed: ReadonlySet<number> }>({
  pending: new Set(),
  dismissed: new Set(),
});

export function dismissOrder(commandId: number): void {
  const current = shown.get();
  shown.set({ ...current, dismissed: new Set(current.dismissed).add(commandId) });
}

function markPending(ids: number[]): void {
  const current = shown.get();
  if (ids.every((id) => current.pending.has(id))) return;
  shown.set({ ...current, pending: new Set([...current.pending, ...ids]) });
}

export type PendingOrder = Command & { type: PendingOrderType };

const isPendingType = (command: Command): command is PendingOrder =>
  (pendingOrderTypes as readonly string[]).includes(command.type);

/** Whether an order has waited past the spec's 40 s (spec 4/9) for its phone, at `now`. */
export function hasWaitedPastAnswer(command: Command, now: number): boolean {
  return command.state === 'sent' && now - Date.parse(command.created_at) >= LOST_PHONE_WAIT_MS;
}

/**
 * The device's orders to show, oldest first; `types` narrows them (a dialog shows its own kind). An
 * order shows as waiting once the spec's 40 s are over, or at once for a phone known to be off.
 * Android only: an iPhone gets no such orders (spec 6), so nothing is asked for it.
 */
export function usePendingOrders(
  deviceId: string,
  {
    isSupported = true,
    types = pendingOrderTypes,
    isKnownOffline = false,
  }: {
    isSupported?: boolean;
    types?: readonly string[];
    /** the phone is known to be off (its last state): an order waits from the start, no 40 s needed */
    isKnownOffline?: boolean;
  } = {},
): PendingOrder[] {
  const entries = useSyncExternalStore(subscribeCommands, getCommandEntries);
  const marks = useSyncExternalStore(shown.subscribe, shown.get);
  const [now, setNow] = useState(Date.now);

  useEffect(() => {
    if (isSupported) loadDeviceCommands(deviceId);
  }, [deviceId, isSupported]);

  const commands = useMemo(
    () =>
      [...entries.values()]
        .map((entry) => entry.command)
        .filter((command) => command.device_id === deviceId && isPendingType(command))
        .filter((command) => types.includes(command.type))
        .sort((a, b) => a.id - b.id) as PendingOrder[],
    [entries, deviceId, types],
  );

  const isWaiting = (command: Command) =>
    command.state === 'sent' && (isKnownOffline || hasWaitedPastAnswer(command, now));
  const waiting = commands.filter(isWaiting);
  const waitingIds = waiting.map((command) => command.id).join(',');
  useEffect(() => {
    if (waitingIds) markPending(waitingIds.split(',').map(Number));
  }, [waitingIds]);

  // an order still within its 40 s shows once they are over
  const nextDue = Math.min(
    ...commands
      .filter((command) => command.state === 'sent' && !hasWaitedPastAnswer(command, now))
      .map((command) => Date.parse(command.created_at) + LOST_PHONE_WAIT_MS),
  );
  useEffect(() => {
    if (!Number.isFinite(nextDue)) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.max(0, nextDue - Date.now()) + 50);
    return () => clearTimeout(timer);
  }, [nextDue]);

  const visible = commands.filter((command) => {
    if (marks.dismissed.has(command.id)) return false;
    if (command.state === 'sent') return isWaiting(command);
    if (marks.pending.has(command.id)) return true;
    return command.state === 'expired' && now - Date.parse(command.updated_at) < RECENT_EXPIRY_MS;
  });

  // while an order waits or moves, the device is followed: its phone's answers arrive live
  const isLive = visible.some((command) => command.state === 'sent' || command.state === 'delivered');
  useEffect(() => {
    if (isLive) return followDevice(deviceId);
  }, [isLive, deviceId]);

  return visible;
}
