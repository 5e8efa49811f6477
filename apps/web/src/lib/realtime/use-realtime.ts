import { useEffect, useEffectEvent, useSyncExternalStore } from 'react';
import {
  ensureRealtime,
  getPresence,
  getRealtimeStatus,
  onRealtimeReconnect,
  subscribe,
  subscribePresence,
  subscribeRealtimeStatus,
  type RealtimeStatus,
  type ServerMessageHandler,
  type ServerMessageType,
} from './realtime-client.ts';

/** Calls `handler` for every message of `type` while mounted; the handler may change on every render. */
export function useRealtimeEvent<T extends ServerMessageType>(
  type: T,
  handler: ServerMessageHandler<T>,
): void {
  const onMessage = useEffectEvent(handler);
  useEffect(() => subscribe(type, (payload) => onMessage(payload)), [type]);
}

/** The link's state, opening it if needed (for "reconnecting…" notices). */
export function useRealtimeStatus(): RealtimeStatus {
  useEffect(() => void ensureRealtime(), []);
  return useSyncExternalStore(subscribeRealtimeStatus, getRealtimeStatus);
}

/** Whether the phone is connected to the server now, as the server last said; null while unknown. */
export function useDevicePresence(deviceId: string): boolean | null {
  useEffect(() => void ensureRealtime(), []);
  return useSyncExternalStore(subscribePresence, getPresence).get(deviceId) ?? null;
}

/**
 * Keeps the realtime link open while mounted, for what arrives without a handler of its own: the
 * phones' `deviceStatus`, which updates the user's details (realtime-client.ts).
 */
export function useRealtimeLink(): void {
  useEffect(() => void ensureRealtime(), []);
}

/** onRealtimeReconnect (realtime-client.ts) while mounted: for what a screen itself keeps live. */
export function useOnRealtimeReconnect(onBack: () => void): void {
  const handleBack = useEffectEvent(onBack);
  useEffect(() => onRealtimeReconnect(() => handleBack()), []);
}
