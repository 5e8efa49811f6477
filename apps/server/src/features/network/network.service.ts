/**
 * The security network (decision 015). An account (the owner, "anfitrión") invites people by e-mail; the
 * e-mail's link carries a random `security_code` (256 bits, only its SHA-256 stored) that works once
 * and for SECURITY_CODE_TTL_MS. Whoever opens the link and accepts, signed in or signing up, joins:
 * the link is the proof, so the accepting account need not have the invited e-mail. The plan's
 * `max_red` bounds the entries of a network, pending invitations included.
 *
 * Removing or leaving an entry that is not the caller's is 403 FORBIDDEN (decision 015), and an
 * entry that does not exist gets the very same answer, so ids reveal nothing.
 */
import { and, count, desc, eq, gt, lte, or, sql } from 'drizzle-orm';
import { SECURITY_CODE_TTL_MS, type BodyOf, type enviarInvitacion } from '@escudo/contract';
import type { ClientOrigin } from '../../lib/http/client-origin.ts';
import { addressKeyOf } from '../../lib/http/address-key.ts';
import { recordActivity } from '../activity/activity.service.ts';
import type { AppContext } from '../../lib/context.ts';
import { AppError } from '../../lib/app-error.ts';
import { planes } from '../plans/plans.schema.ts';
import { securityNetworkMembers } from './network.schema.ts';
import { userPlans, users } from '../accounts/accounts.schema.ts';
import { findUserByEmail } from '../accounts/accounts.service.ts';
import { createToken, hashToken } from '../../lib/crypto/tokens.ts';
import { isUniqueViolation } from '../../lib/db/errors.ts';
import { takeHits } from '../../lib/throttle/throttle.ts';
import { invitationEmail } from './network.emails.ts';
import { networkLimits } from './network.limits.ts';

const members = securityNetworkMembers;
const personOf = (name: string, email: string, telefono: string | null) => ({
  name,
  email,
  info: { telefono },
});

/**
 * An entry that still counts: accepted, or an invitation whose link still works. An invitation past
 * its SECURITY_CODE_TTL_MS can no longer be accepted, so it is not listed as 'Pendiente', holds no
 * place of `max_red` and does not keep its e-mail from being invited again (deleted on the next
 * invitation).
 */
const isNotExpired = (now: Date) => or(eq(members.status, 'aceptada'), gt(members.codeExpiresAt, now));

/** spec 3: the people I invited, newest first; an accepted one as their account is now */
export async function listInvitees(ctx: AppContext, ownerUserId: number) {
  const rows = await ctx.db
    .select({
      id: members.id,
      status: members.status,
      createdAt: members.createdAt,
      name: members.name,
      email: members.email,
      phone: members.phone,
      accountName: users.name,
      accountEmail: users.email,
      accountPhone: users.telefono,
    })
    .from(members)
    .leftJoin(users, eq(users.id, members.memberUserId))
    .where(and(eq(members.ownerUserId, ownerUserId), isNotExpired(ctx.now())))
    .orderBy(desc(members.createdAt), desc(members.id));
  return {
    data: rows.map((row) => ({
      id: row.id,
      estado: row.status,
      created_at: row.createdAt.toISOString(),
      personas: [
        personOf(row.accountName ?? row.name, row.accountEmail ?? row.email, row.accountPhone ?? row.phone),
      ],
    })),
  };
}

/** spec 3: the networks I belong to, with their owner as their account is now */
export async function listMemberships(ctx: AppContext, memberUserId: number) {
  const rows = await ctx.db
    .select({ id: members.id, name: users.name, email: users.email, telefono: users.telefono })
    .from(members)
    .innerJoin(users, eq(users.id, members.ownerUserId))
    .where(and(eq(members.memberUserId, memberUserId), eq(members.status, 'aceptada')))
    .orderBy(desc(members.acceptedAt), desc(members.id));
  return {
    data: rows.map((row) => ({ id: row.id, anfitrion: [personOf(row.name, row.email, row.telefono)] })),
  };
}

/**
 * Invites someone: refused (nothing stored, no e-mail) for one's own e-mail, an e-mail already invited
 * or belonging to a member, and past `max_red`. The owner's row is locked while counting, so two
 * invitations at once cannot both take the last place.
 */
