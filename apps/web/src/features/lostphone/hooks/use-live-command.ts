import { useEffect, useState } from 'react';
import type { Command } from '@escudo/contract';
import { useRealtimeEvent, useRealtimeStatus } from '../../../lib/realtime/use-realtime.ts';
import { getDeviceCommands } from '../api/get-device-commands.ts';
import { laterCommand } from './command-state.ts';

/**
 * The command as the phone moves it along (issue 3 point 11: the owner must know whether the order
 * really ran): `commandState` messages, the phone's `imHere` acknowledgement, and, after every
 * (re)connection of the realtime link, the server's own record (getCommands), in case messages were
 * missed while the link was down.
 */
export function useLiveCommand(command: Command | null): Command | null {
  const [update, setUpdate] = useState<Command | null>(null);
  const status = useRealtimeStatus();
  const commandId = command?.id ?? null;
  const deviceId = command?.device_id ?? null;

  const merge = (incoming: Command) =>
    setUpdate((previous) => {
      if (incoming.id !== commandId) return previous;
      return previous && previous.id === incoming.id ? laterCommand(previous, incoming) : incoming;
    });

  useRealtimeEvent('commandState', ({ command: incoming }) => merge(incoming), commandId !== null);
  useRealtimeEvent(
    'imHere',
    (message) => {
      if (command && message.command_id === command.id && message.device_id === command.device_id) {
        merge({ ...command, state: 'delivered' });
      }
    },
    commandId !== null,
  );

  useEffect(() => {
    if (status !== 'connected' || commandId === null || deviceId === null) return;
    let isCurrent = true;
    getDeviceCommands({ device_id: deviceId, limit: 20 }).then(
      (commands) => {
        const found = commands.find((candidate) => candidate.id === commandId);
        if (isCurrent && found) merge(found);
      },
      // the realtime messages still arrive; this was only a catch-up
      () => undefined,
    );
    return () => {
      isCurrent = false;
    };
    // merge only depends on commandId, which is listed
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [status, commandId, deviceId]);

  if (!command) return null;
  return update && update.id === command.id ? laterCommand(command, update) : command;
}
