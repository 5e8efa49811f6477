/**
 * What the server's log may carry (docs/architecture.md, "A request": logs never carry secrets). A log line
 * is read by more people, and kept longer, than the database: it must never hold a password or its hash, a
 * session, device or panel token, a PIN, Flow's keys or signatures, or the values of a query.
 *
 * Two layers, both in the options of the one logger (app.ts; `ctx.log` is that logger):
 * - `redactSecrets` (pino's `formatters.log`) censors the known secret keys at any depth of a logged
 *   object. pino's own `redact` needs a path per depth, and wildcard paths for ours made every log
 *   line about 40 times slower (2 µs → 80 µs, measured), a cost on every request; this walk adds
 *   about a microsecond;
 * - `logSerializers`: errors are rebuilt from parts that cannot carry values (class, message and stack
 *   with embedded values removed, code, a few plain fields), because a database error carries the
 *   query's parameters (`params`, and Drizzle copies them into its message) and PostgreSQL repeats
 *   values in `detail` ("Key (lower(email))=(ana@example.cl) already exists."). Request URLs lose the
 *   values of secret query parameters (`/planes?token=…`, signed file links, Flow's `s`).
 */
import type { FastifyRequest } from 'fastify';

export const REDACTED = '[Redacted]';

/**
 * Keys whose values are secrets wherever they appear, as the contract and our code name them: request
 * bodies (password, pin, order_token…), Flow's parameters (apiKey, s), headers, and a database
 * error's `params`. Compared without case.
 */
export const SECRET_KEYS = [
  'password',
  'password_confirmation',
  'passwordHash',
  'pin',
  'token',
  'access_token',
  'device_token',
  'order_token',
  'customToken',
  'tokenHash',
  'secret',
  'secretKey',
  'apiKey',
  'signature',
  // Flow's signature parameter
  's',
  'authorization',
  'cookie',
  'params',
  // the secrets of links (docs/privacy.md, "Retention"), should one be logged as a field
  'security_code',
  'social_access_token',
  'linkNonce',
  'challenge',
] as const;

const secretKeySet = new Set<string>(SECRET_KEYS.map((key) => key.toLowerCase()));

/**
 * Query parameters whose values are secrets (docs/privacy.md, "Retention"), matched generously by name:
 * anything naming a token, code, signature, secret, key, password, pin or state (`token`, `sig`, `signature`,
 * Google's `code` and `state`, `social_access_token`, `security_code`, Flow's `apiKey` and `s`…). A harmless
 * parameter caught by the net (`sponsor_code`) costs a log reader nothing; a secret missed would hand a
 * working link to whoever reads the log.
 */
