import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { routes } from './routes.ts';
import { emailSchema, emptyBodySchema, idSchema, personNameSchema, singleLineTextSchema } from './common.ts';
import {
  AVATAR_IMAGE_MAX_BYTES,
  AVATAR_MAX_SIDE_PX,
  BIRTH_DATE_MIN,
  FILE_URL_TTL_MS,
  PHONE_LENGTH,
  USER_ROLES,
  deviceOperatingSystems,
} from './constants.ts';
import { chileToday } from './chile-time.ts';
import { cleanRut, isValidRut } from './rut.ts';
import { deviceStateFields, lastPositionSchema } from './device-status.ts';

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

/**
 * A device as its owner's panel reads it (userDetails): the registered phone with its last state
 * (decision 042): connected now, last connection, battery, charging, network and last known position.
 */
export const userDeviceSchema = deviceSchema.extend({
  ...deviceStateFields,
  last_position: lastPositionSchema
    .nullable()
    .describe('the newest position of a lost-mode report or a tracking route; null: none kept'),
});
export type UserDevice = z.infer<typeof userDeviceSchema>;

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
  // Written by the server so that a page showing the plan's date needs no date formatter of its own: a page's
  // first one costs a phone about 110 ms of its main thread (bench/RESULTS.md, "Planes without a date
  // formatter").
  expires_on: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .nullable()
    .describe("the day expires_at falls on in Chile's calendar, YYYY-MM-DD; null when it never expires"),
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
  email_verified: z
    .boolean()
    .describe('whether the e-mail was verified (its link opened, Google vouched for it, or a reset used it)'),
  role: z
    .enum(USER_ROLES)
    .describe("'operator' for the central's operators (decision 018): the panel takes them to /operador"),
  info: userInfoSchema,
  dispositivos: z.array(userDeviceSchema),
  plan: userPlanSchema.nullable(),
  two_factor_enabled: z.boolean().describe('whether two-step sign-in is on (decision 035)'),
  account_review_pending: z
    .boolean()
    .describe(
      'the mailbox was proven for the first time and the owner has yet to choose a password or answer for what was made before (app/account/review; decision 050)',
    ),
  email_change: z
    .object({
      email: z.string().describe('the new address asked for'),
      applies_at: z
        .string()
        .nullable()
        .describe(
          'ISO date-time it applies without the current address confirming it; null: once the new address is confirmed',
        ),
      new_address_confirmed: z.boolean(),
      confirmed: z.boolean().describe('the current address confirmed it'),
    })
    .nullable()
    .describe('the change of e-mail under way, if any (decision 050)'),
});
export type User = z.infer<typeof userSchema>;

export const userDetails = defineEndpoint({
  ...routes.userDetails,
  summary: 'The signed-in user with info, devices and plan',
  body: emptyBodySchema,
  response: z.object({ user: userSchema }),
});

/** a real calendar date written YYYY-MM-DD (2023-02-30 is not one) */
const isCalendarDate = (value: string) => {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
};

/** A RUT as people write it (dots, dash), answered clean: digits and check digit, the digit checked. */
export const rutSchema = z
  .string()
  .max(20, 'El RUT no es válido.')
  // dots, dash and spaces are how people write it; anything else is not a RUT
  .regex(/^[\d kK.-]+$/, 'El RUT no es válido.')
  .transform(cleanRut)
  .refine(isValidRut, 'El RUT no es válido.')
  .describe('clean: digits and check digit (123456785)');

/**
 * spec 5 (Profile) and 7 (updateInfo): every field required. The RUT arrives clean (digits and check
 * digit; dots and dash are tolerated and removed) and its check digit must be right. Whether region and
 * comuna belong to the chosen country and region is checked by the server against the geography.
 */
