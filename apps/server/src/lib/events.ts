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
  /**
   * The owner gave a lock, lost-mode or wipe order and is due the security e-mail about it
   * (commands/give-order.ts: not when one of its kind had one a moment before). Durable: `at` is the
   * order's time, ISO 8601 text, and `origin` where it came from.
   */
  orderNoticeDue: {
    userId: number;
    kind: 'lock_ordered' | 'lost_mode_ordered' | 'wipe_ordered';
    origin: { address: string | null; browser: string | null };
    /** the phone's name */
    detail: string;
    at: string;
  };
  /**
   * An operator wrote a note or attached a video to an atención (atenciones.service.ts): the
   * central's record (decision 063) keeps the step of the event the atención was opened for.
   * Durable: `at` is ISO 8601 text, as stored.
   */
  atencionWorked: {
    atencionId: number;
    operatorId: number;
    what: 'note' | 'video';
    itemId: number;
    at: string;
  };
  /**
   * The owner put a phone in lost mode (lostphone.service.ts `orderLostMode`), whether or not the
   * phone is there to answer: the central hears of it at once (decision 062). Durable.
   */
  lostModeOrdered: { userId: number; deviceRowId: number };
  /** A phone raised an SOS (alerts.service.ts `openAlert`), once per alert. Durable. */
  alertRaised: { userId: number; alertId: number };
  /**
   * An account was deleted (features/deletion), with the internal ids of the phones that went with
   * it: their rows and tokens are gone, so the ids are all that is left to tell them by.
   */
  accountDeleted: { userId: number; deviceRowIds: number[] };
  /** A phone was taken off its account (features/device-removal): its token no longer works. */
  deviceRemoved: { userId: number; deviceRowId: number; deviceId: string };
  /**
   * A customer asked for a copy of their data (features/export): the row `data_exports` of `exportId`
   * is pending until its ZIP is made. Durable.
   */
  dataExportRequested: { exportId: number };
  /**
   * Stored files that nothing refers to any more (a deleted account's, a removed phone's photos and
   * videos), by their keys in ctx.storage: they must leave the store. Durable.
   */
  storedFilesReleased: { keys: string[] };
}

export type EventName = keyof ServerEvents;

/** How the outbox delivers a durable event (outbox/outbox.ts). */
export interface Delivery {
  /**
   * `prompt`: a message about an emergency, delivered by the job deliver-events within seconds;
   * `long`: work that may take minutes (a ZIP, files in a slow bucket), delivered by its own job
   * deliver-long-events, so that it never holds an SOS back
   */
  lane: 'prompt' | 'long';
  /**
   * how long one delivery may hold it before another process may take it: above its slowest run
   * (EVENT_LEASE_SECONDS, when set, replaces it for every event: tests)
   */
  leaseMs: number;
  /** the waits before the next tries when a subscriber failed */
  retryDelaysMs: readonly number[];
  /** once the waits are used up, true: tried again after the last wait until done; false: given up */
  isKeptTrying: boolean;
}

/** ours: a failed e-mail is tried again after 10 s, 1, 5, 15 and 60 minutes, then given up */
const PROMPT: Delivery = {
  lane: 'prompt',
  leaseMs: 30_000,
  retryDelaysMs: [10_000, 60_000, 5 * 60_000, 15 * 60_000, 60 * 60_000],
  isKeptTrying: false,
};

/**
 * The events that must not be lost once their change is committed: nobody would ask for them again.
 * A message to a person (the network's SOS and lost-mode e-mails, the owner's late-orders e-mail,
 * the link of a data export), or work whose loss leaves personal data behind (files to remove).
 */
export const DURABLE_EVENTS = {
  alertRaised: PROMPT,
  lostModeChanged: PROMPT,
  lateOrdersApplied: PROMPT,
  orderNoticeDue: PROMPT,
  lostModeOrdered: PROMPT,
  // a step of the central's record must not be lost to a process that dies after the note's commit
  atencionWorked: PROMPT,
  // ours: a ZIP of photos and videos streamed into a bucket may take minutes; three tries, then the
  // export is `failed` and the person may ask again (decision 037)
  dataExportRequested: {
    lane: 'long',
    leaseMs: 20 * 60_000,
    retryDelaysMs: [30_000, 2 * 60_000],
    isKeptTrying: false,
  },
  // ours: a file of a deleted account that no try removed would stay in the bucket for ever (decision 038)
  storedFilesReleased: {
    lane: 'long',
    leaseMs: 5 * 60_000,
    retryDelaysMs: [60_000, 5 * 60_000, 15 * 60_000],
    isKeptTrying: true,
  },
} as const satisfies Partial<Record<EventName, Delivery>>;
export type DurableEvent = keyof typeof DURABLE_EVENTS;
export type InProcessEvent = Exclude<EventName, DurableEvent>;

export const isDurable = (event: string): event is DurableEvent => Object.hasOwn(DURABLE_EVENTS, event);

/** What the outbox tells a durable event's handler of the delivery (outbox/outbox.ts). */
export interface Delivered {
  /** the event's own id, the same on every repeat of its delivery (send-once keys) */
  eventId: number;
  /** no try follows this one if it fails */
  isLastTry: boolean;
}

/** A durable event's handler is told of its delivery; an in-process one is run once, in the request. */
export type Handler<E extends EventName> = (
  payload: ServerEvents[E],
  delivery: E extends DurableEvent ? Delivered : undefined,
) => Promise<void>;

/** a handler as the bus keeps it, whatever its event */
type StoredHandler = (payload: unknown, delivery: Delivered | undefined) => Promise<void>;

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
  subscribersOf(event: EventName): readonly { feature: string; handler: StoredHandler }[];
}

/** `now`: the context's clock, by which deliveries are due (tests move it) */
export function createEventBus(log: FastifyBaseLogger, now: () => Date = () => new Date()): EventBus {
  const handlers = new Map<EventName, { feature: string; handler: StoredHandler }[]>();
  return {
    on(event, feature, handler) {
      handlers.set(event, [...(handlers.get(event) ?? []), { feature, handler: handler as StoredHandler }]);
    },
    async emit(event, payload) {
      for (const { feature, handler } of handlers.get(event) ?? []) {
        try {
          await handler(payload, undefined);
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
