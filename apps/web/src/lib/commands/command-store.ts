/**
 * The panel's one record of the orders sent to phones (docs/device-protocol.md section 5), by id, for
 * the session. It hears `commandState` from the link's opening, so an answer that overtakes the HTTP
 * reply is already here; after each (re)connection it reloads each followed device's latest commands
 * once, for what was missed while the link was down.
 */
import type { Command } from '@escudo/contract';
import { callApi } from '../api-client.ts';
import { authToken } from '../auth-token.ts';
import { createLiveValue } from '../realtime/live-value.ts';
import { getRealtimeStatus, subscribe, subscribeRealtimeStatus } from '../realtime/realtime-client.ts';
import { laterCommand } from './command-state.ts';

export interface CommandEntry {
  command: Command;
  /** when this panel first knew the phone had the order (its clock, ms); null while `sent` */
  answeredAt: number | null;
}

/** ours: a device's latest commands asked for after a reconnection; orders being followed are recent */
const RELOAD_LIMIT = 20;

const entries = createLiveValue<ReadonlyMap<number, CommandEntry>>(new Map());
/** device_id → how many screens follow its commands (they are reloaded after each reconnection) */
const followers = new Map<string, number>();
/** devices already reloaded on the current connection */
let reloadedDevices = new Set<string>();
let isConnected = getRealtimeStatus() === 'connected';
/** bumped when the session changes, so that a reload of the previous session is dropped */
let sessionGeneration = 0;
let stopListening: (() => void) | null = null;

// Hears every `commandState`; while a screen follows a command it also wants the link (it opens, and is
// retried, for it), otherwise it only hears what other screens let in.
function listen(isLinkWanted: boolean) {
  stopListening?.();
  stopListening = subscribe('commandState', ({ command }) => rememberCommand(command), {
    opensLink: isLinkWanted,
  });
}
listen(false);

/** Takes a copy of a command (a realtime message, an HTTP reply, a reload): the later state wins. */
export function rememberCommand(incoming: Command): void {
  const current = entries.get().get(incoming.id);
  const command = current ? laterCommand(current.command, incoming) : incoming;
  if (current && isSameCopy(current.command, command)) return;
  const answeredAt = current?.answeredAt ?? (command.state === 'sent' ? null : Date.now());
  entries.set(new Map(entries.get()).set(command.id, { command, answeredAt }));
}

function isSameCopy(a: Command, b: Command): boolean {
  return a.state === b.state && a.updated_at === b.updated_at && a.reason === b.reason;
}

/** Remembers the command an order's HTTP reply names, and passes the reply on. */
export async function rememberOrder<T extends { command: Command }>(reply: Promise<T>): Promise<T> {
  const answer = await reply;
  rememberCommand(answer.command);
  return answer;
}

export function getCommandEntry(commandId: number): CommandEntry | undefined {
  return entries.get().get(commandId);
}

export const subscribeCommands = entries.subscribe;
/** every command known, by id (a new map on each change) */
export const getCommandEntries = entries.get;

/** devices whose latest commands were asked for once this session without following them */
let loadedDevices = new Set<string>();

/**
 * Asks once a session for a device's latest commands, without opening the realtime link (the sidebar
 * looks for orders still waiting for a phone: decision 043); it follows the device only if one is there.
 */
export function loadDeviceCommands(deviceId: string): void {
  if (loadedDevices.has(deviceId)) return;
  loadedDevices.add(deviceId);
  const generation = sessionGeneration;
  callApi('getDeviceCommands', { device_id: deviceId, limit: RELOAD_LIMIT }).then(
    ({ commands }) => {
      if (generation !== sessionGeneration) return;
      for (const command of commands) rememberCommand(command);
    },
    // asked again by the next screen that shows the device
    () => loadedDevices.delete(deviceId),
  );
}

function reloadDevice(deviceId: string) {
  if (!isConnected || reloadedDevices.has(deviceId)) return;
  reloadedDevices.add(deviceId);
  const generation = sessionGeneration;
  callApi('getDeviceCommands', { device_id: deviceId, limit: RELOAD_LIMIT }).then(
    ({ commands }) => {
      if (generation !== sessionGeneration) return;
      for (const command of commands) rememberCommand(command);
    },
    // only a catch-up: realtime messages still arrive, and the next follow or connection tries again
    () => reloadedDevices.delete(deviceId),
  );
}

/** Until the returned function is called, the device's commands are reloaded now and on reconnection. */
export function followDevice(deviceId: string): () => void {
  if (followers.size === 0) listen(true);
  followers.set(deviceId, (followers.get(deviceId) ?? 0) + 1);
  reloadDevice(deviceId);
  let isFollowing = true;
  return () => {
    if (!isFollowing) return;
    isFollowing = false;
    const count = (followers.get(deviceId) ?? 1) - 1;
    if (count > 0) followers.set(deviceId, count);
    else followers.delete(deviceId);
    if (followers.size === 0) listen(false);
  };
}

/**
 * Calls `onChange` with the command now if known, then on each change, until the returned function is
 * called; follows its device meanwhile. For flows outside React (screens read `useCommand`).
 */
export function watchCommand(commandId: number, onChange: (entry: CommandEntry) => void): () => void {
  let last: CommandEntry | undefined;
  let unfollow: (() => void) | null = null;
  let isWatching = true;
  const check = () => {
    const entry = entries.get().get(commandId);
    if (!isWatching || !entry || entry === last) return;
    last = entry;
    unfollow ??= followDevice(entry.command.device_id);
    onChange(entry);
  };
  const unsubscribe = entries.subscribe(check);
  check();
  return () => {
    isWatching = false;
    unsubscribe();
    unfollow?.();
  };
}

subscribeRealtimeStatus(() => {
  const wasConnected = isConnected;
  isConnected = getRealtimeStatus() === 'connected';
  if (!isConnected || wasConnected) return;
  // a new connection: whatever happened while the link was down is asked for once per device
  reloadedDevices = new Set();
  for (const deviceId of followers.keys()) reloadDevice(deviceId);
});

// another account's orders must not show: a new session starts from nothing
let sessionToken = authToken.get();
authToken.subscribe(() => {
  const current = authToken.get();
  if (current === sessionToken) return;
  sessionToken = current;
  sessionGeneration += 1;
  reloadedDevices = new Set();
  loadedDevices = new Set();
  entries.set(new Map());
});
