import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { followDevice, getCommandEntry, subscribeCommands, type CommandEntry } from './command-store.ts';

/** The command as the phone moves it along, or null while unknown; its device is followed meanwhile. */
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
