import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants.ts';

/**
 * PostgreSQL's `integer`, the type of every internal id (docs/api.md, "Conventions"): a larger number can name
 * nothing, and must be refused by the contract rather than fail in the database.
 */
export const PG_INTEGER_MAX = 2_147_483_647;

/** An internal id (a plan, a device's row, a command, a route…): a positive PostgreSQL integer. */
export const idSchema = z
  .number()
  .int('El identificador debe ser un número entero.')
  .positive('El identificador debe ser un número positivo.')
  .max(PG_INTEGER_MAX, 'El identificador no es válido.');

/** half of a surrogate pair: not a character at all (it would be stored as U+FFFD) */
const LONE_SURROGATE = /\p{Cs}/u;
/** controls (C0, DEL, C1) other than tab and line breaks: free text keeps its lines, nothing else */
const CONTROL_BUT_LINE_BREAKS = /[^\P{Cc}\t\n\r]/u;
/**
 * What a single line may not hold besides: any control character (line breaks included), the Unicode
 * line and paragraph separators, and the bidirectional overrides and isolates that make text read
 * differently from what it is (names reach e-mails and the panel).
 */
const NOT_SINGLE_LINE = /[\p{Cc}\p{Zl}\p{Zp}\u202a-\u202e\u2066-\u2069]/u;

/**
 * What no text may hold (docs/api.md, "Conventions"): NUL, which PostgreSQL cannot store (a request carrying
 * one used to fail with 500), and lone surrogates.
 */
const isStorable = (value: string) => !value.includes('\u0000') && !LONE_SURROGATE.test(value);
/**
 * Text with NUL anywhere in a request, whatever its field (decision 041): the server refuses it
 * for every route before the schemas run (apps/server/src/lib/http/nul-guard.ts), with this message.
 */
export const NUL_TEXT_MESSAGE = 'El texto contiene caracteres no permitidos.';
const INVALID_CHARACTERS = NUL_TEXT_MESSAGE;

/**
 * Text a person types on one line (a name, a phone's label): trimmed, required, at most `max`
 * characters, and no line breaks or control characters.
 */
export const singleLineTextSchema = (max: number, tooLong = `No puede superar los ${max} caracteres.`) =>
  z
    .string()
    .trim()
    .min(1, 'Este campo es obligatorio')
    .max(max, tooLong)
    .refine(isStorable, INVALID_CHARACTERS)
    .refine(
      (value) => !NOT_SINGLE_LINE.test(value),
      'No puede contener saltos de línea ni caracteres de control.',
    );

/** Free text (e.g. why a phone could not carry out an order): lines and tabs, no other controls. */
export const freeTextSchema = (max: number) =>
  z
    .string()
    .max(max, `No puede superar los ${max} caracteres.`)
    .refine(isStorable, INVALID_CHARACTERS)
    .refine((value) => !CONTROL_BUT_LINE_BREAKS.test(value), 'No puede contener caracteres de control.');

/** An opaque token handed out by the server or by Flow: letters, digits, `_` and `-` only. */
export const tokenTextSchema = (max: number, invalid: string) =>
  z
    .string()
    .trim()
    .min(1, 'Este campo es obligatorio')
    .max(max, invalid)
    .regex(/^[\w-]+$/, invalid);

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
  .max(PASSWORD_MAX_LENGTH, `La contraseña no puede superar los ${PASSWORD_MAX_LENGTH} caracteres.`)
  .refine(isStorable, 'La contraseña contiene caracteres no permitidos.');

/** A password being set (sign-up, reset): the spec's 8-character hint is enforced here, on the server. */
export const newPasswordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `La contraseña debe tener al menos ${PASSWORD_MIN_LENGTH} caracteres.`)
  .max(PASSWORD_MAX_LENGTH, `La contraseña no puede superar los ${PASSWORD_MAX_LENGTH} caracteres.`)
  .refine(isStorable, 'La contraseña contiene caracteres no permitidos.');

/** A person's name: one line (it is written into e-mails, whose headers and lines it must not break). */
export const personNameSchema = singleLineTextSchema(120, 'El nombre no puede superar los 120 caracteres.');

/**
 * An optional code of the sign-up link (invitation, share, sponsor); empty string counts as absent.
 * Codes are ours (letters and digits), so anything else is a mistyped or forged link.
 */
export const optionalCodeSchema = z
  .string()
  .trim()
  .max(64, 'El código no puede superar los 64 caracteres.')
  .regex(/^[\w-]*$/, 'El código no es válido.')
  .nullish()
  .transform((value) => (value ? value : null));

export const emptyBodySchema = z
  .strictObject({})
  .nullish()
  .describe('no payload (an empty object or no body)');

export const statusResponseSchema = z.object({ status: z.literal('ok') });
