import type { FastifyBaseLogger } from 'fastify';
import type { Socket } from 'socket.io';
import type { z } from 'zod';
import {
  REALTIME_MESSAGES_PER_SECOND,
  REALTIME_MESSAGE_MAX_BYTES,
  NUL_TEXT_MESSAGE,
  errorMessages,
  type RealtimeAck,
} from '@escudo/contract';
import { AppError } from '../app-error.ts';
import { isForeignKeyViolation, isInvalidInput } from '../db/errors.ts';
import { findNulText } from '../nul-text.ts';
import { createRateLimiter } from './rate-limiter.ts';

/** What a message's handler gets: the payload already parsed by the contract, and who sent it. */
export type Handlers<S extends Record<string, z.ZodType>, C> = {
  [K in keyof S]: (payload: z.output<S[K]>, sender: C) => Promise<void>;
};

/**
 * Registers one socket's handlers for `schemas` (docs/style.md #4). A message that is unknown, too big, too
 * frequent, malformed or not the sender's business is refused with an ack `{ok:false, code, message}`
 * (or a `rejected` message when there is no ack callback); the socket stays up.
 */
export function handleMessages<S extends Record<string, z.ZodType>, C>(
  socket: Socket,
  sender: C,
  schemas: S,
  handlers: Handlers<S, C>,
  log: FastifyBaseLogger,
  /** told the code of every refused message (the metrics count the rate limits) */
  onRefused?: (code: string) => void,
): void {
  const limiter = createRateLimiter(REALTIME_MESSAGES_PER_SECOND, REALTIME_MESSAGES_PER_SECOND * 2);
  const refuse = (type: string, { code, message }: AppError, ack: unknown) => {
    onRefused?.(code);
    if (typeof ack === 'function') (ack as (answer: RealtimeAck) => void)({ ok: false, code, message });
    else socket.emit('rejected', { type, code, message });
  };

  socket.onAny((type: unknown, ...args: unknown[]) => {
    if (typeof type === 'string' && Object.hasOwn(schemas, type)) return;
    const name = String(type).slice(0, 64);
    refuse(name, new AppError('VALIDATION', `Tipo de mensaje desconocido: ${name}`), args.at(-1));
  });

  for (const type of Object.keys(schemas) as (keyof S & string)[]) {
    // the socket is untyped here: this function is what turns unknown input into typed payloads
    const untyped = socket as unknown as { on(event: string, listener: (...args: unknown[]) => void): void };
    untyped.on(type, async (...args: unknown[]) => {
      const ack = typeof args.at(-1) === 'function' ? args.at(-1) : undefined;
      const payload = args[0];
      if (!limiter.take()) return refuse(type, new AppError('RATE_LIMITED'), ack);
      let json: string;
      try {
        json = JSON.stringify(payload) ?? '';
      } catch {
        return refuse(type, new AppError('VALIDATION'), ack);
      }
      // a UTF-16 unit is at most 3 bytes of UTF-8: most messages need no count of their bytes
      if (
        json.length * 3 > REALTIME_MESSAGE_MAX_BYTES &&
        Buffer.byteLength(json) > REALTIME_MESSAGE_MAX_BYTES
      )
        return refuse(type, new AppError('PAYLOAD_TOO_LARGE'), ack);
      // as for HTTP (lib/http/nul-guard.ts): whatever the schema says, before it runs. JSON writes a NUL,
      // in a key or a text, as \u0000, so a message without that sequence needs no walk through it
      // (text holding a backslash and "u0000" has it too, and is walked: findNulText decides)
      const nulAt = json.includes('\\u0000') ? findNulText(payload, 'payload') : null;
      if (nulAt !== null) {
        const where = nulAt === 'payload' ? '' : ` (${nulAt.slice('payload.'.length)})`;
        return refuse(type, new AppError('VALIDATION', `${NUL_TEXT_MESSAGE}${where}`), ack);
      }
      const parsed = schemas[type]!.safeParse(payload);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const where = issue?.path.length ? ` (${issue.path.join('.')})` : '';
        const message = `${errorMessages.VALIDATION} ${issue?.message ?? ''}${where}`.trim();
        return refuse(type, new AppError('VALIDATION', message), ack);
      }
      try {
        await handlers[type](parsed.data as never, sender);
        if (ack) (ack as (answer: RealtimeAck) => void)({ ok: true });
      } catch (error) {
        if (error instanceof AppError) return refuse(type, error, ack);
        if (isInvalidInput(error)) {
          // the contract should have refused it (error-handler.ts does the same for HTTP)
          log.warn({ err: error, type }, 'input the contract let through was refused by the database');
          return refuse(type, new AppError('VALIDATION'), ack);
        }
        if (isForeignKeyViolation(error)) {
          log.warn({ err: error, type }, 'what the message refers to was removed while it ran');
          return refuse(type, new AppError('NOT_FOUND'), ack);
        }
        log.error({ err: error, type }, 'realtime message failed');
        refuse(type, new AppError('INTERNAL'), ack);
      }
    });
  }
}
