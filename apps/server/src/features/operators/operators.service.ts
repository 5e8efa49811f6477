/**
 * Operators attend customers (docs/api.md, "Atenciones"). They sign in like anyone; their role lets their
 * sessions call the operator API. Only `npm run admin` makes, lists and disables them: the panel has no way
 * to.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../lib/context.ts';
import { AppError } from '../../lib/app-error.ts';
import { users } from '../accounts/accounts.schema.ts';
import { hashPassword } from '../../lib/crypto/passwords.ts';
import { isUniqueViolation } from '../../lib/db/errors.ts';
import { createUser, findUserByEmail } from '../accounts/accounts.service.ts';
import { revokeAllSessions } from '../auth/sessions.ts';

const emailTaken = () =>
  new AppError('EMAIL_TAKEN', 'Ya existe una cuenta con ese e-mail.', {
    email: 'Ya existe una cuenta con ese e-mail.',
  });

export async function createOperator(
  ctx: AppContext,
  input: { email: string; name: string; password: string; isSupervisor?: boolean },
) {
  // a customer's account does not become an operator's: the two are kept apart
  if (await findUserByEmail(ctx, input.email)) throw emailTaken();
  try {
    const user = await createUser(ctx, {
      name: input.name.trim(),
      email: input.email.trim(),
      passwordHash: await hashPassword(input.password),
      role: 'operator',
      isSupervisor: input.isSupervisor ?? false,
      // the administrator who makes the operator vouches for the address (decision 034)
      emailVerifiedAt: ctx.now(),
    });
    return { id: user.id };
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}

export async function listOperators(ctx: AppContext) {
  return ctx.db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      isSupervisor: users.isSupervisor,
      disabledAt: users.disabledAt,
    })
    .from(users)
    .where(eq(users.role, 'operator'))
    .orderBy(asc(users.id));
}

/** Disables an operator: no more sign-ins, and every session ends now (the authenticator checks). */
export async function disableOperator(ctx: AppContext, email: string) {
  const [operator] = await ctx.db
    .update(users)
    .set({ disabledAt: sql`coalesce(${users.disabledAt}, ${ctx.now()})` })
    .where(and(eq(sql`lower(${users.email})`, email.trim().toLowerCase()), eq(users.role, 'operator')))
    .returning({ id: users.id });
  if (!operator) throw new AppError('NOT_FOUND', 'No hay un operador con ese e-mail.');
  await revokeAllSessions(ctx, operator.id);
  ctx.realtime.disconnectPanels({ userId: operator.id });
  return operator;
}
