import { errorMessages, errorStatus, type ErrorCode } from '@escudo/contract';

/**
 * The one error type of the server (docs/style.md #5). Throw it anywhere; the error handler turns it into
 * `{ code, message, fields? }` with the status of the code. The default message is the contract's
 * Spanish text for the code.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly fields: Record<string, string> | undefined;
  /** seconds after which trying again may work: sent as the `Retry-After` header (429, 503) */
  readonly retryAfterS: number | undefined;

  constructor(
    code: ErrorCode,
    message?: string,
    fields?: Record<string, string>,
    options: { retryAfterS?: number } = {},
  ) {
    super(message ?? errorMessages[code]);
    this.name = 'AppError';
    this.code = code;
    this.status = errorStatus[code];
    this.fields = fields;
    this.retryAfterS =
      options.retryAfterS === undefined ? undefined : Math.max(1, Math.ceil(options.retryAfterS));
  }
}
