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
export * from './common.ts';
export * from './user.ts';
export * from './auth.ts';
export * from './geography.ts';
export * from './config.ts';
export * from './device.ts';
export * from './commands.ts';
export * from './lostphone.ts';
export * from './realtime.ts';
export * from './files.ts';
export * from './tracking.ts';
export * from './plans.ts';
export * from './payments.ts';
export * from './social-auth.ts';
export * from './network.ts';
export * from './alerts.ts';
