import type { Command } from '@escudo/contract';
import { watchCommand } from '../../../lib/commands/command-store.ts';
import { fillText } from '../../../lib/format.ts';
import { emit, subscribe } from '../../../lib/realtime/realtime-client.ts';
import { lostphoneTexts } from '../texts.ts';

type PhoneAnswer =
  | { kind: 'answered' | 'noAnswer' }
  /** the phone could not carry it out, or the server refused the probe: the Spanish message */
  | { kind: 'failed'; message: string };

/**
 * Waits for the spec 4 answer to an order: `imHere` to an `ayThere` probe, or the command past `sent` in
 * the command store (even before the HTTP reply), whichever comes first. Every listener is removed when
 * the wait ends, times out or is aborted (spec 4: "listener removed").
 */
export function waitForPhone(command: Command, timeoutMs: number, signal: AbortSignal): Promise<PhoneAnswer> {
  const deviceId = command.device_id;
  // a probe id the contract accepts (8 to 64 of [A-Za-z0-9_-])
  const probeId = `probe-${crypto.randomUUID()}`;
  return new Promise<PhoneAnswer>((resolve) => {
    let isOver = false;
    const cleanups: (() => void)[] = [];
    const finish = (answer: PhoneAnswer) => {
      if (isOver) return;
      isOver = true;
      for (const cleanup of cleanups) cleanup();
      resolve(answer);
    };
    // a listener may answer while it is being set up: then it is removed at once
    const keep = (cleanup: () => void) => (isOver ? cleanup() : cleanups.push(cleanup));

    keep(
      watchCommand(command.id, ({ command: current }) => {
        if (current.state === 'failed') {
          const reason = current.reason ?? lostphoneTexts.commandFailedNoReason;
          finish({ kind: 'failed', message: fillText(lostphoneTexts.lostPhoneFailed, { reason }) });
        } else if (current.state !== 'sent') finish({ kind: 'answered' });
      }),
    );
    if (isOver) return;
    keep(
      subscribe('imHere', (message) => {
        if (message.device_id === deviceId && message.probe_id === probeId) finish({ kind: 'answered' });
      }),
    );
    const timer = setTimeout(() => finish({ kind: 'noAnswer' }), timeoutMs);
    keep(() => clearTimeout(timer));
    const onAbort = () => finish({ kind: 'noAnswer' });
    signal.addEventListener('abort', onAbort);
    keep(() => signal.removeEventListener('abort', onAbort));

    void emit('ayThere', { device_id: deviceId, probe_id: probeId }, timeoutMs).then((ack) => {
      // a time-out here means the link is down: the phone may still answer the command in time
      if (!ack.ok && ack.code !== 'TIMEOUT') finish({ kind: 'failed', message: ack.message });
    });
  });
}
