/** Every Node caller's HTTP client (simulator, e2e, bench), contract-checked so a drift shows up here. */
import * as contract from '@escudo/contract';
import {
  REQUEST_TIMEOUT_MS,
  apiErrorSchema,
  type BodyOf,
  type Endpoint,
  type EndpointName,
  type EndpointsByRoute,
  type ResponseOf,
} from '@escudo/contract';

/** What the simulator shows when a call fails: the server's Spanish message when it gave one. */
export class ApiCallError extends Error {
  override name = 'ApiCallError';
  constructor(
    message: string,
    /** the API's error code, or NETWORK / UNEXPECTED_RESPONSE when the server did not answer one */
    readonly code: string,
    /** HTTP status; 0 when no answer arrived */
    readonly status: number,
    /** the server's Retry-After in seconds (a 429 or 503 says when to try again), if it sent one */
    readonly retryAfterS?: number,
  ) {
    super(message);
  }
}

/** Retry-After is either seconds or an HTTP date (RFC 9110 10.2.3); anything else is ignored. */
function parseRetryAfter(value: string | null): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

export interface CallOptions {
  token?: string | undefined;
  /** photos take longer than the panel's 10 s over a slow link */
  timeoutMs?: number;
}

/** One issue of a zod error, as `message (path)`. */
export const describeIssue = (issue?: { message: string; path: PropertyKey[] }) =>
  `${issue?.message ?? ''}${issue?.path.length ? ` (${issue.path.join('.')})` : ''}`;

/** Calls the contract's endpoint `name` (a key of its `routes`) on `server`, like the panel (docs/style.md #3). */
export async function callApi<N extends EndpointName>(
  server: string,
  name: N,
  body: BodyOf<EndpointsByRoute[N]>,
  { token, timeoutMs = REQUEST_TIMEOUT_MS }: CallOptions = {},
): Promise<ResponseOf<EndpointsByRoute[N]>> {
  // EndpointsByRoute holds only the route names whose export of the contract is an endpoint
  const endpoint = (contract as unknown as Record<EndpointName, Endpoint>)[name];
  const checked = endpoint.body.safeParse(body);
  if (!checked.success) {
    const reason = describeIssue(checked.error.issues[0]);
    throw new ApiCallError(`Datos no válidos para ${endpoint.path}: ${reason}`, 'VALIDATION', 0);
  }
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (endpoint.method === 'POST') headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(`${server}${endpoint.path}`, {
      method: endpoint.method,
      headers,
      body: endpoint.method === 'POST' ? JSON.stringify(checked.data) : undefined,
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    const reason =
      (error as Error).name === 'TimeoutError'
        ? `no respondió en ${Math.round(timeoutMs / 1000)} s`
        : ((error as Error & { cause?: Error }).cause?.message ?? (error as Error).message);
    throw new ApiCallError(`No se pudo conectar con ${server} (${reason}).`, 'NETWORK', 0);
  }

  // an empty or non-JSON body reads as undefined (a 204, or a proxy's HTML error page)
  const json: unknown = await response.json().catch(() => undefined);
  const unexpected = (message: string) => new ApiCallError(message, 'UNEXPECTED_RESPONSE', response.status);
  if (!response.ok) {
    const error = apiErrorSchema.safeParse(json);
    const retryAfterS = parseRetryAfter(response.headers.get('retry-after'));
    if (error.success) {
      throw new ApiCallError(error.data.message, error.data.code, response.status, retryAfterS);
    }
    throw unexpected(`El servidor respondió ${response.status} a ${endpoint.path}.`);
  }
  // the server answers every success with the endpoint's status (201 for a sign-up, 204 for a logout)
  const expected = endpoint.status ?? 200;
  if (response.status !== expected) {
    throw unexpected(
      `El servidor respondió ${response.status} a ${endpoint.path} (se esperaba ${expected}).`,
    );
  }
  const answer = endpoint.response.safeParse(json);
  if (!answer.success) {
    throw unexpected(`Respuesta inesperada de ${endpoint.path}: ${answer.error.issues[0]?.message ?? ''}`);
  }
  return answer.data as ResponseOf<EndpointsByRoute[N]>;
}
