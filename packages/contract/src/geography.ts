import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { routes } from './routes.ts';
import { PG_INTEGER_MAX, emptyBodySchema, idSchema } from './common.ts';

export const paisSchema = z.object({ id: idSchema, name: z.string() });
export const regionSchema = z.object({ id: idSchema, region: z.string() });
export const comunaSchema = z.object({ id: idSchema, comuna: z.string() });
export type Pais = z.infer<typeof paisSchema>;
export type Region = z.infer<typeof regionSchema>;
export type Comuna = z.infer<typeof comunaSchema>;

/** ids arrive as numbers, or as numeric strings from a select */
const selectedIdSchema = z.coerce.number().int().positive().max(PG_INTEGER_MAX);

export const getPaisesActivos = defineEndpoint({
  ...routes.getPaisesActivos,
  summary: 'Countries served',
  body: emptyBodySchema,
  response: z.object({ paises: z.array(paisSchema) }),
});

export const getRegionesActivas = defineEndpoint({
  ...routes.getRegionesActivas,
  summary: "A country's regions, north to south (Chile: official region codes)",
  body: z.strictObject({ pais_id: selectedIdSchema }),
  response: z.object({ regiones: z.array(regionSchema) }),
});

export const getComunasActivas = defineEndpoint({
  ...routes.getComunasActivas,
  summary: "A region's communes, by name (Chile: official CUT codes)",
  body: z.strictObject({ region_id: selectedIdSchema }),
  response: z.object({ comunas: z.array(comunaSchema) }),
});
