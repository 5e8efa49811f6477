/**
 * The account's own data (lib/personal-data.ts): its row and its current plan. The export's
 * perfil.json begins here, with the avatar; a deleted account's avatar leaves the store.
 */
import { eq } from 'drizzle-orm';
import { definePersonalData, iso } from '../../lib/personal-data.ts';
import { comunas, cuadrantes, paises, regiones } from '../geography/geography.schema.ts';
import { planes } from '../plans/plans.schema.ts';
import { sponsors } from '../sponsors/sponsors.schema.ts';
import { userPlans, users } from './accounts.schema.ts';

export const accountsData = definePersonalData({
  tables: [users, userPlans],
  export: {
    readme: `perfil.json
    Tus datos personales: nombre, email, dirección, teléfono, RUT, género, fecha de nacimiento,
    país, región, comuna y cuadrante; tu código de invitación, tu patrocinador (si llegaste por
    uno), tu plan actual con sus fechas y las cuentas de Google vinculadas.

avatar.jpg
    Tu foto de perfil, si tienes una.`,
    async write(ctx, out) {
      const [profile] = await ctx.db
        .select({
          user: users,
          pais: paises.name,
          region: regiones.region,
          comuna: comunas.comuna,
          cuadrante: cuadrantes.name,
          patrocinador: sponsors.name,
        })
        .from(users)
        .leftJoin(paises, eq(paises.id, users.paisId))
        .leftJoin(regiones, eq(regiones.id, users.regionId))
        .leftJoin(comunas, eq(comunas.id, users.comunaId))
        .leftJoin(cuadrantes, eq(cuadrantes.id, users.cuadranteId))
        .leftJoin(sponsors, eq(sponsors.id, users.sponsorId))
        .where(eq(users.id, out.userId));
      if (!profile) throw new Error(`no account ${out.userId} to export`);
      const { user } = profile;
      const hasAvatar = user.avatarKey ? await out.storedFile(user.avatarKey, 'avatar.jpg') : false;
      const [plan] = await ctx.db
        .select({ nombre: planes.name, startedAt: userPlans.startedAt, expiresAt: userPlans.expiresAt })
        .from(userPlans)
        .innerJoin(planes, eq(planes.id, userPlans.planId))
        .where(eq(userPlans.userId, out.userId));
      Object.assign(out.json('perfil.json'), {
        nombre: user.name,
        email: user.email,
        direccion: user.direccion,
        telefono: user.telefono,
        rut: user.rut,
        genero: user.genero === 1 ? 'Masculino' : user.genero === 2 ? 'Femenino' : null,
        nacimiento: user.nacimiento,
        pais: profile.pais,
        region: profile.region,
        comuna: profile.comuna,
        cuadrante: profile.cuadrante,
        codigo_de_invitacion: user.codigoInvitacion,
        llegaste_por_un_referido: user.referredByUserId !== null,
        patrocinador: profile.patrocinador,
        tiene_contrasena: user.passwordHash !== null,
        email_verificado: iso(user.emailVerifiedAt),
        // the first proof of the mailbox, from which the account was its owner's alone (decision 050)
        cuenta_solo_tuya_desde: iso(user.reclaimedAt),
        avatar: hasAvatar ? 'avatar.jpg' : null,
        cuenta_creada: iso(user.createdAt),
        ultima_actualizacion: iso(user.updatedAt),
        plan_actual: plan
          ? { plan: plan.nombre, desde: iso(plan.startedAt), hasta: iso(plan.expiresAt) }
          : null,
      });
    },
  },
  deletion: {
    async files(tx, account) {
      const [user] = await tx
        .select({ avatarKey: users.avatarKey })
        .from(users)
        .where(eq(users.id, account.userId));
      return user?.avatarKey ? [user.avatarKey] : [];
    },
  },
});