export async function sendInvitation(
  ctx: AppContext,
  ownerUserId: number,
  input: BodyOf<typeof enviarInvitacion>,
  origin: ClientOrigin,
) {
  const address = addressKeyOf(origin.address);
  const email = input.invitado.trim();
  const lowerEmail = email.toLowerCase();
  // every attempt counts (decision 010): an account cannot use the network to flood inboxes
  await takeHits(ctx, [
    { limit: networkLimits.invitationsAccount, subject: String(ownerUserId) },
    { limit: networkLimits.invitationsAddress, subject: address },
    { limit: networkLimits.invitationsEmail, subject: lowerEmail },
  ]);
  const code = createToken();
  const { owner, entryId } = await ctx.db.transaction(async (tx) => {
    const [owner] = await tx
      .select({ name: users.name, email: users.email, emailVerifiedAt: users.emailVerifiedAt })
      .from(users)
      .where(eq(users.id, ownerUserId))
      .for('update');
    if (!owner) throw new AppError('UNAUTHENTICATED');
    await tx
      .delete(members)
      .where(
        and(
          eq(members.ownerUserId, ownerUserId),
          eq(members.status, 'pendiente'),
          lte(members.codeExpiresAt, ctx.now()),
        ),
      );
    if (owner.email.toLowerCase() === lowerEmail) {
      const message = 'No puedes invitarte a ti mismo a tu red de seguridad.';
      throw new AppError('VALIDATION', message, { invitado: message });
    }
    const [taken] = await tx
      .select({ id: members.id })
      .from(members)
      .leftJoin(users, eq(users.id, members.memberUserId))
      .where(
        and(
          eq(members.ownerUserId, ownerUserId),
          sql`(lower(${members.email}) = ${lowerEmail} or lower(${users.email}) = ${lowerEmail})`,
        ),
      )
      .limit(1);
    if (taken) throw new AppError('ALREADY_IN_NETWORK', undefined, { invitado: alreadyInvited });
    const [plan] = await tx
      .select({ maxRed: planes.maxRed, planName: planes.name })
      .from(userPlans)
      .innerJoin(planes, eq(planes.id, userPlans.planId))
      .where(eq(userPlans.userId, ownerUserId));
    const [entries] = await tx
      .select({ n: count() })
      .from(members)
      .where(eq(members.ownerUserId, ownerUserId));
    const maxRed = plan?.maxRed ?? 0;
    if ((entries?.n ?? 0) >= maxRed) {
      const who = maxRed === 1 ? '1 persona' : `${maxRed} personas`;
      throw new AppError(
        'NETWORK_LIMIT_REACHED',
        `Alcanzaste el máximo de ${who} en tu red de seguridad con tu plan ${plan?.planName ?? ''} (las invitaciones pendientes cuentan). Elimina una invitación o actualiza tu plan para invitar a más personas.`,
      );
    }
    try {
      const [entry] = await tx
        .insert(members)
        .values({
          ownerUserId,
          name: input.name,
          email,
          phone: input.phone,
          status: 'pendiente',
          codeHash: hashToken(code),
          codeExpiresAt: new Date(ctx.now().getTime() + SECURITY_CODE_TTL_MS),
          createdAt: ctx.now(),
        })
        .returning({ id: members.id });
      return { owner, entryId: entry!.id };
    } catch (error) {
      if (isUniqueViolation(error))
        throw new AppError('ALREADY_IN_NETWORK', undefined, { invitado: alreadyInvited });
      throw error;
    }
  });
  const link = `${ctx.env.PUBLIC_URL}/register?security_code=${code}`;
  // the guest's name and the owner's go only to an address whose owner proved it (decision 050)
  const guestAccount = await findUserByEmail(ctx, email);
  try {
    await ctx.mailer.send({
      to: email,
      ...invitationEmail({
        inviteeName: input.name,
        isInviteeVerified: Boolean(guestAccount?.emailVerifiedAt),
        owner: { name: owner.name, email: owner.email, isEmailVerified: owner.emailVerifiedAt !== null },
        link,
        brand: ctx.env.BRAND_NAME,
      }),
    });
  } catch (error) {
    // an invitation nobody received must not hold a place of the network
    await ctx.db.delete(members).where(eq(members.id, entryId));
    throw error;
  }
  // recorded once the e-mail is sent, as the invitation then stands (decision 036)
  await recordActivity(ctx, { userId: ownerUserId, kind: 'invitation_sent', origin, detail: email });
  return { code: 200 as const };
}

