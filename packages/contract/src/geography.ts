import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { routes } from './routes.ts';
import { emptyBodySchema } from './common.ts';

export const paisSchema = z.object({ id: z.number().int(), name: z.string() });
export const regionSchema = z.object({ id: z.number().int(), region: z.string() });
export const comunaSchema = z.object({ id: z.number().int(), comuna: z.string() });
export type Pais = z.infer<typeof paisSchema>;
export type Region = z.infer<typeof regionSchema>;
export type Comuna = z.infer<typeof comunaSchema>;

/** ids arrive as numbers, or as numeric strings from a select */
const idSchema = z.coerce.number().int().positive().max(2_147_483_647);

export const getPaisesActivos = defineEndpoint({
  ...routes.getPaisesActivos,
  summary: 'Countries served',
  body: emptyBodySchema,
  response: z.object({ paises: z.array(paisSchema) }),
});

export const getRegionesActivas = defineEndpoint({
  ...routes.getRegionesActivas,
  summary: "A country's regions, north to south (Chile: official region codes)",
  body: z.strictObject({ pais_id: idSchema }),
  response: z.object({ regiones: z.array(regionSchema) }),
});

export const getComunasActivas = defineEndpoint({
  ...routes.getComunasActivas,
  summary: "A region's communes, by name (Chile: official CUT codes)",
  body: z.strictObject({ region_id: idSchema }),
  response: z.object({ comunas: z.array(comunaSchema) }),
});
