/**
 * What one feature tells the others has happened (decision 026). The feature that made the change
 * emits after its commit; the features that must react subscribe, all of them in one place
 * (context.ts), as routes and realtime messages are registered in one place. A feature that only
 * needs to read another's data may still call it.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { CommandState, CommandType } from '@escudo/contract';

/** Every event, by name, with what its subscribers are told. */
export interface ServerEvents {
  /**
   * A new account exists, made by e-mail or by Google (auth.service.ts `signUp`), with the codes of
   * the link it came through, each checked just before the account was made.
   */
  userSignedUp: {
    userId: number;
    /** an invitation to someone's security network (`security_code`) */
    securityCode: string | null;
    /** the referrer's invitation code (`sharecode`) */
    shareCode: string | null;
    /** a sponsor's unique id (`sponsor_code`) */
    sponsorCode: string | null;
  };
  /** The phone confirmed lost mode on or off (its `commandResult done` of lostOn or lostOff), once. */
  lostModeChanged: { userId: number; deviceRowId: number; isLost: boolean };
  /**
   * A phone that was off connected, got the orders that waited for it and answered each
   * (commands/late-orders.ts), once per reconnection: `state` is its answer (`delivered` for a wipe
   * whose cancel window opened).
   */
  lateOrdersApplied: {
    userId: number;
    deviceRowId: number;
    reconnectedAt: Date;
    orders: { type: CommandType; createdAt: Date; state: CommandState }[];
  };
  /** A phone raised an SOS (alerts.service.ts `openAlert`), once per alert. */
  alertRaised: { userId: number; alertId: number };
  /**
   * An account was deleted (features/deletion), with the internal ids of the phones that went with
   * it: their rows and tokens are gone, so the ids are all that is left to tell them by.
   */
  accountDeleted: { userId: number; deviceRowIds: number[] };
  /** A phone was taken off its account (features/device-removal): its token no longer works. */
  deviceRemoved: { userId: number; deviceRowId: number; deviceId: string };
}

export type EventName = keyof ServerEvents;
type Handler<E extends EventName> = (payload: ServerEvents[E]) => Promise<void>;

export interface EventBus {
  /** `feature` names the subscriber in the log when its handler fails. */
  on<E extends EventName>(event: E, feature: string, handler: Handler<E>): void;
  /**
   * Runs every handler of `event`, one after the other, and resolves when all have finished. Call it
   * after the change is committed. A handler that fails is logged and the others still run: the
   * change stands, and the caller is never told of a subscriber's failure.
   */
  emit<E extends EventName>(event: E, payload: ServerEvents[E]): Promise<void>;
}

export function createEventBus(log: FastifyBaseLogger): EventBus {
  const handlers = new Map<EventName, { feature: string; handler: Handler<never> }[]>();
  return {
    on(event, feature, handler) {
      handlers.set(event, [...(handlers.get(event) ?? []), { feature, handler: handler as Handler<never> }]);
    },
    async emit(event, payload) {
      for (const { feature, handler } of handlers.get(event) ?? []) {
        try {
          await (handler as Handler<typeof event>)(payload);
        } catch (error) {
          log.error({ err: error, event, feature }, 'an event handler failed; the change it followed stands');
        }
      }
    },
  };
}
