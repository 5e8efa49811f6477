import { useState } from 'react';
import type { Device } from '@escudo/contract';
import { describeErrorDetails, isApiRequestError } from '../../../lib/api-client.ts';
import { useCommand } from '../../../lib/commands/use-command.ts';
import { emit } from '../../../lib/realtime/realtime-client.ts';
import { useValidatePass } from '../api/validate-pass.ts';
import { useWipePhoneData } from '../api/wipe-phone-data-notification.ts';
import { getWipeState, initialWipeOrder, type WipeOrder } from './wipe-flow.ts';

/** How a confirmation ended; `confirmationRequired`: the server asked for the password again (428). */
export type WipeConfirmation =
  { kind: 'sent' | 'wrongPassword' | 'confirmationRequired' } | { kind: 'error'; message: string };

/**
 * The wipe's protocol (spec 4, 8, 9): validatePass, then wipePhoneDataNotification; the command store
 * follows the phone's answers, and 'DETENER' sends `cancelingWipe`. `state` comes from wipe-flow.ts.
 */
export function useWipeOrder(device: Device) {
  const [order, setOrder] = useState<WipeOrder>(initialWipeOrder);
  const validateMutation = useValidatePass();
  const wipeMutation = useWipePhoneData();
  const entry = useCommand(order.step === 'ordered' ? order.command.id : null);
  const state = getWipeState(order, entry);
  const isSubmitting = validateMutation.isPending || wipeMutation.isPending;

  /** `code`: two-step sign-in's, when the account has it on (validatePass then requires it) */
  async function confirm(password: string, code?: string): Promise<WipeConfirmation> {
    try {
      const { status } = await validateMutation.mutateAsync(code ? { password, code } : { password });
      if (!status) return { kind: 'wrongPassword' };
      const { command } = await wipeMutation.mutateAsync({ device_id: device.device_id });
      setOrder({ step: 'ordered', command, sentAt: Date.now(), isStopping: false, stopError: null });
      return { kind: 'sent' };
    } catch (error) {
      if (isApiRequestError(error) && error.code === 'PASSWORD_CONFIRMATION_REQUIRED') {
        setOrder({ step: 'password', serverMessage: error.message });
        return { kind: 'confirmationRequired' };
      }
      return { kind: 'error', message: describeErrorDetails(error).join(' ') };
    }
  }

  async function stop() {
    if (state.step !== 'waiting' || state.isStopping) return;
    const setStop = (isStopping: boolean, stopError: string | null) =>
      setOrder((current) => (current.step === 'ordered' ? { ...current, isStopping, stopError } : current));
    setStop(true, null);
    const answer = await emit('cancelingWipe', {
      device_id: device.device_id,
      command_id: state.command.id,
    });
    // on success the phone's answer (or the server's, for an order still pending) ends the wipe
    if (!answer.ok) setStop(false, answer.message);
  }

  function reset() {
    setOrder(initialWipeOrder);
    validateMutation.reset();
    wipeMutation.reset();
  }

  return { state, isSubmitting, confirm, stop, reset };
}
