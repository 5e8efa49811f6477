/**
 * What the panel may import at run time on its first load: routes, error codes and messages, business
 * constants; no zod. Schemas and endpoint types come from the main entry (`import type` there is
 * erased, so it costs nothing). Later, lazily loaded pages may import the main entry for their forms.
 */
export * from './routes.ts';
export * from './error-codes.ts';
export * from './constants.ts';
export * from './central-constants.ts';
export type * from './endpoint-map.ts';
export * from './chile-time.ts';
export * from './rut.ts';
export * from './sales-money.ts';
