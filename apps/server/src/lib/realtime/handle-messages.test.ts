import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Socket } from 'socket.io';
import { NUL_TEXT_MESSAGE, type RealtimeAck } from '@escudo/contract';
import type { FastifyBaseLogger } from 'fastify';
import { useRealtimeApp, userWithPhone, wait } from '../../../test/sockets.ts';
import { handleMessages } from './handle-messages.ts';

const realtime = useRealtimeApp();
const { panel, phone } = realtime;

/** Just what handleMessages uses of a socket: its listeners, called here as Socket.IO would. */
function fakeSocket() {
  const listeners = new Map<string, (...args: unknown[]) => void>();
  const socket = {
    onAny: () => undefined,
    on: (event: string, listener: (...args: unknown[]) => void) => listeners.set(event, listener),
    emit: () => true,
  };
  const send = (type: string, payload: unknown) =>
    new Promise<RealtimeAck>((resolve) => listeners.get(type)!(payload, resolve));
  return { socket: socket as unknown as Socket, send };
}

const logged: string[] = [];
const log = {
  warn: (_: unknown, message: string) => logged.push(`warn: ${message}`),
  error: (_: unknown, message: string) => logged.push(`error: ${message}`),
} as unknown as FastifyBaseLogger;

describe('handleMessages', () => {
  it('answers input the database refuses (NUL, an integer out of range) as VALIDATION, a row removed meanwhile as NOT_FOUND, anything unexpected as INTERNAL', async () => {
    const { socket, send } = fakeSocket();
    // as Drizzle wraps the driver's error: the SQLSTATE is on the cause
    const refusedBy = (code: string) =>
      new Error('Failed query', { cause: Object.assign(new Error('from PostgreSQL'), { code }) });
    handleMessages(
      socket,
      {},
      { nul: z.object({}), integer: z.object({}), removed: z.object({}), broken: z.object({}) },
      {
        nul: async () => Promise.reject(refusedBy('22021')),
        integer: async () => Promise.reject(refusedBy('22003')),
        // foreign_key_violation: what the message refers to was deleted while it ran
        removed: async () => Promise.reject(refusedBy('23503')),
        broken: async () => Promise.reject(new Error('unexpected')),
      },
      log,
    );
    expect(await send('nul', {})).toEqual({
      ok: false,
      code: 'VALIDATION',
      message: 'Los datos enviados no son válidos.',
    });
    expect(await send('integer', {})).toMatchObject({ ok: false, code: 'VALIDATION' });
    expect(await send('removed', {})).toMatchObject({ ok: false, code: 'NOT_FOUND' });
    expect(await send('broken', {})).toMatchObject({ ok: false, code: 'INTERNAL' });
    expect(logged).toEqual([
      'warn: input the contract let through was refused by the database',
      'warn: input the contract let through was refused by the database',
      'warn: what the message refers to was removed while it ran',
      'error: realtime message failed',
    ]);
  });
});

describe('NUL in a message', () => {
  it('refuses NUL in any text or key, naming where, and lets the text "\\u0000" through', async () => {
    const { socket, send } = fakeSocket();
    const heard: unknown[] = [];
    const schema = z.object({ note: z.string(), tags: z.record(z.string(), z.string()) });
    handleMessages(socket, {}, { note: schema }, { note: async (payload) => void heard.push(payload) }, log);
    expect(await send('note', { note: 'a\u0000b', tags: {} })).toEqual({
      ok: false,
      code: 'VALIDATION',
      message: `${NUL_TEXT_MESSAGE} (note)`,
    });
    expect(await send('note', { note: 'a', tags: { 'x\u0000': 'y' } })).toMatchObject({
      ok: false,
      code: 'VALIDATION',
      message: `${NUL_TEXT_MESSAGE} (tags)`,
    });
    expect(await send('note', { note: 'a', tags: { x: 'y\u0000' } })).toMatchObject({
      message: `${NUL_TEXT_MESSAGE} (tags.x)`,
    });
    // a backslash and "u0000" as typed: six characters, no NUL
    expect(await send('note', { note: '\\u0000', tags: {} })).toEqual({ ok: true });
    expect(heard).toEqual([{ note: '\\u0000', tags: {} }]);
  });
});

describe('bad input on the socket', () => {
  it('refuses malformed, unknown, oversized and too frequent messages, and keeps the socket up', async () => {
    const ana = await userWithPhone(realtime.app);
    const screen = await panel(ana);
    const device = await phone(ana);

    expect(await device.ask('imHere', { probe_id: 'x' })).toMatchObject({ ok: false, code: 'VALIDATION' });
    expect(await device.ask('imHere', {})).toMatchObject({ ok: false, code: 'VALIDATION' });
    expect(await device.ask('imHere', 'hola')).toMatchObject({ ok: false, code: 'VALIDATION' });
    expect(await device.ask('commandResult', { command_id: 1, outcome: 'maybe' })).toMatchObject({
      ok: false,
      code: 'VALIDATION',
    });
    expect(await screen.ask('ayThere', { device_id: ana.deviceId })).toMatchObject({
      ok: false,
      code: 'VALIDATION',
    });
    expect(await device.ask('formatear', { command_id: 1 })).toMatchObject({ ok: false, code: 'VALIDATION' });
    const rejected = device.next('rejected');
    device.emit('formatear', {});
    expect(await rejected).toMatchObject({
      type: 'formatear',
      code: 'VALIDATION',
      message: expect.stringMatching(/desconocido/),
    });
    expect(
      await device.ask('commandResult', { command_id: 1, outcome: 'failed', reason: 'x'.repeat(20_000) }),
    ).toMatchObject({ ok: false, code: 'PAYLOAD_TOO_LARGE' });

    // still connected, still useful
    expect(device.connected).toBe(true);
    const probe = device.next('ayThere');
    expect(await screen.ask('ayThere', { device_id: ana.deviceId, probe_id: 'probe-after-bad' })).toEqual({
      ok: true,
    });
    expect(await probe).toEqual({ probe_id: 'probe-after-bad' });
  });

  it('rate-limits a socket that floods, without closing it', async () => {
    const ana = await userWithPhone(realtime.app);
    const device = await phone(ana);
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        device.ask('imHere', { probe_id: `flood-${String(i).padStart(4, '0')}` }),
      ),
    );
    expect(answers.filter((a) => a.ok).length).toBeGreaterThanOrEqual(40);
    expect(answers.filter((a) => a.code === 'RATE_LIMITED').length).toBeGreaterThan(0);
    await wait(1100);
    expect(await device.ask('imHere', { probe_id: 'after-flood' })).toEqual({ ok: true });
  });
});
