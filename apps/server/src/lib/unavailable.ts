/**
 * A service the server needs cannot be used at start-up: the database, Redis or the bucket. Its
 * message, in Spanish, names which one and why in one line, with no password in it; main.ts prints it
 * alone and exits 1, so that a deployment never runs a half-started server.
 */
export class ServiceUnavailableError extends Error {
  override name = 'ServiceUnavailableError';
}

/** `host:port/path` of a service's URL: where it is, never the user or password it carries */
export function whereIs(url: string): string {
  const { host, pathname } = new URL(url);
  return `${host}${pathname === '/' ? '' : pathname}`;
}

/** a connection error's reason, as an operator reads it */
export function reasonOf(error: unknown): string {
  // some clients keep the code only in the message ("connect ECONNREFUSED 127.0.0.1:6379")
  const code =
    (error as { code?: unknown }).code ??
    (error instanceof Error ? /\b(E[A-Z_]{4,})\b/.exec(error.message)?.[1] : undefined);
  if (code === 'ECONNREFUSED') return 'no responde (conexión rechazada)';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'no se encuentra ese nombre de host';
  if (code === 'ETIMEDOUT') return 'no responde (tiempo de espera agotado)';
  if (typeof code === 'string') return `no responde (${code})`;
  return error instanceof Error ? error.message : String(error);
}
