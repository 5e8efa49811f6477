/**
 * The panel's only way to reach the server. Every call goes through an endpoint of the contract, so the
 * path, method, payload and answer are typed from one place (docs/style.md #3). Spec section 7 fixes the
 * headers and the 10 s time-out; spec section 8 says a 401/403 ends the session (except on sign-in).
 */
import type { BodyOf, EndpointName, EndpointsByRoute, ErrorCode, ResponseOf } from '@escudo/contract';
// Only zod-free parts of the contract at run time: this file is on Login's first load.
import { REQUEST_TIMEOUT_MS, routes, type Route } from '@escudo/contract/browser';
import { authToken } from './auth-token.ts';
import { libTexts } from './texts.ts';

/** Failures found by the browser rather than answered by the server. */
export type ClientErrorCode = 'TIMEOUT' | 'NETWORK' | 'UNEXPECTED_RESPONSE';

/** Everything `callApi` throws (besides an abort requested by the caller). */
export class ApiRequestError extends Error {
  override readonly name = 'ApiRequestError';
  /** HTTP status; 0 when no answer arrived (time-out, network failure) */
  readonly status: number;
  readonly code: ErrorCode | ClientErrorCode;
  /** per-field Spanish messages when the server blamed specific fields */
  readonly fields: Readonly<Record<string, string>> | undefined;

  constructor(init: {
    status: number;
    code: ErrorCode | ClientErrorCode;
    message: string;
    fields?: Record<string, string> | undefined;
  }) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.fields = init.fields;
  }
}

export function isApiRequestError(error: unknown): error is ApiRequestError {
  return error instanceof ApiRequestError;
}

/** The messages to show for an error: one per field the server blamed, or its general message. */
export function describeErrorDetails(error: unknown): string[] {
  if (!isApiRequestError(error)) return [libTexts.unexpectedError];
  const fieldMessages = error.fields ? Object.values(error.fields) : [];
  return fieldMessages.length > 0 ? fieldMessages : [error.message];
}

export interface CallOptions {
  /** lets TanStack Query cancel a request nobody waits for any more */
  signal?: AbortSignal | undefined;
  /** values of the path's `:name` parameters (the open alert page's token) */
  params?: Record<string, string> | undefined;
}

/**
 * Refusals that are about what was asked, not about the session: a wrong password at sign-in (401) and
 * an entry that is not one's own (403, e.g. the security network's). Any other 401/403 ends the
 * session (spec 8).
 */
const refusalsKeepingSession = new Set<string>(['INVALID_CREDENTIALS', 'FORBIDDEN'] satisfies ErrorCode[]);

/**
 * Calls an endpoint of the contract by its name, once: `callApi('login', body)` takes the `login`
 * endpoint's body and resolves with its answer (types from the contract, method and path from its
 * route). The answer is not re-validated here: the server serializes every answer through the
 * contract's schema, and keeping zod out of this file keeps it out of the first load.
 */
export async function callApi<N extends EndpointName>(
  name: N,
  body: BodyOf<EndpointsByRoute[N]>,
  options: CallOptions = {},
): Promise<ResponseOf<EndpointsByRoute[N]>> {
  const endpoint: Route = routes[name];
  // Read once: the answer is judged against the token this request carried, not a later one.
  const token = authToken.get();
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'X-Requested-With': 'XMLHttpRequest',
  };
  if (token) headers.Authorization = `Bearer ${token}`;

  let url: string = endpoint.path.replace(/:(\w+)/g, (_match, key: string) =>
    encodeURIComponent(options.params?.[key] ?? ''),
  );
  let requestBody: string | undefined;
  if (endpoint.method === 'GET') {
    url += toQueryString(body);
  } else {
    headers['Content-Type'] = 'application/json';
    // The server's contract accepts `{}` for calls without payload; never send an empty body.
    requestBody = JSON.stringify(body ?? {});
  }

  const timeoutSignal = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeoutSignal]) : timeoutSignal;

  let response: Response;
  let text: string;
  try {
    response = await fetch(url, { method: endpoint.method, headers, body: requestBody, signal });
    text = await response.text();
  } catch (error) {
    if (timeoutSignal.aborted) {
      throw new ApiRequestError({ status: 0, code: 'TIMEOUT', message: libTexts.requestTimeout });
    }
    if (options.signal?.aborted) throw error;
    throw new ApiRequestError({ status: 0, code: 'NETWORK', message: libTexts.networkError });
  }

  if (!response.ok) {
    const error = toApiRequestError(response.status, text);
    if (
      (response.status === 401 || response.status === 403) &&
      token !== null &&
      !refusalsKeepingSession.has(error.code) &&
      authToken.get() === token
    ) {
      // The session is over or was never valid: forget it and let the guards show Login (spec 8).
      // Only when the refused token is still the stored one, so a late answer cannot end a newer session.
      authToken.remove();
      window.location.reload();
    }
    throw error;
  }

  if (response.status === 204 || text === '') return undefined as ResponseOf<EndpointsByRoute[N]>;

  const data = parseJson(text);
  if (data === undefined) {
    console.error(`Unexpected answer from ${endpoint.method} ${endpoint.path}`, text.slice(0, 200));
    throw new ApiRequestError({
      status: response.status,
      code: 'UNEXPECTED_RESPONSE',
      message: libTexts.unexpectedError,
    });
  }
  return data as ResponseOf<EndpointsByRoute[N]>;
}

function toApiRequestError(status: number, text: string): ApiRequestError {
  const data = parseJson(text) as Partial<Record<'code' | 'message' | 'fields', unknown>> | undefined;
  if (data && typeof data.code === 'string' && typeof data.message === 'string') {
    const fields =
      data.fields && typeof data.fields === 'object' ? (data.fields as Record<string, string>) : undefined;
    return new ApiRequestError({ status, code: data.code as ErrorCode, message: data.message, fields });
  }
  // Not our server's error shape (a proxy page, a crash): say something a person understands.
  return new ApiRequestError({ status, code: 'UNEXPECTED_RESPONSE', message: libTexts.unexpectedError });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function toQueryString(body: unknown): string {
  if (body === undefined || body === null || typeof body !== 'object') return '';
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(body)) {
    if (value !== undefined && value !== null) params.set(name, String(value));
  }
  const query = params.toString();
  return query ? `?${query}` : '';
}
