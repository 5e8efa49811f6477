import type { Command } from '@escudo/contract';
import { emit, subscribe } from '../../../lib/realtime/realtime-client.ts';

export type PhoneAnswer =
  | { kind: 'answered' }
  | { kind: 'failed'; reason: string | null }
  | { kind: 'noAnswer' }
  /** the server refused the probe (e.g. the device is not the account's): its Spanish message */
  | { kind: 'refused'; message: string };

/** A probe id the contract accepts (8 to 64 of [A-Za-z0-9_-]). */
export function newProbeId(): string {
  return `probe-${crypto.randomUUID()}`;
}

/**
 * Listens for a phone's answers from before an order is sent (its acknowledgement may overtake the
 * HTTP answer that tells the command's id), then `wait()`s for the spec's answer: the `imHere` to an
 * `ayThere` probe (spec 4), or the phone acknowledging the command itself, whichever comes first.
 * Every listener is removed when the wait ends, times out or is aborted (spec 4: "listener removed").
 */
export function listenForPhone(deviceId: string) {
  const acknowledged = new Set<number>();
  const offImHere = subscribe('imHere', (message) => {
    if (message.device_id === deviceId && message.command_id !== undefined) {
      acknowledged.add(message.command_id);
    }
  });

  function wait(command: Command, timeoutMs: number, signal: AbortSignal): Promise<PhoneAnswer> {
    const probeId = newProbeId();
    return new Promise<PhoneAnswer>((resolve) => {
      let isOver = false;
      const cleanups: (() => void)[] = [];
      const finish = (answer: PhoneAnswer) => {
        if (isOver) return;
        isOver = true;
        for (const cleanup of cleanups) cleanup();
        resolve(answer);
      };
      if (acknowledged.has(command.id)) return finish({ kind: 'answered' });

      cleanups.push(
        subscribe('imHere', (message) => {
          if (message.device_id !== deviceId) return;
          if (message.probe_id === probeId || message.command_id === command.id) finish({ kind: 'answered' });
        }),
        subscribe('commandState', ({ command: changed }) => {
          if (changed.id !== command.id) return;
          if (changed.state === 'failed') finish({ kind: 'failed', reason: changed.reason });
          else if (changed.state !== 'sent') finish({ kind: 'answered' });
        }),
      );
      const timer = setTimeout(() => finish({ kind: 'noAnswer' }), timeoutMs);
      cleanups.push(() => clearTimeout(timer));
      const onAbort = () => finish({ kind: 'noAnswer' });
      signal.addEventListener('abort', onAbort);
      cleanups.push(() => signal.removeEventListener('abort', onAbort));

      void emit('ayThere', { device_id: deviceId, probe_id: probeId }, timeoutMs).then((ack) => {
        // a time-out here means the link is down: the phone may still answer the command in time
        if (!ack.ok && ack.code !== 'TIMEOUT') finish({ kind: 'refused', message: ack.message });
      });
    });
  }

  return { wait, stop: offImHere };
}