export const updateInfoBodySchema = z.strictObject({
  name: personNameSchema.describe('Nombre y apellido'),
  email: emailSchema.describe(
    "the account's current e-mail (case aside); a different one is refused: app/account/changeEmail changes it",
  ),
  direccion: singleLineTextSchema(200, 'La dirección no puede superar los 200 caracteres.'),
  telefono: z
    .string()
    .trim()
    .regex(new RegExp(`^\\d{${PHONE_LENGTH}}$`), `El teléfono debe tener ${PHONE_LENGTH} dígitos.`)
    .describe(`${PHONE_LENGTH} digits, country code included (56912345678)`),
  rut: rutSchema,
  pais: idSchema,
  region: idSchema,
  comuna: idSchema.nullable().describe('null only when the region has no communes'),
  genero: z.union([z.literal(1), z.literal(2)], 'El género debe ser 1 (Masculino) o 2 (Femenino).'),
  nacimiento: z.iso
    .date('La fecha de nacimiento debe ser una fecha válida, AAAA-MM-DD.')
    .refine(isCalendarDate, 'La fecha de nacimiento no es válida.')
    .refine((value) => value >= BIRTH_DATE_MIN, 'La fecha de nacimiento no puede ser anterior a 1950.')
    .refine((value) => value <= chileToday(), 'La fecha de nacimiento no puede ser futura.')
    .describe(`YYYY-MM-DD, from ${BIRTH_DATE_MIN} to today`),
});
export type UpdateInfoBody = z.input<typeof updateInfoBodySchema>;

export const updateInfo = defineEndpoint({
  ...routes.updateInfo,
  summary: "Save the signed-in user's profile (name, e-mail, contact, RUT, address, birth date)",
  body: updateInfoBodySchema,
  response: z.object({ code: z.literal(200) }),
});

/** how the panel's canvas writes a JPEG (`toDataURL('image/jpeg')`); the bare base64 is accepted too */
export const JPEG_DATA_URL_PREFIX = 'data:image/jpeg;base64,';
const AVATAR_TOO_BIG = 'La imagen no puede superar los 5 MB.';

/**
 * spec 5 (Avatar): the cropped picture as JPEG base64. Its size is bounded here, from the length of
 * the text, so that a picture over 5 MB is refused before anything decodes it; whether it really is a
 * JPEG is decided by decoding it (users/avatar.service.ts).
 */
export const updateAvatarBodySchema = z.strictObject({
  avatar: z
    .string()
    // base64 takes 4 characters for every 3 bytes
    .max(JPEG_DATA_URL_PREFIX.length + Math.ceil(AVATAR_IMAGE_MAX_BYTES / 3) * 4, AVATAR_TOO_BIG)
    .transform((value) =>
      value.startsWith(JPEG_DATA_URL_PREFIX) ? value.slice(JPEG_DATA_URL_PREFIX.length) : value,
    )
    .pipe(z.base64('La imagen debe venir como JPEG en base64.').min(1, 'Requerido'))
    .describe(
      `the picture: a JPEG of at most 5 MB, base64 (optionally as a ${JPEG_DATA_URL_PREFIX} data URL); stored re-encoded, at most ${AVATAR_MAX_SIDE_PX}×${AVATAR_MAX_SIDE_PX}, without any metadata`,
    ),
});
export type UpdateAvatarBody = z.input<typeof updateAvatarBodySchema>;

export const updateAvatar = defineEndpoint({
  ...routes.updateAvatar,
  summary:
    "Replace the signed-in user's avatar: decoded, re-encoded without metadata (no EXIF, no GPS), and answered with its signed, expiring URL. Not a JPEG: 400 IMAGE_INVALID",
  body: updateAvatarBodySchema,
  response: z.object({
    code: z.literal(200),
    avatar: z.string().describe(`signed URL of the new avatar, valid ${FILE_URL_TTL_MS / 60_000} minutes`),
  }),
  // 5 MB in base64 is 6.7 MB of text, plus the JSON around it
  maxBodyBytes: 8 * 1024 * 1024,
});
