import { and, asc, eq, sql } from 'drizzle-orm';
import type { User, USER_ROLES } from '@escudo/contract';
import type { AppContext } from '../lib/context.ts';
import { AppError } from '../lib/app-error.ts';
import { cuadrantes, devices, userPlans, users } from '../lib/db/schema.ts';
import { createShortCode } from '../lib/crypto/tokens.ts';
import { isUniqueViolation } from '../lib/db/errors.ts';
import { preparedPerDatabase } from '../lib/db/prepared.ts';
import { findCataloguePlan } from '../plans/plans.service.ts';
import { toDevice } from '../devices/devices.service.ts';
import { STARTER_PLAN_ID, STARTER_TRIAL_DAYS } from '../plans/plans.data.ts';
import { DEFAULT_CUADRANTE_ID } from '../geography/chile-data.ts';
import { avatarUrl } from './avatar.service.ts';

export async function findUserByEmail(ctx: AppContext, email: string) {
  const [user] = await ctx.db
    .select({ id: users.id, name: users.name, email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()))
    .limit(1);
  return user;
}

/**
 * A new account: its own invitation code, the default zone, and the starter plan's free trial. An
 * account made with Google has no password (`passwordHash` null) until it sets one through a reset.
 * An operator (issue 16) attends customers and has no plan of its own. A person's sign-up goes
 * through auth/sign-up.ts, which tells the features that act on its link's codes.
 */
export async function createUser(
  ctx: AppContext,
  input: { name: string; email: string; passwordHash: string | null; role?: (typeof USER_ROLES)[number] },
) {
  return ctx.db.transaction(async (tx) => {
    let user: { id: number } | undefined;
    for (let attempt = 0; !user; attempt += 1) {
      try {
        [user] = await tx
          .insert(users)
          .values({
            ...input,
            codigoInvitacion: createShortCode(),
            cuadranteId: DEFAULT_CUADRANTE_ID,
            // the app's clock, as everything else it dates: the sales figures count sign-ups by month
            createdAt: ctx.now(),
          })
          .returning({ id: users.id });
      } catch (error) {
        // an e-mail clash is final; an invitation-code clash (1 in 10^12) just draws another code
        if (attempt >= 3 || !isUniqueViolation(error) || String(error).includes('email')) throw error;
      }
    }
    if (input.role === 'operator') return user;
    const expiresAt = new Date(ctx.now().getTime() + STARTER_TRIAL_DAYS * 24 * 60 * 60 * 1000);
    await tx
      .insert(userPlans)
      .values({ userId: user.id, planId: STARTER_PLAN_ID, startedAt: ctx.now(), expiresAt });
    return user;
  });
}

/** The realtime URLs of a zone: its own cluster's, or this server's when none is set. */
function realtimeUrls(
  ctx: AppContext,
  zone: { primaryFdbUrl: string | null; trackingFdbUrl: string | null },
) {
  return {
    primary_fdb_url: zone.primaryFdbUrl ?? `${ctx.env.PUBLIC_URL}/panel`,
    tracking_fdb_url: zone.trackingFdbUrl ?? `${ctx.env.PUBLIC_URL}/panel`,
  };
}

const findUserDetailRows = preparedPerDatabase((db) =>
  db
    .select({
      user: {
        id: users.id,
        name: users.name,
        email: users.email,
        role: users.role,
        avatarKey: users.avatarKey,
        direccion: users.direccion,
        telefono: users.telefono,
        rut: users.rut,
        paisId: users.paisId,
        regionId: users.regionId,
        comunaId: users.comunaId,
        genero: users.genero,
        nacimiento: users.nacimiento,
        cuadranteId: users.cuadranteId,
        codigoInvitacion: users.codigoInvitacion,
      },
      cuadrante: cuadrantes,
      planRow: {
        id: userPlans.id,
        planId: userPlans.planId,
        startedAt: userPlans.startedAt,
        expiresAt: userPlans.expiresAt,
      },
      device: {
        id: devices.id,
        deviceId: devices.deviceId,
        deviceBrand: devices.deviceBrand,
        deviceName: devices.deviceName,
        deviceModel: devices.deviceModel,
        deviceSo: devices.deviceSo,
        deviceSoversion: devices.deviceSoversion,
      },
    })
    .from(users)
    .leftJoin(cuadrantes, eq(cuadrantes.id, users.cuadranteId))
    // at most one row: user_plans is unique per user
    .leftJoin(userPlans, eq(userPlans.userId, users.id))
    // one row per device (a plan allows a handful)
    .leftJoin(devices, eq(devices.userId, users.id))
    .where(eq(users.id, sql.placeholder('userId')))
    .orderBy(asc(devices.id))
    .prepare('find_user_detail_rows'),
);

/**
 * spec section 3: the User with info, dispositivos and plan. It runs on every screen of the panel
 * and the phone app, so it is one prepared query plus the cached plan catalogue (bench/RESULTS.md).
 */
export async function getUserDetails(ctx: AppContext, userId: number): Promise<User> {
  const rows = await findUserDetailRows(ctx.db).execute({ userId });
  const [row] = rows;
  if (!row) throw new AppError('UNAUTHENTICATED');
  const { planRow } = row;
  const deviceRows = rows.flatMap(({ device }) => (device ? [device] : []));
  const plan = planRow ? await findCataloguePlan(ctx, planRow.planId) : undefined;
  const { user, cuadrante } = row;
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    role: user.role,
    info: {
      avatar: avatarUrl(ctx, user.avatarKey),
      direccion: user.direccion,
      telefono: user.telefono,
      rut: user.rut,
      pais: user.paisId,
      region: user.regionId,
      comuna: user.comunaId,
      genero: user.genero,
      nacimiento: user.nacimiento,
      cuadrante_id: user.cuadranteId,
      codigo_invitacion: user.codigoInvitacion,
      cuadrante: cuadrante
        ? { id: cuadrante.id, name: cuadrante.name, ...realtimeUrls(ctx, cuadrante) }
        : null,
    },
    dispositivos: deviceRows.map(toDevice),
    plan:
      planRow && plan
        ? {
            id: planRow.id,
            plan_id: planRow.planId,
            started_at: planRow.startedAt.toISOString(),
            expires_at: planRow.expiresAt?.toISOString() ?? null,
            plan,
          }
        : null,
  };
}

/** A customer's account by e-mail (case-insensitive); operators are not customers to attend. */
export async function findCustomerByEmail(ctx: AppContext, email: string) {
  const [user] = await ctx.db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, email.trim().toLowerCase()), eq(users.role, 'customer')))
    .limit(1);
  return user;
}
