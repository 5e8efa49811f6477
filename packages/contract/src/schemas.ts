/**
 * The zod schemas and endpoints of every feature, in one module: the package's entry re-exports it,
 * and endpoint-map.ts reads its endpoints by route name from here (not from the entry, which also
 * re-exports endpoint-map.ts: that would be an import cycle).
 */
export * from './common.ts';
export * from './user.ts';
export * from './auth.ts';
export * from './geography.ts';
export * from './config.ts';
export * from './device.ts';
export * from './device-status.ts';
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
export * from './sales.ts';
export * from './sponsors.ts';
export * from './atenciones.ts';
export * from './central.ts';
export * from './central-constants.ts';
export * from './account.ts';
export * from './account-review.ts';
export * from './two-factor.ts';
