/**
 * Exports of a customer's data (decision 037). Asking, confirmed with the password, records a
 * `pending` row, the activity entry and the durable event `dataExportRequested` in one transaction;
 * the ZIP is made apart, by the outbox's delivery (lib/outbox/outbox.ts, its `long` lane), which the
 * request starts at once and the job deliver-long-events picks up if the process died: it streams the
 * ZIP into ctx.storage, marks it ready for 24 hours and e-mails the signed link, once. Expired files
 * are removed by `delete-expired-data-exports`.
 */
import { randomBytes } from 'node:crypto';
import { and, desc, eq, inArray, lt, lte, ne } from 'drizzle-orm';
import yazl from 'yazl';
import {
  DATA_EXPORT_EVERY_MS,
  DATA_EXPORT_LINK_TTL_MS,
  chileDateParts,
  type BodyOf,
  type DataExportStatus,
  type requestDataExport,
} from '@escudo/contract';
import type { AppContext } from '../../lib/context.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/db/errors.ts';
import { deliverEventsSoon } from '../../lib/outbox/outbox.ts';
import { sendOnce } from '../../lib/outbox/send-once.ts';
import type { ClientOrigin } from '../../lib/http/client-origin.ts';
import { users } from '../accounts/accounts.schema.ts';
import { requirePasswordAgain } from '../two-factor/password-check.ts';
import { recordActivity } from '../activity/activity.service.ts';
import { chileDateTime } from '../activity/security-notice.ts';
import { dataExports } from './export.schema.ts';
import { addAccountData } from './export-archive.ts';
import { createDataExportLink } from './export-link.ts';
import { dataExportReadyEmail } from './export.emails.ts';

/** ours: rows of exports long over are deleted; a month keeps "ask again from…" and support's view */
export const DATA_EXPORT_ROW_KEPT_MS = 30 * 24 * 60 * 60 * 1000;

type ExportRow = typeof dataExports.$inferSelect;

/** The newest export of the account that counts for the one-a-day rule (a failed one does not). */
async function newestExport(ctx: AppContext, userId: number): Promise<ExportRow | undefined> {
  const [row] = await ctx.db
    .select()
    .from(dataExports)
    .where(and(eq(dataExports.userId, userId), ne(dataExports.status, 'failed')))
    .orderBy(desc(dataExports.createdAt), desc(dataExports.id))
    .limit(1);
  return row;
}

function nextAllowedAt(ctx: AppContext, row: ExportRow | undefined): Date | null {
  if (!row) return null;
  const next = new Date(row.createdAt.getTime() + DATA_EXPORT_EVERY_MS);
  return next > ctx.now() ? next : null;
}

function statusOf(
  ctx: AppContext,
  row: ExportRow | undefined,
  counted: ExportRow | undefined,
): DataExportStatus {
  const next = nextAllowedAt(ctx, counted);
  const base = {
    requested_at: row?.createdAt.toISOString() ?? null,
    expires_at: row?.expiresAt?.toISOString() ?? null,
    download_url: null,
    next_allowed_at: next?.toISOString() ?? null,
  };
  if (!row) return { ...base, state: 'none' };
  if (row.status === 'pending' || row.status === 'running') return { ...base, state: 'preparing' };
  if (row.status === 'failed') return { ...base, state: 'failed' };
  // a ready one past its time is expired whether or not the job has removed its file yet
  if (row.status === 'ready' && row.expiresAt && row.expiresAt > ctx.now()) {
    return { ...base, state: 'ready', download_url: createDataExportLink(ctx, row.id, row.expiresAt) };
  }
  return { ...base, state: 'expired' };
}

/** app/account/exportStatus: the newest export, whatever its state, and when the next may be asked. */
export async function getDataExportStatus(ctx: AppContext, userId: number): Promise<DataExportStatus> {
  const [newest] = await ctx.db
    .select()
    .from(dataExports)
    .where(eq(dataExports.userId, userId))
    .orderBy(desc(dataExports.createdAt), desc(dataExports.id))
    .limit(1);
  const counted = newest?.status === 'failed' ? await newestExport(ctx, userId) : newest;
  return statusOf(ctx, newest, counted);
}

