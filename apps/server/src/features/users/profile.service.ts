/**
 * The profile of spec 5, saved by `app/user/updateInfo` (docs/api.md, "Paths the spec leaves open"). The
 * contract has checked each field on its own (RUT check digit, 11-digit phone, birth date range); here the
 * fields are checked against each other and the geography: the region must be of the country, the commune of
 * the region, and a region with communes needs one. The e-mail is not changed here (decision 034): it is sent
 * with the other fields and must be the account's own; a different one is refused with where to change it
 * (app/account/changeEmail asks for the password and verifies the new address).
 */
import { eq, sql } from 'drizzle-orm';
import type { BodyOf, updateInfo } from '@escudo/contract';
import type { AppContext } from '../../lib/context.ts';
import { AppError } from '../../lib/app-error.ts';
import { comunas, regiones } from '../geography/geography.schema.ts';
import { users } from '../accounts/accounts.schema.ts';

const EMAIL_CHANGE_ELSEWHERE =
  'Para cambiar tu email usa «Cambiar email»: te pediremos tu contraseña y confirmaremos el nuevo email.';

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
  const [current] = await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (!current) throw new AppError('UNAUTHENTICATED');
  // the e-mail is compared with the account's own only: nothing is told about other accounts
  if (input.email.trim().toLowerCase() !== current.email.toLowerCase())
    throw new AppError('VALIDATION', EMAIL_CHANGE_ELSEWHERE, { email: EMAIL_CHANGE_ELSEWHERE });
  const updated = await ctx.db
    .update(users)
    .set({
      name: input.name,
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
  return { code: 200 as const };
}
