import { z } from 'zod';
import { es } from 'zod/locales';

// Validation messages nobody wrote by hand still reach people in Spanish, on the server and the panel.
z.config(es());

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