function tooSoon(next: Date, now: Date): AppError {
  return new AppError(
    'EXPORT_TOO_SOON',
    `Ya pediste una copia de tus datos en las últimas 24 horas. Podrás pedir otra desde el ${chileDateTime(next)} (hora de Chile).`,
    undefined,
    { retryAfterS: (next.getTime() - now.getTime()) / 1000 },
  );
}

/**
 * app/account/export: the password (re-entered) is checked first, with its wrong tries limited per
 * session as before a wipe; then one a day. Nothing is recorded unless both pass. The ZIP is made
 * apart, by the delivery this starts.
 */
export async function requestExport(
  ctx: AppContext,
  auth: { userId: number; sessionId: number },
  body: BodyOf<typeof requestDataExport>,
  origin: ClientOrigin,
): Promise<DataExportStatus> {
  // with two-step sign-in on, a code too (the app's or a recovery code, used up), as before a wipe
  const forgiveTries = await requirePasswordAgain(ctx, auth, {
    password: body.password,
    code: body.code,
    secondStep: true,
  });
  const now = ctx.now();
  const next = nextAllowedAt(ctx, await newestExport(ctx, auth.userId));
  if (next) {
    await forgiveTries(ctx.db);
    throw tooSoon(next, now);
  }
  try {
    await ctx.db.transaction(async (tx) => {
      await forgiveTries(tx);
      const [row] = await tx
        .insert(dataExports)
        .values({ userId: auth.userId, status: 'pending', createdAt: now })
        .returning({ id: dataExports.id });
      await recordActivity(ctx, { userId: auth.userId, kind: 'data_exported', origin }, tx);
      await ctx.events.record(tx, 'dataExportRequested', { exportId: row!.id });
    });
  } catch (error) {
    // two requests at once: the index of open exports lets one in
    if (isUniqueViolation(error)) throw tooSoon(new Date(now.getTime() + DATA_EXPORT_EVERY_MS), now);
    throw error;
  }
  deliverEventsSoon(ctx, 'dataExportRequested');
  return getDataExportStatus(ctx, auth.userId);
}

/** `exports/<id>-<random>.zip`: the random part keeps a key from being guessed from the id */
const storageKeyOf = (exportId: number) => `exports/${exportId}-${randomBytes(8).toString('hex')}.zip`;

/** Streams the account's ZIP into the storage; resolves with its key and size once it is whole. */
async function writeArchive(ctx: AppContext, row: ExportRow): Promise<{ key: string; size: number }> {
  const key = storageKeyOf(row.id);
  const zip = new yazl.ZipFile();
  const output = zip.outputStream as NodeJS.ReadableStream & { destroy(error?: Error): void };
  // a photo or video that fails mid-way fails the whole ZIP: the storage keeps nothing of it
  zip.on('error', (error: Error) => output.destroy(error));
  const stored = ctx.storage.write(key, output as never);
  // a store that refuses at once must not be an unhandled rejection while the ZIP is still being
  // filled: its error is thrown below, where `stored` is awaited
  stored.catch(() => undefined);
  try {
    await addAccountData(ctx, zip, row.userId);
    zip.end();
  } catch (error) {
    output.destroy(error as Error);
    await stored.catch(() => undefined);
    throw error;
  }
  const { size } = await stored;
  return { key, size };
}

/**
 * The subscriber of `dataExportRequested` (export.events.ts): makes the ZIP of a pending export and
 * e-mails its link. A failure puts it back to pending for the outbox's next try, or marks it `failed`
 * after the last (the person may ask again at once). A repeat is harmless: a ready export is only
 * e-mailed, once (send-once.ts); a delivery whose lease lapsed while it still ran finds, at its end,
 * that another took the export over, and drops its own ZIP.
 */
export async function makeRequestedExport(
  ctx: AppContext,
  exportId: number,
  { isLastTry }: { isLastTry: boolean },
): Promise<void> {
  const startedAt = ctx.now();
  const [claimed] = await ctx.db
    .update(dataExports)
    .set({ status: 'running', startedAt })
    .where(and(eq(dataExports.id, exportId), inArray(dataExports.status, ['pending', 'running'])))
    .returning();
  if (claimed) {
    try {
      await storeArchive(ctx, claimed, startedAt);
    } catch (error) {
      ctx.log.error({ err: error, exportId }, 'data export could not be made');
      await ctx.db
        .update(dataExports)
        .set({ status: isLastTry ? 'failed' : 'pending', startedAt: null })
        .where(and(eq(dataExports.id, exportId), eq(dataExports.startedAt, startedAt)));
      throw error;
    }
  }
  await emailReadyExport(ctx, exportId);
}

