import { Writable } from 'node:stream';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { createEventBus } from './events.ts';

/** a real logger whose lines the test reads */
function readableLog() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()));
      done();
    },
  });
  return { log: pino({ level: 'info' }, stream), lines };
}

const signedUp = { userId: 7, securityCode: null, shareCode: 'ABC123', sponsorCode: null };

describe('the event bus', () => {
  it('runs every handler of an event in the order they subscribed, and resolves once all have finished', async () => {
    const bus = createEventBus(readableLog().log);
    const seen: string[] = [];
    bus.on('userSignedUp', 'network', async ({ userId }) => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      seen.push(`network ${userId}`);
    });
    bus.on('userSignedUp', 'sales', async ({ shareCode }) => {
      seen.push(`sales ${shareCode}`);
    });
    bus.on('alertRaised', 'network', async () => {
      seen.push('alert');
    });
    await bus.emit('userSignedUp', signedUp);
    expect(seen).toEqual(['network 7', 'sales ABC123']);
  });

  it('logs a failing handler with its event and feature, and still runs the others; emit never throws', async () => {
    const { log, lines } = readableLog();
    const bus = createEventBus(log);
    const seen: string[] = [];
    bus.on('deviceRemoved', 'network', async () => {
      throw new Error('mail server down');
    });
    bus.on('deviceRemoved', 'sales', async ({ deviceId }) => {
      seen.push(`sales ${deviceId}`);
    });
    await expect(
      bus.emit('deviceRemoved', { userId: 1, deviceRowId: 2, deviceId: 'android-1' }),
    ).resolves.toBe(undefined);
    expect(seen).toEqual(['sales android-1']);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 50,
      event: 'deviceRemoved',
      feature: 'network',
      msg: 'an event handler failed; the change it followed stands',
    });
    expect(JSON.stringify(lines[0])).toContain('mail server down');
  });

  it('is quiet for an event nobody listens to', async () => {
    const { log, lines } = readableLog();
    await createEventBus(log).emit('accountDeleted', { userId: 1, deviceRowIds: [3] });
    expect(lines).toEqual([]);
  });
});
