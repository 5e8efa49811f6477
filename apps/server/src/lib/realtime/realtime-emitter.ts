/** How features reach a phone or a user's panels, on any server process; only the contract's messages. */
import type { ServerToDevice, ServerToPanel } from '@escudo/contract';

export interface RealtimeEmitter {
  toDevice<K extends keyof ServerToDevice>(deviceRowId: number, type: K, payload: ServerToDevice[K]): void;
  toUser<K extends keyof ServerToPanel>(userId: number, type: K, payload: ServerToPanel[K]): void;
  /** every operator's panel, on any server process (the central's queue, decision 062) */
  toOperators<K extends keyof ServerToPanel>(type: K, payload: ServerToPanel[K]): void;
  /** whether the phone has a live connection to some server process */
  isDeviceOnline(deviceRowId: number): Promise<boolean>;
  /** which of these phones have a live connection to some server process: one question for them all */
  onlineDevices(deviceRowIds: readonly number[]): Promise<Set<number>>;
  /** closes the panels of a session that ended (sign-out) or of every session of a user (reset) */
  disconnectPanels(which: { sessionId: number } | { userId: number }): void;
  /** closes every connection of a phone (its token was rotated: the old one must hear nothing more) */
  disconnectDevice(deviceRowId: number): void;
}

export const deviceRoom = (deviceRowId: number) => `device:${deviceRowId}`;
export const userRoom = (userId: number) => `user:${userId}`;
export const sessionRoom = (sessionId: number) => `session:${sessionId}`;
/** the panels of every operator signed in */
export const OPERATORS_ROOM = 'operators';
