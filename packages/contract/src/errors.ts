import { z } from 'zod';
import { errorCodes } from './error-codes.ts';

export const apiErrorSchema = z
  .object({
    code: z.enum(errorCodes),
    message: z.string().describe('Spanish text a person can read'),
    fields: z
      .record(z.string(), z.string())
      .optional()
      .describe('per-field messages when the error is about specific fields'),
  })
  .describe('Every error response');

export type ApiError = z.infer<typeof apiErrorSchema>;
