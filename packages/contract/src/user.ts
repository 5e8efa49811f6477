import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { routes } from './routes.ts';
import { emptyBodySchema, idSchema } from './common.ts';
import { deviceOperatingSystems } from './constants.ts';

/** spec 3: Device */
export const deviceSchema = z.object({
  id: idSchema.describe('internal id'),
  device_id: z.string().describe("the phone's own identifier"),
  device_brand: z.string(),
  device_name: z.string(),
  device_model: z.string(),
  device_so: z.enum(deviceOperatingSystems),
  device_soversion: z.number().describe('operating system version, numeric (e.g. 13 or 17.4)'),
});
export type Device = z.infer<typeof deviceSchema>;

/** spec 3: Plan */
export const planIncludeSchema = z.object({ id: idSchema, name: z.string() });
export const planSchema = z.object({
  id: idSchema,
  name: z.string(),
  description: z.string(),
  image: z.string().nullable().describe('URL of the plan picture'),
  max_red: z.number().int().describe('people the security network may hold'),
  max_devices: z.number().int(),
  includes: z.array(planIncludeSchema),
  price: z.number().int().describe('monthly price in CLP'),
});
export type Plan = z.infer<typeof planSchema>;
export type PlanInclude = z.infer<typeof planIncludeSchema>;

/** The account's current plan (spec 3: "plan (with plan object)") */
export const userPlanSchema = z.object({
  id: idSchema,
  plan_id: idSchema,
  started_at: z.string().describe('ISO date-time'),
  expires_at: z.string().nullable().describe('ISO date-time; null when it never expires'),
  plan: planSchema,
});
export type UserPlan = z.infer<typeof userPlanSchema>;

export const cuadranteSchema = z.object({
  id: idSchema,
  name: z.string(),
  primary_fdb_url: z.string().describe('realtime URL for commands (Socket.IO, namespace /panel)'),
  tracking_fdb_url: z.string().describe('realtime URL for tracking'),
});
export type Cuadrante = z.infer<typeof cuadranteSchema>;

/** spec 3: User.info */
export const userInfoSchema = z.object({
  avatar: z.string().nullable().describe('signed URL of the avatar, or null'),
  direccion: z.string().nullable(),
  telefono: z.string().nullable(),
  rut: z.string().nullable(),
  pais: idSchema.nullable(),
  region: idSchema.nullable(),
  comuna: idSchema.nullable(),
  genero: z.number().int().nullable().describe('2 Femenino, 1 Masculino'),
  nacimiento: z.string().nullable().describe('YYYY-MM-DD'),
  cuadrante_id: idSchema.nullable(),
  codigo_invitacion: z.string().describe("the account's own code to invite people"),
  cuadrante: cuadranteSchema.nullable(),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

/** spec 3: User */
export const userSchema = z.object({
  id: idSchema,
  name: z.string(),
  email: z.string(),
  info: userInfoSchema,
  dispositivos: z.array(deviceSchema),
  plan: userPlanSchema.nullable(),
});
export type User = z.infer<typeof userSchema>;

export const userDetails = defineEndpoint({
  ...routes.userDetails,
  summary: 'The signed-in user with info, devices and plan',
  body: emptyBodySchema,
  response: z.object({ user: userSchema }),
});
