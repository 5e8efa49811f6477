import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { routes } from './routes.ts';
import { PG_INTEGER_MAX, emailSchema, freeTextSchema, idSchema, singleLineTextSchema } from './common.ts';
import {
  ATENCION_NOTE_DESCRIPTION_MAX,
  ATENCION_NOTE_TITLE_MAX,
  EVIDENCE_MAX_BYTES,
  EVIDENCE_SHARE_HOURS,
  PAGE_SIZE,
  PAGE_SIZE_MAX,
} from './constants.ts';

/**
 * Atenciones (spec 2 Atenciones, 3 Atención, 7; decision 018): an operator of the service attends a
 * customer, writes notes and attaches video evidence; the customer reads that history, and may share
 * one atención's notes and videos through a link that works without sign-in for a chosen time.
 * Operators call `/api/operator/...` with a session of an operator account; a customer's session is
 * refused FORBIDDEN. Another customer's atención is FORBIDDEN too (docs/api.md: 403 for what is not yours).
 */

const atencionIdSchema = idSchema.describe('id of the atención');
const okSchema = z.object({ code: z.literal(200) });
const pagingSchema = {
  limit: z.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE),
  page: z.number().int().min(1).max(PG_INTEGER_MAX).default(1),
};

/** spec 3: Atención, as listed */
export const atencionSummarySchema = z.object({
  id: atencionIdSchema,
  admin: z.object({ name: z.string() }).describe('the operator who opened it (spec: Operador Panel)'),
  start: z.string().describe('ISO date-time it was opened'),
  end: z.string().nullable().describe('ISO date-time it was closed; null while open'),
  evidence_count: z.number().int(),
  notes_count: z.number().int(),
});
export type AtencionSummary = z.infer<typeof atencionSummarySchema>;

/** spec 3: a note of the detail (title, description) */
export const atencionNoteSchema = z.object({
  id: idSchema,
  title: z.string(),
  description: z.string(),
  created_at: z.string().describe('ISO date-time'),
});
export type AtencionNote = z.infer<typeof atencionNoteSchema>;

/** spec 3: a video of the detail; `file_url` is a signed link that expires and answers range requests */
export const atencionEvidenceSchema = z.object({
  id: idSchema,
  file_url: z.string().describe('signed link to the video, valid 30 minutes; answers HTTP range requests'),
  content_type: z.enum(['video/mp4', 'video/quicktime', 'video/webm']),
  size: z.number().int().describe('bytes'),
  sha256: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .describe('SHA-256 of the file as received, hex: a receiver can show it was not altered'),
  created_at: z.string().describe('ISO date-time'),
});
export type AtencionEvidence = z.infer<typeof atencionEvidenceSchema>;

/** The detail the customer reads: the listed fields, notes, videos, and the shared link's state. */
export const atencionDetailSchema = atencionSummarySchema.extend({
  notes: z.array(atencionNoteSchema).describe('oldest first'),
  evidence: z.array(atencionEvidenceSchema).describe('oldest first'),
  share: z
    .object({ expires_at: z.string().describe('ISO date-time the link stops working') })
    .nullable()
    .describe('the evidence link that works now, if any (its URL is shown only when created)'),
});
export type AtencionDetail = z.infer<typeof atencionDetailSchema>;

/** What an operator sees of an atención: who it is for, besides the listed fields. */
export const operatorAtencionSchema = atencionSummarySchema.extend({
  customer: z.object({ name: z.string(), email: z.string() }),
});
export type OperatorAtencion = z.infer<typeof operatorAtencionSchema>;

export const operatorAtencionDetailSchema = operatorAtencionSchema.extend({
  notes: z.array(atencionNoteSchema),
  evidence: z.array(atencionEvidenceSchema),
});
export type OperatorAtencionDetail = z.infer<typeof operatorAtencionDetailSchema>;

export const openAtencion = defineEndpoint({
  ...routes.openAtencion,
  summary:
    "An operator opens an atención for the customer with this e-mail (case-insensitive), recording who and when, and `operator_opened` in the customer's activity with the operator's name. CUSTOMER_NOT_FOUND when no customer's account has it, and nothing is recorded",
  body: z.strictObject({ email: emailSchema.describe("the customer's e-mail") }),
  response: z.object({ atencion: operatorAtencionSchema }),
  status: 201,
});

export const addAtencionNote = defineEndpoint({
  ...routes.addAtencionNote,
  summary: 'An operator adds a note (title, description) to an open atención; ATENCION_CLOSED once closed',
  body: z.strictObject({
    atencion_id: atencionIdSchema,
    title: singleLineTextSchema(ATENCION_NOTE_TITLE_MAX),
    description: freeTextSchema(ATENCION_NOTE_DESCRIPTION_MAX).trim().min(1, 'Este campo es obligatorio'),
  }),
  response: z.object({ note: atencionNoteSchema }),
  status: 201,
});

