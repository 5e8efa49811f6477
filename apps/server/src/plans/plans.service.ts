import { asc, eq, inArray } from 'drizzle-orm';
import type { Plan } from '@escudo/contract';
import type { AppContext } from '../context.ts';
import { planFeatures, planIncludes, planes } from '../lib/db/schema.ts';

/** Plans with their included features, in catalogue order. */
export async function listPlans(ctx: AppContext, ids?: number[]): Promise<Plan[]> {
  const rows = await ctx.db
    .select()
    .from(planes)
    .where(ids ? inArray(planes.id, ids) : undefined)
    .orderBy(asc(planes.position));
  if (rows.length === 0) return [];
  const features = await ctx.db
    .select({ planId: planFeatures.planId, id: planIncludes.id, name: planIncludes.name })
    .from(planFeatures)
    .innerJoin(planIncludes, eq(planIncludes.id, planFeatures.includeId))
    .where(
      inArray(
        planFeatures.planId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(planIncludes.id));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    description: row.description,
    image: row.image,
    max_red: row.maxRed,
    max_devices: row.maxDevices,
    price: row.price,
    includes: features.filter((f) => f.planId === row.id).map(({ id, name }) => ({ id, name })),
  }));
}
