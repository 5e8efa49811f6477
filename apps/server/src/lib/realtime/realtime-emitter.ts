/**
 * What features use to reach connected clients: a phone by its internal id, or every panel of a user.
 * With the Redis streams adapter the message reaches them whichever server process holds their socket.
 * Only the messages of the contract's maps can be sent (STYLE.md #4).
 */
import type { ServerToDevice, ServerToPanel } from '@escudo/contract';

export interface RealtimeEmitter {
  toDevice<K extends keyof ServerToDevice>(deviceRowId: number, type: K, payload: ServerToDevice[K]): void;
  toUser<K extends keyof ServerToPanel>(userId: number, type: K, payload: ServerToPanel[K]): void;
  /** whether the phone has a live connection to some server process */
  isDeviceOnline(deviceRowId: number): Promise<boolean>;
  /** closes the panels of a session that ended (sign-out) or of every session of a user (reset) */
  disconnectPanels(which: { sessionId: number } | { userId: number }): void;
  /** closes every connection of a phone (its token was rotated: the old one must hear nothing more) */
  disconnectDevice(deviceRowId: number): void;
}

export const deviceRoom = (deviceRowId: number) => `device:${deviceRowId}`;
export const userRoom = (userId: number) => `user:${userId}`;
export const sessionRoom = (sessionId: number) => `session:${sessionId}`;
