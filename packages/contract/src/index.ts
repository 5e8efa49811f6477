// first: zod's settings must be in place before the modules below make their schemas
import './zod-config.ts';

export * from './endpoint.ts';
export type * from './endpoint-map.ts';
export * from './error-codes.ts';
export * from './errors.ts';
export * from './routes.ts';
export * from './constants.ts';
export * from './chile-time.ts';
export * from './rut.ts';
export * from './sales-money.ts';
export * from './schemas.ts';
