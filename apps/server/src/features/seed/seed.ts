/**
 * Reference data and, outside production, a demo account. Runs at every start and only inserts what
 * is missing, so it is safe on an existing database and never overwrites what people changed.
 */
import { createHash, randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../lib/context.ts';
import { atencionEvidence, atencionNotes, atenciones } from '../atenciones/atenciones.schema.ts';
import { comunas, cuadrantes, paises, regiones } from '../geography/geography.schema.ts';
import { devices } from '../devices/devices.schema.ts';
import { planFeatures, planIncludes, planes } from '../plans/plans.schema.ts';
import { userPlans } from '../accounts/accounts.schema.ts';
import { CHILE_PAIS, CHILE_REGIONS, CUADRANTES } from '../geography/chile-data.ts';
import { PLAN_INCLUDES, PLANS } from '../plans/plans.data.ts';
import { hashPassword } from '../../lib/crypto/passwords.ts';
import { createUser, findUserByEmail } from '../accounts/accounts.service.ts';
import { createOperator } from '../operators/operators.service.ts';
import { createDemoVideo } from './demo-video.ts';

export async function seedReferenceData(ctx: AppContext): Promise<void> {
  const { db } = ctx;
  const [already] = await db.select({ n: sql<number>`count(*)::int` }).from(comunas);
  if ((already?.n ?? 0) > 0) return;
  await db.transaction(async (tx) => {
    await tx.insert(paises).values(CHILE_PAIS).onConflictDoNothing();
    await tx
      .insert(cuadrantes)
      .values(CUADRANTES.map(({ id, name }) => ({ id, name })))
      .onConflictDoNothing();
    const zoneOf = new Map(
      CUADRANTES.flatMap((zone) => zone.region_ids.map((regionId) => [regionId, zone.id])),
    );
    await tx
      .insert(regiones)
      .values(
        CHILE_REGIONS.map((r, position) => ({
          id: r.id,
          paisId: CHILE_PAIS.id,
          region: r.region,
          ordinal: r.ordinal,
          position,
          cuadranteId: zoneOf.get(r.id) ?? null,
        })),
      )
      .onConflictDoNothing();
    await tx
      .insert(comunas)
      .values(
        CHILE_REGIONS.flatMap((r) => r.communes.map((c) => ({ id: c.id, regionId: r.id, comuna: c.comuna }))),
      )
      .onConflictDoNothing();
    await tx.insert(planIncludes).values(PLAN_INCLUDES).onConflictDoNothing();
    await tx
      .insert(planes)
      .values(PLANS.map(({ includes: _includes, ...plan }, position) => ({ ...plan, position })))
      .onConflictDoNothing();
    await tx
      .insert(planFeatures)
      .values(PLANS.flatMap((plan) => plan.includes.map((includeId) => ({ planId: plan.id, includeId }))))
      .onConflictDoNothing();
  });
}

/** the demo's Android phone: `npm run phone -- … --device-id demo-android` plays it */
export const DEMO_ANDROID_DEVICE_ID = 'demo-android';

/** The demo account (never in production): a person can sign in right after `npm start`. */
export async function seedDemoAccount(ctx: AppContext): Promise<{ email: string; password: string }> {
  const email = ctx.env.DEMO_EMAIL;
  const password = ctx.env.DEMO_PASSWORD;
  if (await findUserByEmail(ctx, email)) return { email, password };
  const user = await createUser(ctx, {
    name: 'Camila Rojas',
    email,
    passwordHash: await hashPassword(password),
    // the demo is ours: nobody has to verify its made-up e-mail (decision 034)
    emailVerifiedAt: ctx.now(),
  });
  // the demo shows the richer plan, and one phone of each kind so the Android-only gating can be seen
  await ctx.db.update(userPlans).set({ planId: 2 }).where(eq(userPlans.userId, user.id));
  await ctx.db.insert(devices).values([
    {
      userId: user.id,
      deviceId: DEMO_ANDROID_DEVICE_ID,
      deviceBrand: 'Samsung',
      deviceName: 'Teléfono de Camila',
      deviceModel: 'Galaxy A54',
      deviceSo: 'android',
      deviceSoversion: 14,
    },
    {
      userId: user.id,
      deviceId: 'demo-iphone',
      deviceBrand: 'Apple',
      deviceName: 'iPhone de Camila',
      deviceModel: 'iPhone 13',
      deviceSo: 'ios',
      deviceSoversion: 17.5,
    },
  ]);
  return { email, password };
}

/**
 * The demo operator of the central (never in production; decision 018) and, the first time, two
 * atenciones of the demo account by it: one with a note, one with a note and a short video made now
 * (demo-video.ts), so that the Atenciones page and the player can be seen right after `npm start`.
 */
export async function seedDemoOperator(ctx: AppContext): Promise<{ email: string; password: string }> {
  const email = ctx.env.DEMO_OPERATOR_EMAIL;
  const password = ctx.env.DEMO_OPERATOR_PASSWORD;
  if (await findUserByEmail(ctx, email)) return { email, password };
  // a supervisor, so that every action of the central's screen can be tried (assigning too)
  const operator = await createOperator(ctx, { name: 'Operador Demo', email, password, isSupervisor: true });

  const demo = await findUserByEmail(ctx, ctx.env.DEMO_EMAIL);
  if (!demo) return { email, password };
  const day = 24 * 60 * 60 * 1000;
  const now = ctx.now().getTime();
  const attend = async (
    startedAgoMs: number,
    minutes: number,
    note: { title: string; description: string },
  ) => {
    const startedAt = new Date(now - startedAgoMs);
    const [row] = await ctx.db
      .insert(atenciones)
      .values({
        userId: demo.id,
        operatorId: operator.id,
        startedAt,
        endedAt: new Date(startedAt.getTime() + minutes * 60 * 1000),
        closedBy: operator.id,
      })
      .returning({ id: atenciones.id });
    await ctx.db
      .insert(atencionNotes)
      .values({ atencionId: row!.id, ...note, createdBy: operator.id, createdAt: startedAt });
    return { id: row!.id, startedAt };
  };
  await attend(9 * day, 6, {
    title: 'Consulta por bloqueo de pantalla',
    description:
      'La clienta consultó cómo bloquear su teléfono a distancia. Se le explicó el uso del PIN de 4 dígitos.',
  });
  const withVideo = await attend(2 * day, 18, {
    title: 'Activación de botón SOS',
    description:
      'La clienta activó la alerta desde su teléfono. Se contactó por llamada y se adjunta el video de la cámara del acceso.',
  });
  const video = await createDemoVideo();
  const storageKey = `atenciones/${withVideo.id}/${randomBytes(12).toString('hex')}.webm`;
  await ctx.storage.put(storageKey, video);
  await ctx.db.insert(atencionEvidence).values({
    atencionId: withVideo.id,
    storageKey,
    contentType: 'video/webm',
    sizeBytes: video.length,
    sha256: createHash('sha256').update(video).digest('hex'),
    createdBy: operator.id,
    createdAt: new Date(withVideo.startedAt.getTime() + 5 * 60 * 1000),
  });
  return { email, password };
}
