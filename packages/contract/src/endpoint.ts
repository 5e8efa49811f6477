import type { z } from 'zod';

/**
 * One HTTP call of the product: the server registers a route from it, the panel and the phone call
 * through it, and the OpenAPI document is generated from it. `path` is the full path under `/api`.
 */
export type EndpointAuth = 'none' | 'user' | 'account' | 'operator' | 'device';

export interface Endpoint<
  TBody extends z.ZodType = z.ZodType,
  TResponse extends z.ZodType = z.ZodType,
  TAuth extends EndpointAuth = EndpointAuth,
> {
  method: 'GET' | 'POST';
  path: `/api/${string}`;
  /**
   * who may call it: anyone (`none`); a signed-in customer (`user`: a bearer session token whose
   * account is a customer's; an operator's session is refused FORBIDDEN, decision 036); any
   * signed-in person (`account`: a customer or an operator, only for what the operator's panel shares
   * with the customer's: its details, the realtime token, signing out); a signed-in operator
   * (`operator`; anyone else is refused FORBIDDEN); or a phone (`device`: its device token)
   */
  auth: TAuth;
  summary: string;
  body: TBody;
  response: TResponse;
  /** status of a successful answer; 200 unless stated */
  status?: 200 | 201 | 204;
  /** the largest body accepted, when it is not the server's default of 1 MB (photos) */
  maxBodyBytes?: number;
}

export function defineEndpoint<
  TBody extends z.ZodType,
  TResponse extends z.ZodType,
  TAuth extends EndpointAuth,
>(endpoint: Endpoint<TBody, TResponse, TAuth>): Endpoint<TBody, TResponse, TAuth> {
  return endpoint;
}

export type BodyOf<E> = E extends Endpoint<infer B, z.ZodType, EndpointAuth> ? z.input<B> : never;
export type ResponseOf<E> = E extends Endpoint<z.ZodType, infer R, EndpointAuth> ? z.output<R> : never;
