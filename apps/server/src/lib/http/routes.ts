/**
 * Registers endpoints of the contract as Fastify routes: the contract's method, path, body and
 * response schemas, its auth rule, and the handler. The OpenAPI document is generated from the same.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Endpoint, EndpointAuth, USER_ROLES } from '@escudo/contract';
import { AppError } from '../app-error.ts';

type UserRole = (typeof USER_ROLES)[number];

/** A signed-in user, through a session token. */
export interface UserAuth {
  kind: 'user';
  userId: number;
  sessionId: number;
  role: UserRole;
}

/** A phone, through its device token: it speaks for itself only. */
export interface DeviceAuth {
  kind: 'device';
  userId: number;
  /** internal id of the device */
  deviceRowId: number;
  /** the phone's own identifier */
  deviceId: string;
}

export type Auth = UserAuth | DeviceAuth;
type AuthOf<A extends EndpointAuth> = A extends 'user' | 'account' | 'operator'
  ? UserAuth
  : A extends 'device'
    ? DeviceAuth
    : null;

declare module 'fastify' {
  interface FastifyRequest {
    auth: Auth | null;
  }
}

export type Handler<B extends z.ZodType, R extends z.ZodType, A extends EndpointAuth> = (input: {
  body: z.output<B>;
  request: FastifyRequest;
  reply: FastifyReply;
  auth: AuthOf<A>;
}) => Promise<z.input<R>>;

/** Resolves the token of a request to its owner, or null; one per kind of caller. */
/** The token of an `Authorization: Bearer …` header: a session's or a phone's. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S{1,256})$/i.exec(header);
  return match?.[1] ?? null;
}

export interface Authenticators {
  user?: (request: FastifyRequest) => Promise<UserAuth | null>;
  device?: (request: FastifyRequest) => Promise<DeviceAuth | null>;
}

export type Route = <B extends z.ZodType, R extends z.ZodType, A extends EndpointAuth>(
  endpoint: Endpoint<B, R, A>,
  handler: Handler<B, R, A>,
) => void;

export function createRouter(app: FastifyInstance, authenticators: Authenticators): Route {
  return (endpoint, handler) => {
    const status = endpoint.status ?? 200;
    // a GET's payload is its query string (getSponsorById's unique_id); one without any has z.undefined()
    const hasQuery = endpoint.method === 'GET' && !endpoint.body.safeParse(undefined).success;
    app.withTypeProvider<ZodTypeProvider>().route({
      method: endpoint.method,
      url: endpoint.path,
      ...(endpoint.maxBodyBytes ? { bodyLimit: endpoint.maxBodyBytes } : {}),
      schema: {
        summary: endpoint.summary,
        tags: [endpoint.path.split('/')[2] ?? 'api'],
        ...(endpoint.method === 'GET'
          ? hasQuery
            ? { querystring: endpoint.body }
            : {}
          : { body: endpoint.body }),
        ...(endpoint.auth === 'none' ? {} : { security: [{ bearer: [] }] }),
        ...(status === 204 ? {} : { response: { [status]: endpoint.response } }),
      },
      // authentication runs before the body is even read: a caller without a valid token learns nothing
      onRequest: async (request) => {
        request.auth = null;
        if (endpoint.auth === 'none') return;
        // customers, operators and any signed-in person all come with a session token
        const kind = endpoint.auth === 'device' ? 'device' : 'user';
        const authenticate = authenticators[kind];
        if (!authenticate) throw new Error(`no authenticator for ${kind}`);
        request.auth = await authenticate(request);
        if (!request.auth) throw new AppError('UNAUTHENTICATED');
        // operators are not customers, nor customers operators (decision 036): each side's calls
        // refuse the other's sessions; `account` calls are the few the operator's panel shares
        const role = request.auth.kind === 'user' ? request.auth.role : null;
        if (endpoint.auth === 'operator' && role !== 'operator') throw new AppError('FORBIDDEN');
        if (endpoint.auth === 'user' && role !== 'customer') throw new AppError('FORBIDDEN');
      },
      handler: async (request, reply) => {
        const result = await handler({
          body: (hasQuery ? request.query : request.body) as never,
          request,
          reply,
          auth: request.auth as never,
        });
        if (status === 204) return reply.status(204).send();
        return reply.status(status).send(result as never);
      },
    });
  };
}
