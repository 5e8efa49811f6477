/**
 * The profile of spec 5, saved by `app/user/updateInfo` (issue 14). The contract has checked each
 * field on its own (RUT check digit, 11-digit phone, birth date range); here the fields are checked
 * against each other and the geography: the region must be of the country, the commune of the region,
 * and a region with communes needs one. A new e-mail must not belong to another account.
 */
import { eq, sql } from 'drizzle-orm';
import type { BodyOf, updateInfo } from '@escudo/contract';
import type { AppContext } from '../lib/context.ts';
import { AppError } from '../lib/app-error.ts';
import { comunas, regiones } from '../geography/geography.schema.ts';
import { users } from '../accounts/accounts.schema.ts';
import { isUniqueViolation } from '../lib/db/errors.ts';
import { findUserByEmail } from '../accounts/accounts.service.ts';

const EMAIL_TAKEN_FIELD = { email: 'Ya existe una cuenta registrada con este email.' };

async function assertPlaceIsConsistent(
  ctx: AppContext,
  input: Pick<BodyOf<typeof updateInfo>, 'pais' | 'region' | 'comuna'>,
) {
  const [region] = await ctx.db
    .select({ paisId: regiones.paisId })
    .from(regiones)
    .where(eq(regiones.id, input.region));
  if (!region || region.paisId !== input.pais)
    throw new AppError('VALIDATION', 'La región no pertenece al país elegido.', {
      region: 'La región no pertenece al país elegido.',
    });
  if (input.comuna === null || input.comuna === undefined) {
    const [some] = await ctx.db
      .select({ id: comunas.id })
      .from(comunas)
      .where(eq(comunas.regionId, input.region))
      .limit(1);
    if (some) throw new AppError('VALIDATION', 'Requerido', { comuna: 'Requerido' });
    return;
  }
  const [comuna] = await ctx.db
    .select({ regionId: comunas.regionId })
    .from(comunas)
    .where(eq(comunas.id, input.comuna));
  if (!comuna || comuna.regionId !== input.region)
    throw new AppError('VALIDATION', 'La comuna no pertenece a la región elegida.', {
      comuna: 'La comuna no pertenece a la región elegida.',
    });
}

export async function updateUserInfo(ctx: AppContext, userId: number, input: BodyOf<typeof updateInfo>) {
  await assertPlaceIsConsistent(ctx, input);
  const email = input.email.trim();
  const holder = await findUserByEmail(ctx, email);
  if (holder && holder.id !== userId) throw new AppError('EMAIL_TAKEN', undefined, EMAIL_TAKEN_FIELD);
  try {
    const updated = await ctx.db
      .update(users)
      .set({
        name: input.name,
        email,
        direccion: input.direccion,
        telefono: input.telefono,
        rut: input.rut,
        paisId: input.pais,
        regionId: input.region,
        comunaId: input.comuna ?? null,
        genero: input.genero,
        nacimiento: input.nacimiento,
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, userId))
      .returning({ id: users.id });
    if (updated.length === 0) throw new AppError('UNAUTHENTICATED');
  } catch (error) {
    // another account took the e-mail between the check and the update: the unique index decides
    if (isUniqueViolation(error)) throw new AppError('EMAIL_TAKEN', undefined, EMAIL_TAKEN_FIELD);
    throw error;
  }
  return { code: 200 as const };
}
