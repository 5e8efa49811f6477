/** React's view of the command store (command-store.ts). */
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { followDevice, getCommandEntry, subscribeCommands, type CommandEntry } from './command-store.ts';

/**
 * The command `commandId` as the phone moves it along, or null while there is none (or before the
 * store knows it). Its device's commands are reloaded after every reconnection while it is shown.
 */
export function useCommand(commandId: number | null): CommandEntry | null {
  const getSnapshot = useCallback(
    () => (commandId === null ? null : (getCommandEntry(commandId) ?? null)),
    [commandId],
  );
  const entry = useSyncExternalStore(subscribeCommands, getSnapshot);
  const deviceId = entry?.command.device_id ?? null;
  useEffect(() => {
    if (deviceId !== null) return followDevice(deviceId);
  }, [deviceId]);
  return entry;
}
