/**
 * The account's activity log (decision 036). The feature where a thing happens records it, in the
 * transaction of the change when it has one, so that an entry exists exactly when the change does.
 * Entries that call for it also reach the owner by e-mail (security-notice.ts), after the commit.
 */
import { count, desc, eq } from 'drizzle-orm';
import type { ActivityEntry, ActivityKind } from '@escudo/contract';
import type { AppContext } from '../../lib/context.ts';
import type { DbOrTransaction } from '../../lib/db/client.ts';
import type { ClientOrigin } from '../../lib/http/client-origin.ts';
import { accountActivity } from './activity.schema.ts';

export interface ActivityRecord {
  userId: number;
  kind: ActivityKind;
  origin: ClientOrigin;
  /** what it is about, as the owner reads it (a phone's name, an e-mail); never a secret */
  detail?: string | null;
}

/**
 * A line's columns as stored, each cut to its length. An owner's order writes its line in the
 * database's own call (commands/give-order.ts, decision 061) from these, with the phone's name cut
 * to the same 200 characters as its detail.
 */
export const activityColumns = (record: ActivityRecord) => ({
  kind: record.kind,
  address: record.origin.address?.slice(0, 64) ?? null,
  browser: record.origin.browser?.slice(0, 120) ?? null,
  detail: record.detail?.slice(0, 200) ?? null,
});

/** A line in the account's log, at ctx.now(); `db` is the change's transaction when it has one. */
export async function recordActivity(
  ctx: AppContext,
  record: ActivityRecord,
  db: DbOrTransaction = ctx.db,
): Promise<void> {
  await recordActivities(ctx, [record], db);
}

/** Lines in several accounts' logs at once (one page of the central's list), in one statement. */
export async function recordActivities(
  ctx: AppContext,
  records: readonly ActivityRecord[],
  db: DbOrTransaction = ctx.db,
): Promise<void> {
  if (records.length === 0) return;
  const at = ctx.now();
  await db
    .insert(accountActivity)
    .values(records.map((record) => ({ userId: record.userId, at, ...activityColumns(record) })));
}

export async function listActivity(
  ctx: AppContext,
  userId: number,
  { limit, page }: { limit: number; page: number },
): Promise<{ activity: ActivityEntry[]; total: number }> {
  const [rows, [counted]] = await Promise.all([
    ctx.db
      .select()
      .from(accountActivity)
      .where(eq(accountActivity.userId, userId))
      .orderBy(desc(accountActivity.at), desc(accountActivity.id))
      .limit(limit)
      .offset((page - 1) * limit),
    ctx.db.select({ total: count() }).from(accountActivity).where(eq(accountActivity.userId, userId)),
  ]);
  return {
    activity: rows.map((row) => ({
      at: row.at.toISOString(),
      kind: row.kind,
      address: row.address,
      browser: row.browser,
      detail: row.detail,
    })),
    total: counted?.total ?? 0,
  };
}