/** Streams the ZIP and marks the export ready, unless another delivery took it over meanwhile. */
async function storeArchive(ctx: AppContext, row: ExportRow, startedAt: Date): Promise<void> {
  const archive = await writeArchive(ctx, row);
  const readyAt = ctx.now();
  const [ready] = await ctx.db
    .update(dataExports)
    .set({
      status: 'ready',
      storageKey: archive.key,
      sizeBytes: archive.size,
      readyAt,
      expiresAt: new Date(readyAt.getTime() + DATA_EXPORT_LINK_TTL_MS),
    })
    .where(
      and(
        eq(dataExports.id, row.id),
        eq(dataExports.status, 'running'),
        eq(dataExports.startedAt, startedAt),
      ),
    )
    .returning({ id: dataExports.id });
  if (!ready) await ctx.storage.delete(archive.key);
}

/** The link of a ready export, e-mailed once (its key names the export). The link is never logged. */
async function emailReadyExport(ctx: AppContext, exportId: number): Promise<void> {
  const [found] = await ctx.db
    .select({ row: dataExports, name: users.name, email: users.email, verifiedAt: users.emailVerifiedAt })
    .from(dataExports)
    .innerJoin(users, eq(users.id, dataExports.userId))
    .where(eq(dataExports.id, exportId));
  const expiresAt = found?.row.expiresAt;
  if (!found || found.row.status !== 'ready' || !expiresAt || expiresAt <= ctx.now()) return;
  const link = `${ctx.env.PUBLIC_URL}${createDataExportLink(ctx, exportId, expiresAt)}`;
  await sendOnce(ctx, `data-export:${exportId}`, {
    to: found.email,
    ...dataExportReadyEmail({
      name: found.verifiedAt ? found.name : null,
      link,
      expiresAt,
      brand: ctx.env.BRAND_NAME,
    }),
  });
}

/**
 * The job `delete-expired-data-exports`: the files of exports past their 24 hours are removed (the row
 * stays, `expired`, for the one-a-day rule and the panel), and rows long over are deleted.
 */
export async function deleteExpiredDataExports(ctx: AppContext): Promise<void> {
  const now = ctx.now();
  const over = await ctx.db
    .select({ id: dataExports.id, storageKey: dataExports.storageKey })
    .from(dataExports)
    .where(and(eq(dataExports.status, 'ready'), lte(dataExports.expiresAt, now)));
  for (const row of over) {
    // the row first: from then on no link serves the file, which may then go
    const [expired] = await ctx.db
      .update(dataExports)
      .set({ status: 'expired', storageKey: null })
      .where(and(eq(dataExports.id, row.id), eq(dataExports.status, 'ready')))
      .returning({ id: dataExports.id });
    if (expired && row.storageKey) await ctx.storage.delete(row.storageKey);
  }
  await ctx.db
    .delete(dataExports)
    .where(
      and(
        inArray(dataExports.status, ['expired', 'failed']),
        lt(dataExports.createdAt, new Date(now.getTime() - DATA_EXPORT_ROW_KEPT_MS)),
      ),
    );
}

/** The ZIP's file name: `escudo-mis-datos-AAAA-MM-DD.zip`, the day it was made, in Chile. */
export function downloadFileNameOf(readyAt: Date): string {
  const p = chileDateParts(readyAt)!;
  return `escudo-mis-datos-${p.year}-${p.month}-${p.day}.zip`;
}

/**
 * The stored ZIP a valid link points at, or null when the export is not ready any more (expired,
 * removed). The link's expiry must be the export's own.
 */
export async function findDownloadableExport(
  ctx: AppContext,
  exportId: number,
  expires: number,
): Promise<{ storageKey: string; readyAt: Date } | null> {
  const [row] = await ctx.db.select().from(dataExports).where(eq(dataExports.id, exportId));
  if (!row || row.status !== 'ready' || !row.storageKey || !row.readyAt || !row.expiresAt) return null;
  if (Math.floor(row.expiresAt.getTime() / 1000) !== expires || row.expiresAt <= ctx.now()) return null;
  return { storageKey: row.storageKey, readyAt: row.readyAt };
}
