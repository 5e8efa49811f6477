/**
 * Every endpoint by the name of its route (routes.ts), as types only: the panel calls
 * `callApi('login', body)` and gets the body and answer types of the `login` endpoint without
 * importing its zod schemas (they stay out of the first load). Routes that are not endpoints of the
 * JSON API (Flow's form callbacks) are left out.
 */
import type * as contract from './schemas.ts';
import type { Endpoint } from './endpoint.ts';
import type { routes } from './routes.ts';

type Contract = typeof contract;

export type EndpointsByRoute = {
  [
    K in keyof typeof routes as K extends keyof Contract ? (Contract[K] extends Endpoint ? K : never) : never
  ]: K extends keyof Contract ? Contract[K] : never;
};

export type EndpointName = keyof EndpointsByRoute;
