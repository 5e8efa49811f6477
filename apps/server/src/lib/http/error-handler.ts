/**
 * The only place where errors become responses (docs/style.md #5). Every answer is `{ code, message,
 * fields? }`; a stack trace never leaves the process: unexpected errors are logged with the request id
 * and answered as INTERNAL.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { errorMessages, errorStatus, type ApiError, type ErrorCode } from '@escudo/contract';
import { AppError } from '../app-error.ts';
import { isForeignKeyViolation, isInvalidInput, isStatementTimeout } from '../db/errors.ts';

function body(code: ErrorCode, message?: string, fields?: Record<string, string>): ApiError {
  return fields
    ? { code, message: message ?? errorMessages[code], fields }
    : { code, message: message ?? errorMessages[code] };
}

/** Fastify's own client errors, by their codes, mapped to ours. */
const fastifyCodes: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'MALFORMED_JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'MALFORMED_JSON',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'VALIDATION',
  FST_ERR_VALIDATION: 'VALIDATION',
};

/** `onAppError` is told the code of every AppError answered (the metrics count the rate limits) */
export function registerErrorHandler(app: FastifyInstance, onAppError?: (code: ErrorCode) => void): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      onAppError?.(error.code);
      if (error.retryAfterS !== undefined) reply.header('retry-after', String(error.retryAfterS));
      return reply.status(error.status).send(body(error.code, error.message, error.fields));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const keys = (issue.params as { keys?: unknown }).keys;
        if (issue.keyword === 'unrecognized_keys' && Array.isArray(keys)) {
          for (const unknown of keys) fields[String(unknown)] = 'Campo no permitido.';
          continue;
        }
        const key =
          issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || error.validationContext || 'body';
        fields[key] ??= issue.message ?? errorMessages.VALIDATION;
      }
      const [field, first] = Object.entries(fields)[0] ?? [];
      const message = first ? `${errorMessages.VALIDATION} ${field}: ${first}` : errorMessages.VALIDATION;
      return reply.status(400).send(body('VALIDATION', message, fields));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response does not match its contract');
      return reply.status(500).send(body('INTERNAL'));
    }
    const mapped = error.code ? fastifyCodes[error.code] : undefined;
    if (mapped) {
      return reply.status(errorStatus[mapped]).send(body(mapped));
    }
    if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
      request.log.warn({ err: error }, 'client error');
      return reply.status(error.statusCode).send(body(error.statusCode === 404 ? 'NOT_FOUND' : 'VALIDATION'));
    }
    if (isInvalidInput(error)) {
      // the contract should have refused it: answered as what it is, and logged to fix the contract
      request.log.warn({ err: error }, 'input the contract let through was refused by the database');
      return reply.status(400).send(body('VALIDATION'));
    }
    if (isForeignKeyViolation(error)) {
      // what the request refers to was deleted while it ran (lib/db/errors.ts)
      request.log.warn({ err: error }, 'what the request refers to was removed while it ran');
      return reply.status(404).send(body('NOT_FOUND'));
    }
    if (isStatementTimeout(error)) {
      request.log.warn({ err: error }, 'database statement timed out');
      // about the time for a stuck statement to be cancelled again: a quick retry would meet the same
      reply.header('retry-after', '5');
      return reply.status(503).send(body('SERVER_BUSY'));
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.status(500).send(body('INTERNAL'));
  });
}