/**
 * The evidence upload is multipart, so it is not a JSON endpoint: the server reads its parts as a
 * stream (the file never sits in memory). `atencion_id` must come before `file`, so that an upload
 * for an unknown or closed atención is refused before any of the video is stored.
 */
export const addAtencionEvidence = {
  ...routes.addAtencionEvidence,
  summary: `An operator attaches a video (MP4/H.264, QuickTime or WebM, checked by its first bytes) to an open atención, as multipart/form-data: field \`atencion_id\` first, then the file in field \`file\`. At most ${EVIDENCE_MAX_BYTES / 1024 / 1024} MB: past it the upload is cut off at once (VIDEO_TOO_LARGE) and nothing is stored. VIDEO_INVALID when it is not a video`,
  fields: z.strictObject({
    atencion_id: z
      .string()
      .regex(/^[1-9]\d{0,9}$/, 'El identificador no es válido.')
      .transform(Number)
      .pipe(atencionIdSchema),
  }),
  /** the file part's field name */
  fileField: 'file',
  response: z.object({ evidence: atencionEvidenceSchema }),
  status: 201,
} as const;

export const closeAtencion = defineEndpoint({
  ...routes.closeAtencion,
  summary:
    "An operator closes an atención, recording who and when; closing one already closed answers it as it is. The answer is the atención without its customer: closing is not a look at the customer (docs/privacy.md), the operator's panel already shows who it is for",
  body: z.strictObject({ atencion_id: atencionIdSchema }),
  response: z.object({ atencion: atencionSummarySchema }),
});

export const listOperatorAtenciones = defineEndpoint({
  ...routes.listOperatorAtenciones,
  summary:
    "The most recent atenciones of every operator, newest first, paged. Each customer on the page gets one `operator_listed` entry in their activity, with the operator's name",
  body: z.strictObject(pagingSchema),
  response: z.object({
    atenciones: z.array(operatorAtencionSchema),
    total_atenciones: z.number().int(),
  }),
});

export const getOperatorAtencion = defineEndpoint({
  ...routes.getOperatorAtencion,
  summary:
    "One atención with its notes and videos, for the operator continuing it; recorded as `operator_viewed` in the customer's activity, with the operator's name",
  body: z.strictObject({ atencion_id: atencionIdSchema }),
  response: z.object({ atencion: operatorAtencionDetailSchema }),
});

export const getUserAtenciones = defineEndpoint({
  ...routes.getUserAtenciones,
  summary: "The signed-in customer's atenciones, newest first, paged (spec 9: 15 a page)",
  body: z.strictObject(pagingSchema),
  response: z.object({
    atenciones: z.array(atencionSummarySchema),
    total_atenciones: z.number().int(),
  }),
});

export const getAtencionDetail = defineEndpoint({
  ...routes.getAtencionDetail,
  summary: "One of the customer's atenciones with its notes and videos; another customer's is FORBIDDEN",
  body: z.strictObject({ atencion_id: atencionIdSchema }),
  response: z.object({ atencion: atencionDetailSchema }),
});

export const shareEvidence = defineEndpoint({
  ...routes.shareEvidence,
  summary:
    "A link to one of the customer's atenciones (notes, videos and their SHA-256) that works without sign-in for `hours` (24, 168 or 720) or until revoked. The URL is shown once: only its hash is kept",
  body: z.strictObject({
    atencion_id: atencionIdSchema,
    hours: z
      .union(EVIDENCE_SHARE_HOURS.map((hours) => z.literal(hours)))
      .describe('how long the link works: 24 (24 h), 168 (7 días) or 720 (30 días)'),
  }),
  response: z.object({
    url: z.string().describe('the page /evidencia/{token}'),
    expires_at: z.string().describe('ISO date-time'),
  }),
  status: 201,
});

export const revokeShare = defineEndpoint({
  ...routes.revokeShare,
  summary: "Ends at once every evidence link of one of the customer's atenciones",
  body: z.strictObject({ atencion_id: atencionIdSchema }),
  response: okSchema,
});

/** What the shared evidence page shows. */
export const publicEvidenceSchema = z.object({
  customer: z.object({ name: z.string() }),
  admin: z.object({ name: z.string() }).describe('the operator who opened the atención'),
  start: z.string(),
  end: z.string().nullable(),
  notes: z.array(atencionNoteSchema),
  evidence: z.array(atencionEvidenceSchema),
  expires_at: z.string().describe('ISO date-time this link stops working'),
});
export type PublicEvidence = z.infer<typeof publicEvidenceSchema>;

export const getPublicEvidence = defineEndpoint({
  ...routes.getPublicEvidence,
  summary:
    'The shared evidence page, by the token of its link (no sign-in). 404 NOT_FOUND for an unknown token, 410 EVIDENCE_LINK_EXPIRED when revoked or past its time',
  body: z.undefined(),
  response: publicEvidenceSchema,
});
