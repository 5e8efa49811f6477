import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { routes } from './routes.ts';

export const publicConfigSchema = z.object({
  brand_name: z.string(),
  google_sign_in: z.boolean().describe('whether "Inicia Sesión con Google" is offered'),
  google_sign_in_url: z.string().describe('where the Google button sends the browser'),
  play_store_url: z.string(),
  app_store_url: z.string(),
  app_link_url: z.string().describe('custom scheme that opens the app on Android'),
  privacy_url: z.string(),
  terms_url: z.string(),
  map_tile_url: z.string(),
  map_attribution: z.string(),
  payments_sandbox: z
    .boolean()
    .describe("whether payments go to the server's built-in Flow sandbox: test payments, no real money"),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

export const getConfig = defineEndpoint({
  ...routes.getConfig,
  summary: 'Public settings the panel needs before anyone signs in',
  body: z.undefined(),
  response: publicConfigSchema,
});
