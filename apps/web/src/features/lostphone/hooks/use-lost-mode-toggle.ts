import { useEffect, useRef, useState } from 'react';
import type { Device } from '@escudo/contract';
import { LOST_PHONE_WAIT_MS } from '@escudo/contract/browser';
import { describeErrorDetails } from '../../../lib/api-client.ts';
import { watchCommand } from '../../../lib/commands/command-store.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { changeLostStatus } from '../api/change-lost-status.ts';
import { lostPhoneConfigQueryOptions } from '../api/get-lost-my-phone-data.ts';
import { orderLostModeOn } from '../api/lost-my-phone-subscribe-notification.ts';
import { orderLostModeOff } from '../api/lost-my-phone-unsubscribe-notification.ts';
import { waitForPhone } from './wait-for-phone.ts';

export type LostModeFlow =
  | { phase: 'idle' | 'sending' | 'saving' | 'noAnswer' }
  | { phase: 'waiting'; startedAt: number }
  | { phase: 'answered'; turnOn: boolean }
  | { phase: 'error'; message: string };

/**
 * Turning lost mode on or off (spec 4): the order goes to the phone, an `ayThere` probe asks whether it
 * is there, and only an answer within LOST_PHONE_WAIT_MS gets the change recorded with changeStatus.
 */
export function useLostModeToggle(device: Device) {
  const [flow, setFlow] = useState<LostModeFlow>({ phase: 'idle' });
  const running = useRef<AbortController | null>(null);
  const stopFollowing = useRef<(() => void) | null>(null);

  // leaving the page ends the wait and removes its listeners
  useEffect(
    () => () => {
      running.current?.abort();
      stopFollowing.current?.();
    },
    [],
  );

  // The phone sets the lost flag (the server records it when the phone reports the order done), maybe
  // just after the answer the spec waits for: the config is read again once the order has ended.
  function refreshWhenDone(commandId: number) {
    stopFollowing.current?.();
    const stop = watchCommand(commandId, ({ command }) => {
      if (command.state === 'sent' || command.state === 'delivered') return;
      void queryClient.invalidateQueries({ queryKey: lostPhoneConfigQueryOptions.queryKey });
      // `stop` may be called from inside watchCommand itself: end the watch once it has returned
      queueMicrotask(() => stop());
    });
    stopFollowing.current = stop;
  }

  async function start(turnOn: boolean) {
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    const isStale = () => controller.signal.aborted;
    try {
      setFlow({ phase: 'sending' });
      const order = turnOn ? orderLostModeOn : orderLostModeOff;
      const { command } = await order({ device_id: device.device_id });
      if (isStale()) return;
      setFlow({ phase: 'waiting', startedAt: Date.now() });
      const answer = await waitForPhone(command, LOST_PHONE_WAIT_MS, controller.signal);
      if (isStale()) return;
      if (answer.kind === 'noAnswer') return setFlow({ phase: 'noAnswer' });
      if (answer.kind === 'failed') return setFlow({ phase: 'error', message: answer.message });
      setFlow({ phase: 'saving' });
      // spec 7: changeStatus takes the internal id
      await changeLostStatus({ device_id: device.id, lost: turnOn });
      refreshWhenDone(command.id);
      if (!isStale()) setFlow({ phase: 'answered', turnOn });
    } catch (error) {
      if (!isStale()) setFlow({ phase: 'error', message: describeErrorDetails(error).join(' ') });
    }
  }

  function reset() {
    running.current?.abort();
    setFlow({ phase: 'idle' });
  }

  const isBusy = flow.phase === 'sending' || flow.phase === 'waiting' || flow.phase === 'saving';
  return { flow, isBusy, start, reset };
}
