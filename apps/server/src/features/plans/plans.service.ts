import { asc, eq, inArray } from 'drizzle-orm';
import type { Plan } from '@escudo/contract';
import type { AppContext } from '../../lib/context.ts';
import type { Db } from '../../lib/db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { planFeatures, planIncludes, planes } from './plans.schema.ts';

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

/** One plan, read from the database (prices that are charged never come from the cache); 404 if unknown. */
export async function findPlanOrThrow(ctx: AppContext, planId: number): Promise<Plan> {
  const [plan] = await listPlans(ctx, [planId]);
  if (!plan) throw new AppError('NOT_FOUND', 'Ese plan no existe.');
  return plan;
}

/**
 * The catalogue changes a few times a year, yet user details needs a plan on every call: it is read
 * from the database at most once a minute (per database), and at once when a plan id is not in it.
 * The database stays the only source of truth; a price change shows within CATALOGUE_TTL_MS.
 * (bench/RESULTS.md: two queries less per user-details call.)
 */
export const CATALOGUE_TTL_MS = 60_000;
const catalogues = new WeakMap<Db, { plans: Promise<Map<number, Plan>>; loadedAt: number }>();

function loadCatalogue(ctx: AppContext) {
  const entry = {
    loadedAt: ctx.now().getTime(),
    plans: listPlans(ctx).then((plans) => new Map(plans.map((plan) => [plan.id, plan]))),
  };
  catalogues.set(ctx.db, entry);
  // a failed read is not cached: the next call asks the database again
  entry.plans.catch(() => {
    if (catalogues.get(ctx.db) === entry) catalogues.delete(ctx.db);
  });
  return entry;
}

/** One plan of the catalogue, from the in-memory copy when it is recent. */
export async function findCataloguePlan(ctx: AppContext, planId: number): Promise<Plan | undefined> {
  const cached = catalogues.get(ctx.db);
  const age = cached ? ctx.now().getTime() - cached.loadedAt : Infinity;
  const isFresh = age >= 0 && age < CATALOGUE_TTL_MS;
  const plan = isFresh ? (await cached?.plans)?.get(planId) : undefined;
  if (plan) return plan;
  return (await loadCatalogue(ctx).plans).get(planId);
}
