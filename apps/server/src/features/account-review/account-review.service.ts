/**
 * The review of a reclaimed account (decision 050). Once the owner of the mailbox proved it for the
 * first time (auth/reclaim.ts), what was made before that moment may be someone else's: a phone whose
 * token raises SOS alerts in the owner's name, a member of the owner's network who gets the owner's
 * live position, a network the account joined. The owner chooses a password (if the proof dropped it)
 * and answers "¿Es tuyo?" for each; until then the panel shows this before anything else. Kept items
 * are remembered here; removed ones go through their own feature's removal, at once.
 */
import { and, asc, eq, isNull, lte, notExists, sql, type AnyColumn } from 'drizzle-orm';
import type { AccountReview, BodyOf, accountReviewDecide, accountReviewPassword } from '@escudo/contract';
import type { AppContext } from '../../lib/context.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ClientOrigin } from '../../lib/http/client-origin.ts';
import { users } from '../accounts/accounts.schema.ts';
import { devices } from '../devices/devices.schema.ts';
import { securityNetworkMembers } from '../network/network.schema.ts';
import { leaveNetwork, removeMember } from '../network/network.service.ts';
import { takeDeviceOff } from '../device-removal/device-removal.service.ts';
import { setMissingPassword } from '../auth/auth.service.ts';
import { accountReviewKept, type ReviewItemKind } from './account-review.schema.ts';

/** not kept yet: no row of the owner's answers for this item */
const notKept = (userId: number, kind: ReviewItemKind, itemId: AnyColumn) =>
  notExists(
    sql`(select 1 from ${accountReviewKept} where ${accountReviewKept.userId} = ${userId} and ${accountReviewKept.kind} = ${kind} and ${accountReviewKept.itemId} = ${itemId})`,
  );

