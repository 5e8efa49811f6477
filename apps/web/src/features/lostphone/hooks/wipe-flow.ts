/**
 * The wipe dialog's steps (spec 4, 8, 9) as a pure reducer, so the rules can be read and tested apart
 * from the screen:
 *   1 password: the account's password, checked with validatePass;
 *   2 waiting:  the order went out; the phone acknowledges it (`imHere` with the command's id), then,
 *               after WIPE_STOP_BUTTON_DELAY_MS, 'DETENER' and a countdown from WIPE_COUNTER_START_S;
 *   3 finished: 'wiping' when the phone says `deleting`, 'stopped' on `cancelingWipe`; or the order
 *               failed or expired.
 */
import type { Command } from '@escudo/contract';
import {
  LOST_PHONE_WAIT_MS,
  WIPE_CANCEL_WINDOW_S,
  WIPE_COUNTER_START_S,
  WIPE_STOP_BUTTON_DELAY_MS,
} from '@escudo/contract/browser';
import { laterCommand } from './command-state.ts';

export type WipeOutcome = 'wiping' | 'stopped' | 'failed' | 'expired';

export type WipeState =
  | {
      step: 'password';
      /** the server's message when it asked for the password again (428) */
      serverMessage: string | null;
    }
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

export type WipeEvent =
  | { type: 'sent'; command: Command; at: number }
  | { type: 'confirmationRequired'; message: string }
  | { type: 'phoneAnswered'; commandId: number; at: number }
  | { type: 'commandChanged'; command: Command; at: number }
  | { type: 'deleting'; commandId: number }
  | { type: 'stopped'; commandId: number }
  | { type: 'stopRequested' }
  | { type: 'stopRefused'; message: string }
  | { type: 'reset' };

export const initialWipeState: WipeState = { step: 'password', serverMessage: null };

export function wipeReducer(state: WipeState, event: WipeEvent): WipeState {
  switch (event.type) {
    case 'reset':
      return initialWipeState;
    case 'confirmationRequired':
      return { step: 'password', serverMessage: event.message };
    case 'sent':
      return {
        step: 'waiting',
        command: event.command,
        sentAt: event.at,
        answeredAt: null,
        isStopping: false,
        stopError: null,
      };
  }
  if (state.step !== 'waiting') return state;
  const isOurs = (commandId: number) => commandId === state.command.id;

  switch (event.type) {
    case 'phoneAnswered':
      if (!isOurs(event.commandId) || state.answeredAt !== null) return state;
      return { ...state, answeredAt: event.at };
    case 'deleting':
      return isOurs(event.commandId) ? finish(state.command, 'wiping', 'done') : state;
    case 'stopped':
      return isOurs(event.commandId) ? finish(state.command, 'stopped', 'cancelled') : state;
    case 'stopRequested':
      return { ...state, isStopping: true, stopError: null };
    case 'stopRefused':
      return { ...state, isStopping: false, stopError: event.message };
    case 'commandChanged': {
      if (!isOurs(event.command.id)) return state;
      const command = laterCommand(state.command, event.command);
      switch (command.state) {
        case 'sent':
          return { ...state, command };
        case 'delivered':
          return { ...state, command, answeredAt: state.answeredAt ?? event.at };
        case 'done':
          return { step: 'finished', outcome: 'wiping', command };
        case 'cancelled':
          return { step: 'finished', outcome: 'stopped', command };
        case 'failed':
          return { step: 'finished', outcome: 'failed', command };
        case 'expired':
          return { step: 'finished', outcome: 'expired', command };
      }
    }
  }
}

function finish(command: Command, outcome: WipeOutcome, state: Command['state']): WipeState {
  return { step: 'finished', outcome, command: { ...command, state } };
}

export interface WipeCountdown {
  /** 'DETENER' is shown (5 s after the phone answered) */
  canStop: boolean;
  /** seconds left, from 25 down to 0 */
  counter: number;
  /** the bar, 0 to 100, based on 20 s: full for the counter's first 5 s */
  progress: number;
}

/** spec 4/9: the cancel countdown, from the moment the phone answered. */
export function getWipeCountdown(answeredAt: number, now: number): WipeCountdown {
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
