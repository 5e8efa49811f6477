import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Socket } from 'socket.io';
import type { RealtimeAck } from '@escudo/contract';
import type { AppContext } from '../context.ts';
import { handleMessages } from './hub.ts';

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
} as unknown as AppContext['log'];

describe('handleMessages', () => {
  it('answers input the database refuses (NUL, an integer out of range) as VALIDATION, anything unexpected as INTERNAL', async () => {
    const { socket, send } = fakeSocket();
    // as Drizzle wraps the driver's error: the SQLSTATE is on the cause
    const refusedBy = (code: string) =>
      new Error('Failed query', { cause: Object.assign(new Error('from PostgreSQL'), { code }) });
    handleMessages(
      socket,
      {},
      { nul: z.object({}), integer: z.object({}), broken: z.object({}) },
      {
        nul: async () => Promise.reject(refusedBy('22021')),
        integer: async () => Promise.reject(refusedBy('22003')),
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
    expect(await send('broken', {})).toMatchObject({ ok: false, code: 'INTERNAL' });
    expect(logged).toEqual([
      'warn: input the contract let through was refused by the database',
      'warn: input the contract let through was refused by the database',
      'error: realtime message failed',
    ]);
  });
});
