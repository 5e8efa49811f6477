/**
 * The wipe dialog's steps (spec 4, 8, 9) from what the panel did and what the command store knows, to
 * read and test the rules apart from the screen: password; waiting (once the phone acknowledges the
 * order, 'DETENER' and a countdown); finished (wiping, stopped, failed or expired).
 */
import type { Command, CommandState } from '@escudo/contract';
import {
  LOST_PHONE_WAIT_MS,
  WIPE_CANCEL_WINDOW_S,
  WIPE_COUNTER_START_S,
  WIPE_STOP_BUTTON_DELAY_MS,
} from '@escudo/contract/browser';
import { laterCommand } from '../../../lib/commands/command-state.ts';
import type { CommandEntry } from '../../../lib/commands/command-store.ts';

export type WipeOutcome = 'wiping' | 'stopped' | 'failed' | 'expired';

/** What the panel did: the password step (the server's message if it asked again, 428), or its order. */
export type WipeOrder =
  | { step: 'password'; serverMessage: string | null }
  | { step: 'ordered'; command: Command; sentAt: number; isStopping: boolean; stopError: string | null };

export type WipeState =
  | Extract<WipeOrder, { step: 'password' }>
  | {
      step: 'waiting';
      command: Command;
      sentAt: number;
      /** when the phone acknowledged the order; null until then */
      answeredAt: number | null;
      isStopping: boolean;
      stopError: string | null;
    }
  | { step: 'finished'; outcome: WipeOutcome; command: Command };

export const initialWipeOrder: WipeOrder = { step: 'password', serverMessage: null };

const outcomes: Record<CommandState, WipeOutcome | null> = {
  sent: null,
  delivered: null,
  done: 'wiping',
  cancelled: 'stopped',
  failed: 'failed',
  expired: 'expired',
};

/** Where the wipe stands: the order sent, moved along by the phone as the command store says. */
export function getWipeState(order: WipeOrder, entry: CommandEntry | null): WipeState {
  if (order.step === 'password') return order;
  const command = entry ? laterCommand(order.command, entry.command) : order.command;
  const outcome = outcomes[command.state];
  if (outcome) return { step: 'finished', outcome, command };
  const { sentAt, isStopping, stopError } = order;
  const answeredAt = command.state === 'sent' ? null : (entry?.answeredAt ?? sentAt);
  return { step: 'waiting', command, sentAt, answeredAt, isStopping, stopError };
}

/**
 * spec 4/9: the cancel countdown from the phone's answer: 'DETENER' (`canStop`) after 5 s, `counter` from
 * 25 down to 0, and the bar (`progress`, 0 to 100) based on 20 s, so full for the counter's first 5 s.
 */
export function getWipeCountdown(answeredAt: number, now: number) {
  const elapsedMs = Math.max(0, now - answeredAt);
  if (elapsedMs < WIPE_STOP_BUTTON_DELAY_MS) {
    return { canStop: false, counter: WIPE_COUNTER_START_S, progress: 100 };
  }
  const counter = Math.max(
    0,
    WIPE_COUNTER_START_S - Math.floor((elapsedMs - WIPE_STOP_BUTTON_DELAY_MS) / 1000),
  );
  return { canStop: true, counter, progress: Math.min(100, (counter / WIPE_CANCEL_WINDOW_S) * 100) };
}

/** The phone has not acknowledged the order within the wait of spec 4/9 (40 s). */
export function hasPhoneNotAnswered(state: WipeState, now: number): boolean {
  return state.step === 'waiting' && state.answeredAt === null && now - state.sentAt >= LOST_PHONE_WAIT_MS;
}
