/**
 * A client for Flow's REST API (https://developers.flow.cl, docs/api.md "Flow"): `payment/create` and
 * `payment/getStatus`, signed as Flow documents. The same client talks to real Flow and to the
 * built-in sandbox (flow-sandbox.ts); only the URL and keys differ.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

export type FlowParams = Record<string, string | number>;

/**
 * Flow's signature: every parameter but `s`, sorted by name, concatenated as name followed by value
 * with no separator, then HMAC-SHA256 with the secret key, in hex.
 */
export function signFlowParams(params: FlowParams, secretKey: string): string {
  const toSign = Object.keys(params)
    .filter((name) => name !== 's')
    .sort()
    .map((name) => `${name}${params[name]}`)
    .join('');
  return createHmac('sha256', secretKey).update(toSign, 'utf8').digest('hex');
}

/** Whether `params.s` is the signature of the other parameters (constant time). */
export function hasValidFlowSignature(params: Record<string, string>, secretKey: string): boolean {
  const given = Buffer.from(params.s ?? '', 'utf8');
  const expected = Buffer.from(signFlowParams(params, secretKey), 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** A call Flow answered with an error, or that never got an answer (status 0). */
export class FlowError extends Error {
  override readonly name = 'FlowError';
  constructor(
    message: string,
    readonly status: number,
    readonly flowCode: number | null = null,
  ) {
    super(message);
  }
}

export interface FlowCreatePaymentInput {
  commerceOrder: string;
  subject: string;
  amount: number;
  email: string;
  urlConfirmation: string;
  urlReturn: string;
  currency?: string;
}

const createPaymentResponseSchema = z.object({
  url: z.string().min(1),
  token: z.string().min(1),
  flowOrder: z.coerce.number().int(),
});
export type FlowCreatePaymentResult = z.infer<typeof createPaymentResponseSchema>;

// Flow sends more than this (fees, balance, conversion…); only what we use is checked.
const paymentStatusResponseSchema = z.object({
  flowOrder: z.coerce.number().int(),
  commerceOrder: z.string(),
  status: z.coerce.number().int().min(1).max(4),
  amount: z.coerce.number(),
  currency: z.string().nullish(),
  paymentData: z
    .object({
      date: z.string().nullish(),
      media: z.string().nullish(),
    })
    .nullish(),
});
export type FlowPaymentStatus = z.infer<typeof paymentStatusResponseSchema>;

const flowErrorSchema = z.object({ code: z.coerce.number().optional(), message: z.string().optional() });

export interface FlowClient {
  /** where the client sends its calls, e.g. https://www.flow.cl/api */
  readonly apiUrl: string;
  createPayment(input: FlowCreatePaymentInput): Promise<FlowCreatePaymentResult>;
  getStatus(token: string): Promise<FlowPaymentStatus>;
}

export interface FlowClientOptions {
  apiUrl: string;
  apiKey: string;
  secretKey: string;
  /** Flow expects its callbacks answered in 15 s; our own calls to Flow give up sooner */
  timeoutMs?: number;
}

export function createFlowClient(options: FlowClientOptions): FlowClient {
  const apiUrl = options.apiUrl.replace(/\/$/, '');
  const timeoutMs = options.timeoutMs ?? 10_000;

  function signed(params: FlowParams): URLSearchParams {
    const all: FlowParams = { ...params, apiKey: options.apiKey };
    const search = new URLSearchParams(
      Object.entries(all).map(([name, value]): [string, string] => [name, String(value)]),
    );
    search.set('s', signFlowParams(all, options.secretKey));
    return search;
  }

  async function call<T>(
    method: 'GET' | 'POST',
    service: string,
    params: FlowParams,
    schema: z.ZodType<T>,
  ): Promise<T> {
    const search = signed(params);
    const url = method === 'GET' ? `${apiUrl}/${service}?${search.toString()}` : `${apiUrl}/${service}`;
    let response: Response;
    let text: string;
    try {
      response = await fetch(url, {
        method,
        headers: { accept: 'application/json' },
        // fetch sets Content-Type application/x-www-form-urlencoded for URLSearchParams, as Flow wants
        ...(method === 'POST' ? { body: search } : {}),
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await response.text();
    } catch (error) {
      throw new FlowError(`Flow ${service} unreachable: ${(error as Error).message}`, 0);
    }
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      throw new FlowError(`Flow ${service} answered ${response.status} without JSON`, response.status);
    }
    if (!response.ok) {
      const error = flowErrorSchema.safeParse(data);
      const detail = error.success ? error.data : {};
      throw new FlowError(
        `Flow ${service} answered ${response.status}: ${detail.message ?? 'no message'}`,
        response.status,
        detail.code ?? null,
      );
    }
    const parsed = schema.safeParse(data);
    if (!parsed.success) {
      throw new FlowError(
        `Flow ${service} answered an unexpected body: ${parsed.error.message}`,
        response.status,
      );
    }
    return parsed.data;
  }

  return {
    apiUrl,
    createPayment(input) {
      return call('POST', 'payment/create', { currency: 'CLP', ...input }, createPaymentResponseSchema);
    },
    getStatus(token) {
      return call('GET', 'payment/getStatus', { token }, paymentStatusResponseSchema);
    },
  };
}
