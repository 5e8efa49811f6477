/**
 * What one feature tells the others has happened (decision 026, amended by 055). The feature that
 * made the change emits it; the features that must react subscribe, each in its manifest. Most events
 * run in the process, after the commit. The durable ones (`DURABLE_EVENTS`: those whose subscribers
 * carry a message to a person) are recorded in the change's own transaction and delivered through the
 * job queue (outbox/outbox.ts), at least once, so that a process dying after the commit loses none.
 * A feature that only needs to read another's data may still call it.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { CommandState, CommandType } from '@escudo/contract';
import type { DbOrTransaction } from './db/client.ts';
import { eventOutbox } from './outbox/outbox.schema.ts';

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
  /**
   * The phone confirmed lost mode on or off (its `commandResult done` of lostOn or lostOff), once.
   * Durable.
   */
  lostModeChanged: { userId: number; deviceRowId: number; isLost: boolean };
  /**
   * A phone that was off connected, got the orders that waited for it and answered each
   * (commands/late-orders.ts), once per reconnection: `state` is its answer (`delivered` for a wipe
   * whose cancel window opened). Durable: its dates are ISO 8601 text, as they are stored.
   */
  lateOrdersApplied: {
    userId: number;
    deviceRowId: number;
    reconnectedAt: string;
    orders: { type: CommandType; createdAt: string; state: CommandState }[];
  };
  /** A phone raised an SOS (alerts.service.ts `openAlert`), once per alert. Durable. */
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

/**
 * The events whose subscribers carry a message to a person (the network's SOS and lost-mode e-mails,
 * the owner's late-orders e-mail): nobody would ask for them again, so none may be lost.
 */
export const DURABLE_EVENTS = ['alertRaised', 'lostModeChanged', 'lateOrdersApplied'] as const;
export type DurableEvent = (typeof DURABLE_EVENTS)[number];
export type InProcessEvent = Exclude<EventName, DurableEvent>;

/** `eventId`: a durable event's own id, the same on every repeat of its delivery (send-once keys) */
export type Handler<E extends EventName> = (
  payload: ServerEvents[E],
  meta: { eventId: number | null },
) => Promise<void>;

export interface EventBus {
  /** `feature` names the subscriber in the log when its handler fails, and in a durable event's row. */
  on<E extends EventName>(event: E, feature: string, handler: Handler<E>): void;
  /**
   * Runs every handler of an in-process `event`, one after the other, and resolves when all have
   * finished. Call it after the change is committed. A handler that fails is logged and the others
   * still run: the change stands, and the caller is never told of a subscriber's failure.
   */
  emit<E extends InProcessEvent>(event: E, payload: ServerEvents[E]): Promise<void>;
  /**
   * Records a durable `event` in `tx`, the transaction of the change that raises it. After the
   * commit, call `deliverEventsSoon` (outbox/outbox.ts): the job queue delivers it anyway, later.
   */
  record<E extends DurableEvent>(tx: DbOrTransaction, event: E, payload: ServerEvents[E]): Promise<void>;
  /** the subscribers of `event`, in the order they subscribed */
  subscribersOf(event: EventName): readonly { feature: string; handler: Handler<never> }[];
}

/** `now`: the context's clock, by which deliveries are due (tests move it) */
export function createEventBus(log: FastifyBaseLogger, now: () => Date = () => new Date()): EventBus {
  const handlers = new Map<EventName, { feature: string; handler: Handler<never> }[]>();
  return {
    on(event, feature, handler) {
      handlers.set(event, [...(handlers.get(event) ?? []), { feature, handler: handler as Handler<never> }]);
    },
    async emit(event, payload) {
      for (const { feature, handler } of handlers.get(event) ?? []) {
        try {
          await (handler as Handler<typeof event>)(payload, { eventId: null });
        } catch (error) {
          log.error({ err: error, event, feature }, 'an event handler failed; the change it followed stands');
        }
      }
    },
    async record(tx, event, payload) {
      const at = now();
      await tx.insert(eventOutbox).values({ event, payload, createdAt: at, availableAt: at });
    },
    subscribersOf: (event) => handlers.get(event) ?? [],
  };
}
