/** React hooks over the realtime link (realtime-client.ts). */
import { useEffect, useEffectEvent, useSyncExternalStore } from 'react';
import {
  ensureRealtime,
  getPresence,
  getRealtimeStatus,
  subscribe,
  subscribePresence,
  subscribeRealtimeStatus,
  type RealtimeStatus,
  type ServerMessageHandler,
  type ServerMessageType,
} from './realtime-client.ts';

/**
 * Calls `handler` for every message of `type` while the component is mounted. The handler may change
 * on every render; the subscription does not.
 */
export function useRealtimeEvent<T extends ServerMessageType>(
  type: T,
  handler: ServerMessageHandler<T>,
): void {
  const onMessage = useEffectEvent(handler);
  useEffect(() => subscribe(type, (payload) => onMessage(payload)), [type]);
}

/** The link's state, opening it if needed (for "reconnecting…" notices). */
export function useRealtimeStatus(): RealtimeStatus {
  useEffect(() => {
    void ensureRealtime();
  }, []);
  return useSyncExternalStore(subscribeRealtimeStatus, getRealtimeStatus);
}

/**
 * Whether the phone is connected to the server right now: true or false as the server last said, null
 * while unknown (link not connected yet, or the server has not said).
 */
export function useDevicePresence(deviceId: string | null | undefined): boolean | null {
  useEffect(() => {
    void ensureRealtime();
  }, []);
  const presence = useSyncExternalStore(subscribePresence, getPresence);
  if (!deviceId) return null;
  return presence.get(deviceId) ?? null;
}