const alreadyInvited = 'Esta persona ya está invitada o ya forma parte de tu red de seguridad.';

/** A pending invitation whose code is still valid, with its owner's name; INVITATION_INVALID otherwise. */
export async function findValidInvitation(ctx: AppContext, code: string) {
  const [invitation] = await ctx.db
    .select({ id: members.id, ownerUserId: members.ownerUserId, ownerName: users.name })
    .from(members)
    .innerJoin(users, eq(users.id, members.ownerUserId))
    .where(
      and(
        eq(members.codeHash, hashToken(code)),
        eq(members.status, 'pendiente'),
        gt(members.codeExpiresAt, ctx.now()),
      ),
    )
    .limit(1);
  if (!invitation) throw new AppError('INVITATION_INVALID');
  return invitation;
}

/** `auth/getUserByCode`: whose network the code joins. */
export async function describeInvitation(ctx: AppContext, code: string) {
  const invitation = await findValidInvitation(ctx, code);
  return { user: { name: invitation.ownerName }, respuesta: true as const };
}

/**
 * The signed-in account (or one just created with the code) joins the network of the invitation.
 * One conditional UPDATE claims the code, so it works once even when used twice at the same moment;
 * two invitations of one owner accepted at once by one account are kept apart by the unique index on
 * (owner, member): the second is ALREADY_IN_NETWORK and its invitation stays pending, unchanged.
 */
export async function acceptInvitation(ctx: AppContext, memberUserId: number, code: string) {
  const invitation = await findValidInvitation(ctx, code);
  if (invitation.ownerUserId === memberUserId) throw new AppError('INVITATION_OWN');
  const [already] = await ctx.db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.ownerUserId, invitation.ownerUserId), eq(members.memberUserId, memberUserId)))
    .limit(1);
  const alreadyMember = () =>
    new AppError('ALREADY_IN_NETWORK', `Ya formas parte de la red de seguridad de ${invitation.ownerName}.`);
  if (already) throw alreadyMember();
  let claimed: { id: number }[];
  try {
    claimed = await ctx.db
      .update(members)
      .set({ memberUserId, status: 'aceptada', acceptedAt: ctx.now() })
      .where(
        and(
          eq(members.id, invitation.id),
          eq(members.status, 'pendiente'),
          gt(members.codeExpiresAt, ctx.now()),
        ),
      )
      .returning({ id: members.id });
  } catch (error) {
    // another invitation of this owner was accepted by this account a moment ago (the check above
    // could not see it yet): the index keeps one membership
    if (isUniqueViolation(error)) throw alreadyMember();
    throw error;
  }
  if (claimed.length === 0) throw new AppError('INVITATION_INVALID');
  return { code: 200 as const };
}

/** The owner removes someone from the network, or cancels a pending invitation. */
export async function removeMember(ctx: AppContext, ownerUserId: number, id: number) {
  const removed = await ctx.db
    .delete(members)
    .where(and(eq(members.id, id), eq(members.ownerUserId, ownerUserId)))
    .returning({ id: members.id });
  if (removed.length === 0)
    throw new AppError('FORBIDDEN', 'Esa persona no forma parte de tu red de seguridad.');
  return { code: 200 as const };
}

/** A member leaves a network: the owner's place is freed. */
export async function leaveNetwork(ctx: AppContext, memberUserId: number, id: number) {
  const removed = await ctx.db
    .delete(members)
    .where(and(eq(members.id, id), eq(members.memberUserId, memberUserId), eq(members.status, 'aceptada')))
    .returning({ id: members.id });
  if (removed.length === 0) throw new AppError('FORBIDDEN', 'No formas parte de esa red de seguridad.');
  return { code: 200 as const };
}