const secretUrlParameter =
  /([?&;](?:s|[\w.-]*(?:token|code|sig|secret|key|pass|pin|state|challenge|auth|cookie|params)[\w.-]*)=)[^&#\s"']*/gi;

/**
 * Paths whose next segment is a secret (a link's token): the open alert page and its poll, shared
 * evidence, password reset, e-mail verification, deletion cancel and export downloads, and anything
 * under `/api/public/<what>/`. New link pages get their prefix here; the generic rule below
 * (`redactRequestUrl`) catches a token-looking segment under a prefix nobody added.
 */
const SECRET_PATH_PREFIXES = [
  'alerta',
  'evidencia',
  'resetpass',
  'verificar-email',
  'verificar',
  'cancelar-eliminacion',
  'api/public/[\\w-]+',
  'api/[\\w/-]*?(?:download|descargar)',
];
const secretPathSegment = new RegExp(`(/(?:${SECRET_PATH_PREFIXES.join('|')})/)[^/?#\\s"']+`, 'gi');

/**
 * A path segment that looks like a token: base64url or hex, no dot, 20 or more characters with a digit
 * among them, or 40 and more whatever they are. Our page and route names are words without digits
 * (`cancelar-eliminacion`, `lostMyPhoneUnSubscribeNotification`) and stay readable; a random token of
 * 16 bytes or more almost always holds a digit, and the known prefixes above cover ours anyway.
 */
const tokenLikeSegment = /(\/)(?:(?=[\w-]*\d)[\w-]{20,}|[\w-]{40,})(?=[/?#]|$)/g;

/**
 * `/planes?token=abc&x=1` → `/planes?token=[Redacted]&x=1`, `/alerta/abc` → `/alerta/[Redacted]`,
 * and `postgres://user:pass@host` → `postgres://user:[Redacted]@host`; anything else is kept.
 */
export function redactUrl(text: string): string {
  return text
    .replace(secretUrlParameter, `$1${REDACTED}`)
    .replace(secretPathSegment, `$1${REDACTED}`)
    .replace(/(\/\/[^/\s:@]+:)[^@\s/]+@/g, `$1${REDACTED}@`);
}

/**
 * A request's URL for the log: `redactUrl`, and any token-looking path segment too, whatever the
 * prefix (a link page added later is safe before anyone lists it). Only for URLs: in free text (an
 * error message) the same rule would hide file names that help to read the error.
 */
export function redactRequestUrl(url: string): string {
  const query = url.indexOf('?');
  const pathPart = query < 0 ? url : url.slice(0, query);
  return redactUrl(pathPart.replace(tokenLikeSegment, `$1${REDACTED}`) + (query < 0 ? '' : url.slice(query)));
}

/** SQL with its literals removed: Drizzle passes values as $n parameters, but `sql.raw` would not */
export function redactSql(sql: string): string {
  return sql.replace(/'(?:[^']|'')*'/g, "'…'");
}

// PostgreSQL quotes names after these words ('unique constraint "users_email_lower_idx"'); any other
// double-quoted text in its messages is a value ('invalid input syntax for type integer: "12ab"').
const quotedText =
  /(\b(?:constraint|relation|column|table|index|type|function|schema|database|sequence|role|extension|trigger|view|operator|collation|domain|policy|savepoint|cursor|statement) )"((?:[^"]|"")*)"|"(?:[^"]|"")*"/gi;

/**
 * A database error's text without the values it repeats: Drizzle's "Failed query: … params: …"
 * keeps the query without its parameters; PostgreSQL's "Key (email)=(…)", "Failing row contains (…)"
 * and quoted values lose the values and keep the names.
 */
export function redactDatabaseText(text: string): string {
  const drizzle = /^Failed query: ([\s\S]*?)\nparams: [\s\S]*$/.exec(text);
  if (drizzle) return `Failed query: ${redactSql(drizzle[1]!)}\nparams: ${REDACTED}`;
  return redactUrl(
    text
      .replace(/Failing row contains \([\s\S]*\)/g, 'Failing row contains (…)')
      .replace(
        /\)=\([\s\S]*?\)(?= already exists| is not present| is still referenced| conflicts with|\.?\s*$)/g,
        ')=(…)',
      )
      .replace(quotedText, (_match, word: string | undefined, name: string | undefined) =>
        word === undefined ? '"…"' : `${word}"${name}"`,
      ),
  );
}

interface ErrorLike {
  name?: unknown;
  message: string;
  stack?: unknown;
  code?: unknown;
  cause?: unknown;
  errors?: unknown;
  [key: string]: unknown;
}

function isErrorLike(value: unknown): value is ErrorLike {
  return typeof value === 'object' && value !== null && typeof (value as ErrorLike).message === 'string';
}

/** PostgreSQL's (pg, PGlite) and Drizzle's errors: the ones that carry values of a query */
function isDatabaseError(error: ErrorLike): boolean {
  return typeof error.severity === 'string' || 'params' in error || 'query' in error;
}

/** Fields that are SQL: kept without their literals (the values are in `params`, never logged). */
const SQL_FIELDS = new Set(['query', 'internalQuery']);
/** Fields never logged: the values themselves, and what we re-create ourselves. */
const DROPPED_FIELDS = new Set(['params', 'queryOptions', 'message', 'stack', 'cause', 'errors', 'name']);

export interface SerializedError {
  type: string;
  message: string;
  stack: string;
  code?: string | number;
  aggregateErrors?: SerializedError[];
  [field: string]: unknown;
}

function typeOf(error: ErrorLike): string {
  const constructorName = (error as { constructor?: { name?: unknown } }).constructor?.name;
  if (typeof constructorName === 'string' && constructorName !== 'Object') return constructorName;
  return typeof error.name === 'string' ? error.name : 'Error';
}

function cleanMessage(error: ErrorLike): string {
  return isDatabaseError(error) ? redactDatabaseText(error.message) : redactUrl(error.message);
}

/** the stack's frames under a new first line: V8 repeats the raw message at the top of a stack */
function cleanStack(error: ErrorLike, name: string, message: string): string {
  const frames =
    typeof error.stack === 'string' ? error.stack.split('\n').filter((l) => /^\s+at /.test(l)) : [];
  return [`${name}: ${message}`, ...frames].join('\n');
}

function causeOf(error: ErrorLike): ErrorLike | undefined {
  const cause = typeof error.cause === 'function' ? (error.cause as () => unknown)() : error.cause;
  return isErrorLike(cause) ? cause : undefined;
}

/**
 * pino's `err` serializer, made safe: like pino's own (type, message and stack followed by those of
 * each cause, code, plain fields) but every text has its values removed and only plain fields are
 * copied: an object hung on an error (a request, a response, `params`) may hold anything.
 */
export function serializeError(value: unknown): SerializedError {
  if (isErrorLike(value)) return serialize(value, new Set());
  // something thrown that is not an error (rare): its text, cleaned like a message
  return { type: typeof value, message: redactUrl(String(value)), stack: '' };
}

/** An error as text for a console (main.ts), without values: its cleaned stack, causes included. */
export function describeErrorSafely(error: unknown): string {
  const serialized = serializeError(error);
  return serialized.stack || serialized.message;
}

function serialize(error: ErrorLike, seen: Set<unknown>): SerializedError {
  const type = typeOf(error);
  const database = isDatabaseError(error);
  // the error and its causes, once each: a cause may point back at the error
  const chain: ErrorLike[] = [];
  for (let current: ErrorLike | undefined = error; current && !chain.includes(current);) {
    chain.push(current);
    seen.add(current);
    current = causeOf(current);
  }
  const messages = chain.map(cleanMessage);
  const stacks = chain.map((current, i) =>
    cleanStack(current, typeof current.name === 'string' ? current.name : typeOf(current), messages[i]!),
  );
  const serialized: SerializedError = {
    type,
    message: messages.join(': '),
    stack: stacks.join('\ncaused by: '),
  };
  // Drizzle's error has no code of its own: PostgreSQL's (23505…) is on its cause
  const code = chain
    .map((current) => current.code)
    .find((c) => typeof c === 'string' || typeof c === 'number');
  if (code !== undefined) serialized.code = code;
  for (const key in error) {
    if (DROPPED_FIELDS.has(key) || secretKeySet.has(key.toLowerCase())) continue;
    const field = error[key];
    if (typeof field === 'string') {
      serialized[key] = SQL_FIELDS.has(key)
        ? redactSql(field)
        : database
          ? redactDatabaseText(field)
          : redactUrl(field);
    } else if (typeof field === 'number' || typeof field === 'boolean') {
      serialized[key] = field;
    } else if (isErrorLike(field) && !seen.has(field)) {
      serialized[key] = serialize(field, seen);
    }
  }
  if (Array.isArray(error.errors)) {
    serialized.aggregateErrors = error.errors.filter(isErrorLike).map((inner) => serialize(inner, seen));
  }
  return serialized;
}

/** deeper than any object we log; below it a value is replaced unread (it also ends a cycle) */
const MAX_DEPTH = 12;
const TOO_DEEP = '[Too deep]';
/** top-level keys with a serializer of their own (below and Fastify's `res`) */
const SERIALIZED_KEYS = new Set(['req', 'res', 'err', 'error']);

/**
 * A logged object with the value of every secret key replaced, at any depth, and errors nested in it
 * serialized as `err` is. Copies only what it changes: the caller's objects are never modified.
 * Instances of classes other than errors (a request, a reply, a Date) are left to their serializers.
 */
export function redactSecrets<T>(object: T): T {
  return redactValue(object, 0, true) as T;
}

function redactValue(value: unknown, depth: number, isTop = false): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (value instanceof Error) return isTop ? value : serializeError(value);
  if (depth >= MAX_DEPTH) return TOO_DEEP;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    value.forEach((item, i) => {
      const next = redactValue(item, depth + 1);
      if (next !== item) (copy ??= [...value])[i] = next;
    });
    return copy ?? value;
  }
  const prototype: unknown = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return value;
  const record = value as Record<string, unknown>;
  let copy: Record<string, unknown> | undefined;
  for (const key in record) {
    if (isTop && SERIALIZED_KEYS.has(key)) continue;
    const field = record[key];
    const next = secretKeySet.has(key.toLowerCase()) ? REDACTED : redactValue(field, depth + 1);
    if (next !== field) (copy ??= { ...record })[key] = next;
  }
  return copy ?? value;
}

/** Fastify's request serializer (method, url, host, address) with secret query values removed. */
function serializeRequest(request: FastifyRequest): Record<string, unknown> {
  // something else logged as `req`: censored like any logged object
  if (typeof request?.url !== 'string') return redactValue(request, 1) as Record<string, unknown>;
  return {
    method: request.method,
    url: redactRequestUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

export const logSerializers = {
  err: serializeError,
  error: serializeError,
  req: serializeRequest,
};

/** The options every logger of the server gets (app.ts): serializers, and the secret keys censored. */
export const safeLoggerOptions = {
  serializers: logSerializers,
  formatters: { log: redactSecrets },
};
