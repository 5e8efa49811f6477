import { asc, eq } from 'drizzle-orm';
import { getComunasActivas, getPaisesActivos, getRegionesActivas } from '@escudo/contract';
import type { AppContext } from '../../lib/context.ts';
import { comunas, paises, regiones } from './geography.schema.ts';
import type { Route } from '../../lib/http/routes.ts';

/** spec section 7: countries, regions (north to south) and communes (alphabetical) for the profile form. */
export function registerGeographyRoutes(route: Route, ctx: AppContext): void {
  route(getPaisesActivos, async () => ({
    paises: await ctx.db
      .select({ id: paises.id, name: paises.name })
      .from(paises)
      .where(eq(paises.active, true))
      .orderBy(asc(paises.name)),
  }));
  route(getRegionesActivas, async ({ body }) => ({
    regiones: await ctx.db
      .select({ id: regiones.id, region: regiones.region })
      .from(regiones)
      .where(eq(regiones.paisId, body.pais_id))
      .orderBy(asc(regiones.position)),
  }));
  route(getComunasActivas, async ({ body }) => ({
    comunas: await ctx.db
      .select({ id: comunas.id, comuna: comunas.comuna })
      .from(comunas)
      .where(eq(comunas.regionId, body.region_id))
      .orderBy(asc(comunas.comuna)),
  }));
}
