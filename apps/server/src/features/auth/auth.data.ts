/**
 * Sign-in's data about an account (lib/personal-data.ts): sessions, links and tokens (never in an
 * export: they would let anyone act as the account), the linked Google identities and an e-mail
 * change under way (in perfil.json), and the rate limits counted on its e-mail, its id or its
 * sessions, forgotten when it is deleted.
 */
import { and, asc, eq, isNull } from 'drizzle-orm';
import { definePersonalData, iso } from '../../lib/personal-data.ts';
import { passwordAgainLimit } from '../two-factor/password-check.ts';
import { twoFactorLimits } from '../two-factor/two-factor.limits.ts';
import { authLimits } from './auth.limits.ts';
import {
  emailChanges,
  emailVerifications,
  knownBrowsers,
  linkedIdentities,
  passwordResets,
  sessions,
  socialSignInTokens,
} from './auth.schema.ts';

export const authData = definePersonalData({
  tables: [
    sessions,
    passwordResets,
    linkedIdentities,
    socialSignInTokens,
    knownBrowsers,
    emailVerifications,
    emailChanges,
  ],
  export: {
    // perfil.json's paragraph (accounts.data.ts) names the linked Google accounts
    readme: '',
    async write(ctx, out) {
      const identities = await ctx.db
        .select()
        .from(linkedIdentities)
        .where(eq(linkedIdentities.userId, out.userId))
        .orderBy(asc(linkedIdentities.id));
      const [emailChange] = await ctx.db
        .select()
        .from(emailChanges)
        .where(and(eq(emailChanges.userId, out.userId), isNull(emailChanges.endedAt)));
      Object.assign(out.json('perfil.json'), {
        cambio_de_email_en_curso: emailChange
          ? {
              nuevo_email: emailChange.newEmail,
              pedido: iso(emailChange.createdAt),
              se_aplica: iso(emailChange.appliesAfter),
              nuevo_email_confirmado: emailChange.newProvenAt !== null,
              confirmado_desde_el_email_actual: emailChange.oldConfirmedAt !== null,
            }
          : null,
        cuentas_vinculadas: identities.map((identity) => ({
          proveedor: identity.provider,
          email: identity.email,
          vinculada: iso(identity.createdAt),
          ultimo_ingreso: iso(identity.lastSignInAt),
        })),
      });
    },
  },
  deletion: {
    async throttleSubjects(tx, account, ctx) {
      const email = account.email.trim().toLowerCase();
      const id = String(account.userId);
      const limits = authLimits(ctx.env);
      const sessionIds = await tx
        .select({ id: sessions.id })
        .from(sessions)
        .where(eq(sessions.userId, account.userId));
      return {
        exact: [
          { limit: limits.resetEmail, subject: email },
          { limit: limits.emailCheck, subject: email },
          { limit: limits.resendVerificationMinute, subject: id },
          { limit: limits.resendVerificationDay, subject: id },
          { limit: limits.changeEmailAccount, subject: id },
          // what was counted on each of its sessions, whichever feature counted it
          ...sessionIds.flatMap(({ id: sessionId }) =>
            [passwordAgainLimit, twoFactorLimits(ctx.env).confirmSession].map((limit) => ({
              limit,
              subject: String(sessionId),
            })),
          ),
        ],
        startingWith: [{ limit: limits.signInPair, subject: `${email}|` }],
      };
    },
  },
});
