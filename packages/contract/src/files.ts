import { z } from 'zod';

/** The query of a signed file link (`image_url`, avatars, videos): GET /api/files/<key>?expires&signature */
export const fileLinkQuerySchema = z.strictObject({
  expires: z.coerce.number().int().positive().describe('Unix time (s) after which the link stops working'),
  signature: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .describe('HMAC-SHA256 of the key and expiry, by the server'),
});
