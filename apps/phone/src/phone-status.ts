/**
 * The phone's `status` (docs/device-protocol.md section 2; decision 042): battery, charging and
 * network, sent on every connection and when they change; a change of the battery level alone waits
 * until a minute has passed since the last one sent (DEVICE_STATUS_MIN_INTERVAL_MS), and only the
 * newest then goes. A refusal for now (RATE_LIMITED, no answer) is sent again a minute later.
 */
import { DEVICE_STATUS_MIN_INTERVAL_MS, type PhoneStatus } from '@escudo/contract';
import type { SendMessage } from './phone-commands.ts';

export interface PhoneStatusSender {
  /** what the phone would report now */
  readonly current: PhoneStatus;
  /** the link is up (again): send the status as it is */
  sendOnConnect(): void;
  /** the phone's battery, charging or network changed */
  change(next: Partial<PhoneStatus>): void;
  stop(): void;
}

export function createPhoneStatus({
  initial,
  send,
  isConnected,
  minIntervalMs = DEVICE_STATUS_MIN_INTERVAL_MS,
  now = Date.now,
}: {
  initial: PhoneStatus;
  send: SendMessage;
  isConnected: () => boolean;
  minIntervalMs?: number;
  now?: () => number;
}): PhoneStatusSender {
  let current = { ...initial };
  /** what the server last stored, and when it was sent */
  let lastSent: PhoneStatus | null = null;
  let lastSentAt = Number.NEGATIVE_INFINITY;
  let timer: NodeJS.Timeout | null = null;
  let isStopped = false;

  const schedule = (delayMs: number) => {
    if (timer || isStopped) return;
    timer = setTimeout(() => {
      timer = null;
      void sendNow();
    }, delayMs);
  };

  const sendNow = async () => {
    if (isStopped || !isConnected()) return;
    const payload = { ...current };
    lastSentAt = now();
    const answer = await send('status', payload);
    if (answer?.ok) lastSent = payload;
    // VALIDATION cannot happen with the simulator's own values; anything else is "later"
    else if (!answer || answer.code === 'RATE_LIMITED') schedule(minIntervalMs);
  };

  return {
    get current() {
      return current;
    },
    sendOnConnect() {
      void sendNow();
    },
    change(next) {
      const previous = current;
      current = { ...current, ...next };
      const isSame =
        previous.battery === current.battery &&
        previous.charging === current.charging &&
        previous.network === current.network;
      if (isSame) return;
      const isUrgent =
        lastSent === null ||
        current.charging !== lastSent.charging ||
        current.network !== lastSent.network ||
        (current.battery === null) !== (lastSent.battery === null);
      const waitMs = lastSentAt + minIntervalMs - now();
      if (isUrgent || waitMs <= 0) void sendNow();
      // the battery alone: the newest goes once the minute is over
      else schedule(waitMs);
    },
    stop() {
      isStopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}
