/**
 * The security network (spec 3: Security-network entry; spec 5: Security network add; decision 015).
 * The people an account invites to look after it, and the networks it belongs to. An invitation's
 * `security_code` travels only in the e-mail's link `/register?security_code=…`.
 */
import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { routes } from './routes.ts';
import { emailSchema, emptyBodySchema, idSchema, personNameSchema } from './common.ts';
import { PHONE_LENGTH } from './constants.ts';

/** An invitation is pending until someone opens its link and accepts; then it is a member. */
export const networkMemberStatuses = ['pendiente', 'aceptada'] as const;
export type NetworkMemberStatus = (typeof networkMemberStatuses)[number];

const codeResponseSchema = z.object({ code: z.literal(200) });

/** spec 3: a person of an entry, as the panel shows them */
export const networkPersonSchema = z.object({
  name: z.string().describe("the member's account name once accepted; as invited while pending"),
  email: z.string().describe("the member's account e-mail once accepted; as invited while pending"),
  info: z.object({
    telefono: z
      .string()
      .nullable()
      .describe('the phone of their profile, or the one typed when inviting; null if neither'),
  }),
});
export type NetworkPerson = z.infer<typeof networkPersonSchema>;

/** spec 3: someone I invited */
export const networkInviteeSchema = z.object({
  id: idSchema.describe('the entry; `eliminar` takes it'),
  estado: z.enum(networkMemberStatuses).describe('pendiente until the invitation is accepted'),
  created_at: z.string().describe('ISO date-time of the invitation'),
  personas: z.array(networkPersonSchema).describe('one person: the one invited'),
});
export type NetworkInvitee = z.infer<typeof networkInviteeSchema>;

/** spec 3: a network I belong to */
export const networkMembershipSchema = z.object({
  id: idSchema.describe('the entry; `salir` takes it'),
  anfitrion: z.array(networkPersonSchema).describe('one person: whose network it is'),
});
export type NetworkMembership = z.infer<typeof networkMembershipSchema>;

export const misInvitados = defineEndpoint({
  ...routes.misInvitados,
  summary: 'The people I invited to my security network, pending or accepted, newest first',
  body: emptyBodySchema,
  response: z.object({ data: z.array(networkInviteeSchema) }),
});

export const misGrupos = defineEndpoint({
  ...routes.misGrupos,
  summary: 'The security networks I belong to (invitations I accepted)',
  body: emptyBodySchema,
  response: z.object({ data: z.array(networkMembershipSchema) }),
});

/** spec 5: Security network add. Name required; phone required, 11 digits; e-mail required and valid. */
export const enviarInvitacionBodySchema = z.strictObject({
  name: personNameSchema.describe("the invitee's name"),
  phone: z
    .string()
    .trim()
    .regex(new RegExp(`^\\d{${PHONE_LENGTH}}$`), `El teléfono debe tener ${PHONE_LENGTH} dígitos.`)
    .describe(`${PHONE_LENGTH} digits, country code included (56912345678)`),
  invitado: emailSchema.describe("the invitee's e-mail: the invitation link is sent there"),
});
export type EnviarInvitacionBody = z.input<typeof enviarInvitacionBodySchema>;

export const enviarInvitacion = defineEndpoint({
  ...routes.enviarInvitacion,
  summary:
    "Invite someone to my security network: e-mails them a link /register?security_code=…; within my plan's max_red (pending invitations count) and rate-limited",
  body: enviarInvitacionBodySchema,
  response: codeResponseSchema,
});

/** the invitation's code as the link carries it: letters, digits, `_` and `-` */
export const securityCodeSchema = z
  .string()
  .trim()
  .min(1, 'Este campo es obligatorio')
  .max(64, 'La invitación no es válida.')
  .regex(/^[\w-]+$/, 'La invitación no es válida.')
  .describe('the security_code of the invitation link');

export const aceptarInvitacion = defineEndpoint({
  ...routes.aceptarInvitacion,
  summary:
    "Join the security network of an invitation's link, as the signed-in account (works once, 14 days; not one's own)",
  body: z.strictObject({ security_code: securityCodeSchema }),
  response: codeResponseSchema,
});

const entryIdBodySchema = z.strictObject({ id: idSchema.describe('the entry id of the list') });

export const eliminarDeRed = defineEndpoint({
  ...routes.eliminarDeRed,
  summary:
    "Remove someone from my network, or cancel a pending invitation (an entry of misInvitados); another account's entry is 403",
  body: entryIdBodySchema,
  response: codeResponseSchema,
});

export const salirDeRed = defineEndpoint({
  ...routes.salirDeRed,
  summary: "Leave a network I belong to (an entry of misGrupos); another account's entry is 403",
  body: entryIdBodySchema,
  response: codeResponseSchema,
});

export const getUserByCode = defineEndpoint({
  ...routes.getUserByCode,
  summary:
    'Who invites me: the name of the account whose network an invitation code joins; an unknown, used or expired code is 400 INVITATION_INVALID',
  body: z.strictObject({ code: securityCodeSchema }),
  response: z.object({
    user: z.object({ name: z.string().describe("the inviting account's name") }),
    respuesta: z
      .literal(true)
      .describe('the code is valid and can be accepted (an invalid one is answered with an error instead)'),
  }),
});