export async function getAccountReview(ctx: AppContext, userId: number): Promise<AccountReview> {
  const [user] = await ctx.db
    .select({ reclaimedAt: users.reclaimedAt, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw new AppError('UNAUTHENTICATED');
  const reclaimedAt = user.reclaimedAt;
  if (!reclaimedAt) {
    return {
      pending: false,
      reclaimed_at: null,
      password_needed: false,
      devices: [],
      members: [],
      memberships: [],
    };
  }
  const [phones, members, memberships] = await Promise.all([
    ctx.db
      .select()
      .from(devices)
      .where(
        and(
          eq(devices.userId, userId),
          isNull(devices.removedAt),
          lte(devices.createdAt, reclaimedAt),
          notKept(userId, 'device', devices.id),
        ),
      )
      .orderBy(asc(devices.id)),
    ctx.db
      .select()
      .from(securityNetworkMembers)
      .where(
        and(
          eq(securityNetworkMembers.ownerUserId, userId),
          lte(securityNetworkMembers.createdAt, reclaimedAt),
          notKept(userId, 'member', securityNetworkMembers.id),
        ),
      )
      .orderBy(asc(securityNetworkMembers.id)),
    ctx.db
      .select({
        id: securityNetworkMembers.id,
        acceptedAt: securityNetworkMembers.acceptedAt,
        ownerName: users.name,
        ownerEmail: users.email,
      })
      .from(securityNetworkMembers)
      .innerJoin(users, eq(users.id, securityNetworkMembers.ownerUserId))
      .where(
        and(
          eq(securityNetworkMembers.memberUserId, userId),
          eq(securityNetworkMembers.status, 'aceptada'),
          lte(securityNetworkMembers.acceptedAt, reclaimedAt),
          notKept(userId, 'membership', securityNetworkMembers.id),
        ),
      )
      .orderBy(asc(securityNetworkMembers.id)),
  ]);
  const passwordNeeded = user.passwordHash === null;
  return {
    pending: passwordNeeded || phones.length + members.length + memberships.length > 0,
    reclaimed_at: reclaimedAt.toISOString(),
    password_needed: passwordNeeded,
    devices: phones.map((phone) => ({
      id: phone.id,
      device_brand: phone.deviceBrand,
      device_name: phone.deviceName,
      device_model: phone.deviceModel,
      device_so: phone.deviceSo,
      created_at: phone.createdAt.toISOString(),
      last_seen_at: phone.lastSeenAt?.toISOString() ?? null,
    })),
    members: members.map((member) => ({
      id: member.id,
      name: member.name,
      email: member.email,
      status: member.status,
      created_at: member.createdAt.toISOString(),
    })),
    memberships: memberships.map((membership) => ({
      id: membership.id,
      owner_name: membership.ownerName,
      owner_email: membership.ownerEmail,
      accepted_at: membership.acceptedAt?.toISOString() ?? null,
    })),
  };
}

/** app/account/review/password: the reclaimed account's new password, while it has none */
export async function chooseReviewPassword(
  ctx: AppContext,
  auth: { userId: number; sessionId: number },
  input: BodyOf<typeof accountReviewPassword>,
  origin: ClientOrigin,
): Promise<AccountReview> {
  await setMissingPassword(ctx, auth, input.password, origin);
  return getAccountReview(ctx, auth.userId);
}

/**
 * app/account/review/decide: one answer. Only an item still waiting is answered; anything else (another
 * account's, made after the proof, already answered) is NOT_FOUND, the same for each.
 */
export async function decideReviewItem(
  ctx: AppContext,
  auth: { userId: number },
  input: BodyOf<typeof accountReviewDecide>,
  origin: ClientOrigin,
): Promise<AccountReview> {
  const review = await getAccountReview(ctx, auth.userId);
  const waiting =
    input.kind === 'device'
      ? review.devices.find((phone) => phone.id === input.id)
      : input.kind === 'member'
        ? review.members.find((member) => member.id === input.id)
        : review.memberships.find((membership) => membership.id === input.id);
  if (!waiting) throw new AppError('NOT_FOUND', 'No encontramos eso entre lo que falta revisar.');
  if (input.keep) {
    await ctx.db
      .insert(accountReviewKept)
      .values({ userId: auth.userId, kind: input.kind, itemId: input.id, keptAt: ctx.now() })
      .onConflictDoNothing();
  } else if (input.kind === 'device') {
    const [phone] = await ctx.db
      .select({ id: devices.id, deviceId: devices.deviceId, deviceName: devices.deviceName })
      .from(devices)
      .where(and(eq(devices.id, input.id), eq(devices.userId, auth.userId)));
    if (!phone) throw new AppError('NOT_FOUND', 'No encontramos eso entre lo que falta revisar.');
    // the data it sent stays on the removed row, as the panel's removal without "borrar sus datos"
    await takeDeviceOff(ctx, auth.userId, phone, { deleteData: false, origin });
  } else if (input.kind === 'member') {
    await removeMember(ctx, auth.userId, input.id);
  } else {
    await leaveNetwork(ctx, auth.userId, input.id);
  }
  return getAccountReview(ctx, auth.userId);
}

/**
 * Whether the account's review is still waiting for the owner, as one SQL expression of the account
 * whose `users` row is `u`, for user details' one statement (decision 047): reclaimed, and without a
 * password or with an item made before the proof that is neither removed nor kept. "Before" is dated by
 * the server's clock, as the items are, and includes the proof's own instant: an item made at the same
 * millisecond is asked about rather than let through.
 */
export const REVIEW_PENDING_SQL = `(u.reclaimed_at is not null and (u.password_hash is null
    or exists (select 1 from devices d where d.user_id = u.id and d.removed_at is null
      and d.created_at <= u.reclaimed_at and not exists (select 1 from account_review_kept k
        where k.user_id = u.id and k.kind = 'device' and k.item_id = d.id))
    or exists (select 1 from security_network_members m where m.owner_user_id = u.id
      and m.created_at <= u.reclaimed_at and not exists (select 1 from account_review_kept k
        where k.user_id = u.id and k.kind = 'member' and k.item_id = m.id))
    or exists (select 1 from security_network_members m where m.member_user_id = u.id
      and m.status = 'aceptada' and m.accepted_at <= u.reclaimed_at and not exists (select 1 from account_review_kept k
        where k.user_id = u.id and k.kind = 'membership' and k.item_id = m.id))))`;
