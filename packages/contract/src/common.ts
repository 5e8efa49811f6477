import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants.ts';

/** An e-mail as typed by a person: trimmed; compared case-insensitively by the server. */
export const emailSchema = z
  .string()
  .trim()
  .max(254, 'El email no puede superar los 254 caracteres.')
  .pipe(z.email('Email debe ser válido'))
  .describe('e-mail address');

/** A password being checked (sign-in, confirmation): any non-empty string up to the bound. */
export const passwordSchema = z
  .string()
  .min(1, 'Contraseña es requerida')
  .max(PASSWORD_MAX_LENGTH, `La contraseña no puede superar los ${PASSWORD_MAX_LENGTH} caracteres.`);

/** A password being set (sign-up, reset): the spec's 8-character hint is enforced here, on the server. */
export const newPasswordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `La contraseña debe tener al menos ${PASSWORD_MIN_LENGTH} caracteres.`)
  .max(PASSWORD_MAX_LENGTH, `La contraseña no puede superar los ${PASSWORD_MAX_LENGTH} caracteres.`);

export const personNameSchema = z
  .string()
  .trim()
  .min(1, 'Este campo es obligatorio')
  .max(120, 'El nombre no puede superar los 120 caracteres.');

/** An optional code of the sign-up link (invitation, share, sponsor); empty string counts as absent. */
export const optionalCodeSchema = z
  .string()
  .trim()
  .max(64)
  .nullish()
  .transform((value) => (value ? value : null));

export const emptyBodySchema = z
  .strictObject({})
  .nullish()
  .describe('no payload (an empty object or no body)');

export const statusResponseSchema = z.object({ status: z.literal('ok') });
