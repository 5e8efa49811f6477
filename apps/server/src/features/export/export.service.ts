/**
 * Exports of a customer's data (decision 037). Asking, confirmed with the password,
 * records a `pending` row and the activity entry in one transaction; the ZIP is made apart, by the
 * `prepare-data-exports` job (export.jobs.ts), which the request triggers and which also runs every
 * minute: it claims one pending export at a time, streams its ZIP into ctx.storage, marks it ready for
 * 24 hours and e-mails the signed link. Expired files are removed by `delete-expired-data-exports`.
 */
import { randomBytes } from 'node:crypto';
import { and, desc, eq, inArray, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
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
import type { ClientOrigin } from '../../lib/http/client-origin.ts';
import { users } from '../accounts/accounts.schema.ts';
import { requirePasswordAgain } from '../two-factor/password-check.ts';
import { recordActivity } from '../activity/activity.service.ts';
import { chileDateTime } from '../activity/security-notice.ts';
import { dataExports } from './export.schema.ts';
import { addAccountData } from './export-archive.ts';
import { createDataExportLink } from './export-link.ts';
import { dataExportReadyEmail } from './export.emails.ts';

/** ours: a run that claimed an export and has not finished it in 30 minutes died; another takes it */
export const DATA_EXPORT_STALL_MS = 30 * 60 * 1000;
/** ours: an export whose ZIP could not be made in 3 runs is `failed`; the person may ask again */
export const DATA_EXPORT_MAX_ATTEMPTS = 3;
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
 * session as before a wipe; then one a day. Nothing is recorded unless both pass. The ZIP is made by
 * the job; the caller triggers it after this returns.
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
      await tx.insert(dataExports).values({ userId: auth.userId, status: 'pending', createdAt: now });
      await recordActivity(ctx, { userId: auth.userId, kind: 'data_exported', origin }, tx);
    });
  } catch (error) {
    // two requests at once: the index of open exports lets one in
    if (isUniqueViolation(error)) throw tooSoon(new Date(now.getTime() + DATA_EXPORT_EVERY_MS), now);
    throw error;
  }
  return getDataExportStatus(ctx, auth.userId);
}

/**
 * Claims the next export to make: a pending one, or one whose run stalled (its process died). The
 * claim is a conditional update, so two runs (two processes, or a retry) never make one export twice.
 */
async function claimNextExport(ctx: AppContext): Promise<ExportRow | undefined> {
  const now = ctx.now();
  const stalled = new Date(now.getTime() - DATA_EXPORT_STALL_MS);
  const claimable = or(
    eq(dataExports.status, 'pending'),
    and(eq(dataExports.status, 'running'), lt(dataExports.startedAt, stalled)),
  );
  for (;;) {
    const [candidate] = await ctx.db
      .select({ id: dataExports.id, startedAt: dataExports.startedAt })
      .from(dataExports)
      .where(claimable)
      .orderBy(dataExports.id)
      .limit(1);
    if (!candidate) return undefined;
    const [claimed] = await ctx.db
      .update(dataExports)
      .set({ status: 'running', startedAt: now, attempts: sql`${dataExports.attempts} + 1` })
      .where(
        and(
          eq(dataExports.id, candidate.id),
          claimable,
          candidate.startedAt
            ? eq(dataExports.startedAt, candidate.startedAt)
            : isNull(dataExports.startedAt),
        ),
      )
      .returning();
    if (claimed) return claimed;
    // another run took it first: look again
  }
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

/** Makes one claimed export: ready with its file, or back to pending (or failed after its tries). */
async function makeExport(ctx: AppContext, row: ExportRow): Promise<void> {
  let archive: { key: string; size: number };
  try {
    archive = await writeArchive(ctx, row);
  } catch (error) {
    const isLastTry = row.attempts >= DATA_EXPORT_MAX_ATTEMPTS;
    await ctx.db
      .update(dataExports)
      .set({ status: isLastTry ? 'failed' : 'pending', startedAt: null })
      .where(and(eq(dataExports.id, row.id), eq(dataExports.status, 'running')));
    throw error;
  }
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
    // only the run that holds the claim finishes it (one that stalled and lost it does not)
    .where(
      and(
        eq(dataExports.id, row.id),
        eq(dataExports.status, 'running'),
        eq(dataExports.startedAt, row.startedAt!),
      ),
    )
    .returning({ id: dataExports.id });
  if (!ready) await ctx.storage.delete(archive.key);
}

/**
 * E-mails the link of each ready export not yet told, claimed by its row (emailedAt) so that it goes
 * once; a failed send gives the claim back for the next run. The link is never logged.
 */
async function emailReadyExports(ctx: AppContext): Promise<void> {
  const now = ctx.now();
  const due = await ctx.db
    .select({ row: dataExports, name: users.name, email: users.email, verifiedAt: users.emailVerifiedAt })
    .from(dataExports)
    .innerJoin(users, eq(users.id, dataExports.userId))
    .where(and(eq(dataExports.status, 'ready'), isNull(dataExports.emailedAt)))
    .orderBy(dataExports.id);
  let failure: unknown;
  for (const { row, name, email, verifiedAt } of due) {
    if (!row.expiresAt || row.expiresAt <= now) continue;
    const [claimed] = await ctx.db
      .update(dataExports)
      .set({ emailedAt: now })
      .where(and(eq(dataExports.id, row.id), isNull(dataExports.emailedAt)))
      .returning({ id: dataExports.id });
    if (!claimed) continue;
    const link = `${ctx.env.PUBLIC_URL}${createDataExportLink(ctx, row.id, row.expiresAt)}`;
    try {
      await ctx.mailer.send({
        to: email,
        ...dataExportReadyEmail({
          name: verifiedAt ? name : null,
          link,
          expiresAt: row.expiresAt,
          brand: ctx.env.BRAND_NAME,
        }),
      });
    } catch (error) {
      failure = error;
      await ctx.db.update(dataExports).set({ emailedAt: null }).where(eq(dataExports.id, row.id));
    }
  }
  if (failure) throw failure;
}

/** The job `prepare-data-exports`: every pending export made, then the e-mails of the ready ones. */
export async function prepareDataExports(ctx: AppContext): Promise<void> {
  let failure: unknown;
  for (let row = await claimNextExport(ctx); row; row = await claimNextExport(ctx)) {
    try {
      await makeExport(ctx, row);
    } catch (error) {
      // logged here with its export (never its link); the run fails at the end, for a retry
      ctx.log.error({ err: error, exportId: row.id }, 'data export could not be made');
      failure = error;
      // a failure that leaves it pending would be claimed again at once: leave it for the retry
      break;
    }
  }
  await emailReadyExports(ctx);
  if (failure) throw failure;
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
