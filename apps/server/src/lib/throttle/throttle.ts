/**
 * Limits counted in the database (table throttle_hits), in a sliding window: shared by every server
 * process and kept across restarts (decision 003, and 010 for the per-address and per-pair rules).
 *
 * A hit is written *before* the work it guards and counted after: the count a request sees includes
 * itself and every request that wrote before it, so N concurrent requests can never all see a count
 * under the limit (a check-then-write would let a burst through: decision 010 records 8–12 password
 * checks out of 20–200 concurrent guesses). A refused request deletes its own hit, so a flood does
 * not extend its own refusal nor grow the table past the limit; work that should not count (a right
 * password) gives its hits back with `forgive`.
 *
 * A back-off (`takeBackoffHit`) is the same rows read another way: not a window's refusal but a wait
 * after each hit past the first few, growing and capped, for a subject no stranger should be able to
 * lock (an account's two-step codes, decision 052).
 */
import { and, count, eq, gt, inArray, like, lt, max, min, ne, or } from 'drizzle-orm';
import type { ErrorCode } from '@escudo/contract';
import type { AppContext } from '../context.ts';
import { AppError } from '../app-error.ts';
import type { DbOrTransaction } from '../db/client.ts';
import { throttleHits } from './throttle.schema.ts';

export interface Limit {
  /** the limit's name, the first part of every key it counts */
  name: string;
  max: number;
  windowMs: number;
  /** what a refusal answers: its code, and its Spanish message given the minutes left */
  code: ErrorCode;
  message: (minutes: number) => string;
}

/**
 * the longest window of any limit (a day: the verification e-mails one account may ask for,
 * auth.limits.ts): hits older than this are of no use to anyone
 */
export const THROTTLE_MAX_WINDOW_MS = 24 * 60 * 60 * 1000;

const keyOf = (limit: Limit, subject: string) => `${limit.name}:${subject}`.slice(0, 400);

/** "1 minuto", "15 minutos": what a person reads in the refusal */
export const minutesText = (minutes: number) => (minutes === 1 ? '1 minuto' : `${minutes} minutos`);

/** one subject counted against one limit */
export interface Check {
  limit: Limit;
  subject: string;
}

/**
 * Counts one hit of each check, all written by one statement, or refuses with the first exceeded
 * limit's 429 and a Retry-After of when its oldest hit leaves the window (and takes nothing). Returns
 * the hits' ids, for `forgive` when the work they guarded should not count.
 */
export async function takeHits(ctx: AppContext, checks: Check[]): Promise<number[]> {
  const now = ctx.now();
  const keys = checks.map((check) => keyOf(check.limit, check.subject));
  const hits = await ctx.db
    .insert(throttleHits)
    .values(keys.map((key) => ({ key, createdAt: now })))
    .returning({ id: throttleHits.id });
  const ids = hits.map((hit) => hit.id);
  const windowStart = (check: Check) => new Date(now.getTime() - check.limit.windowMs);
  const seen = await ctx.db
    .select({ key: throttleHits.key, n: count(), oldest: min(throttleHits.createdAt) })
    .from(throttleHits)
    .where(
      or(
        ...checks.map((check, i) =>
          and(eq(throttleHits.key, keys[i]!), gt(throttleHits.createdAt, windowStart(check))),
        ),
      ),
    )
    .groupBy(throttleHits.key);
  const byKey = new Map(seen.map((row) => [row.key, row]));
  const exceeded = checks.findIndex((check, i) => (byKey.get(keys[i]!)?.n ?? 0) > check.limit.max);
  if (exceeded < 0) return ids;
  await ctx.db.delete(throttleHits).where(inArray(throttleHits.id, ids));
  throw limitRefusal(checks[exceeded]!.limit, byKey.get(keys[exceeded]!)?.oldest ?? null, now);
}

/**
 * The 429 of an exceeded `limit`: its code, its message given the minutes left, and a Retry-After of
 * when the oldest counted hit (`oldest`, or now when unknown) leaves the window. Also for limits
 * counted in their own rows rather than in throttle_hits (commands/give-order.ts).
 */
export function limitRefusal(limit: Limit, oldest: Date | string | null, now: Date): AppError {
  const oldestMs = oldest ? new Date(oldest).getTime() : now.getTime();
  const retryAfterS = Math.max(1, Math.ceil((oldestMs + limit.windowMs - now.getTime()) / 1000));
  return new AppError(limit.code, limit.message(Math.ceil(retryAfterS / 60)), undefined, { retryAfterS });
}

/**
 * A limit that slows down instead of shutting: `max` hits in `windowMs` go through at once; past them
 * each hit must come `firstDelayMs` after the latest earlier one, doubling with each further hit up to
 * `maxDelayMs`. However long it is kept up, it never waits longer than `maxDelayMs` (decision 052).
 */
export interface Backoff extends Limit {
  firstDelayMs: number;
  maxDelayMs: number;
}

/** how long a back-off waits after the latest hit when `earlier` hits are in its window */
function backoffDelayMs(backoff: Backoff, earlier: number): number {
  if (earlier < backoff.max) return 0;
  // the exponent is bounded so that a long run of hits cannot make the product overflow
  const doublings = Math.min(earlier - backoff.max, 40);
  return Math.min(backoff.maxDelayMs, backoff.firstDelayMs * 2 ** doublings);
}

/**
 * Counts one hit of a back-off and, when `hold` is true, refuses it (429 with the limit's code, its
 * message given the minutes left and a Retry-After) while the wait after the latest earlier hit is not
 * over; a refused hit is deleted. `hold: false` counts without refusing, for work that must always be
 * done (a recovery code is checked whatever the wait). Returns the hit's id, for `forgive`.
 *
 * As with `takeHits`, the hit is written before anything is counted, and every hit the request can see
 * but its own counts as earlier, those of requests still at work too: of two requests at once the
 * second to read sees the first's hit, a moment old, and waits. A burst therefore gets no more through
 * than the same requests one by one (at most one once the first few are spent).
 */
export async function takeBackoffHit(
  ctx: AppContext,
  backoff: Backoff,
  subject: string,
  { hold }: { hold: boolean },
): Promise<number> {
  const now = ctx.now();
  const key = keyOf(backoff, subject);
  const [hit] = await ctx.db
    .insert(throttleHits)
    .values({ key, createdAt: now })
    .returning({ id: throttleHits.id });
  const id = hit!.id;
  if (!hold) return id;
  const [seen] = await ctx.db
    .select({ n: count(), latest: max(throttleHits.createdAt) })
    .from(throttleHits)
    .where(
      and(
        eq(throttleHits.key, key),
        gt(throttleHits.createdAt, new Date(now.getTime() - backoff.windowMs)),
        ne(throttleHits.id, id),
      ),
    );
  const delayMs = backoffDelayMs(backoff, seen?.n ?? 0);
  if (delayMs === 0 || !seen?.latest) return id;
  const waitMs = new Date(seen.latest).getTime() + delayMs - now.getTime();
  if (waitMs <= 0) return id;
  await ctx.db.delete(throttleHits).where(eq(throttleHits.id, id));
  const retryAfterS = Math.max(1, Math.ceil(waitMs / 1000));
  throw new AppError(backoff.code, backoff.message(Math.ceil(retryAfterS / 60)), undefined, { retryAfterS });
}

/** `takeHits` for one check. */
export async function takeHit(ctx: AppContext, limit: Limit, subject: string): Promise<void> {
  await takeHits(ctx, [{ limit, subject }]);
}

/**
 * Gives hits back (the work they guarded turned out not to count: a right password) and forgets every
 * earlier hit of `clear` (a successful sign-in clears its pair). One statement, on `db`, which may be
 * the transaction that also records the success.
 */
export async function forgive(db: DbOrTransaction, hits: { ids?: number[]; clear?: Check[] }): Promise<void> {
  const ids = hits.ids ?? [];
  const keys = (hits.clear ?? []).map((check) => keyOf(check.limit, check.subject));
  if (ids.length === 0 && keys.length === 0) return;
  await db
    .delete(throttleHits)
    .where(
      or(
        ...(ids.length > 0 ? [inArray(throttleHits.id, ids)] : []),
        ...(keys.length > 0 ? [inArray(throttleHits.key, keys)] : []),
      ),
    );
}

/** Forgets every hit under `limit` whose subject starts with `prefix` (every address of one account). */
export async function clearHitsStartingWith(ctx: AppContext, limit: Limit, prefix: string): Promise<void> {
  const escaped = keyOf(limit, prefix).replace(/[\\%_]/g, (char) => `\\${char}`);
  await ctx.db.delete(throttleHits).where(like(throttleHits.key, `${escaped}%`));
}

/**
 * Forgets every hit counted on the subjects of `exact`, and on those that start with a subject of
 * `startingWith` (one e-mail's pairs with every address): what an account leaves behind when it is
 * deleted (decision 038). One statement, on `db`, which may be the deletion's transaction.
 */
export async function forgetSubjects(
  db: DbOrTransaction,
  { exact, startingWith }: { exact: Check[]; startingWith: Check[] },
): Promise<void> {
  const keys = exact.map((check) => keyOf(check.limit, check.subject));
  const prefixes = startingWith.map(
    (check) => `${keyOf(check.limit, check.subject).replace(/[\\%_]/g, (char) => `\\${char}`)}%`,
  );
  if (keys.length === 0 && prefixes.length === 0) return;
  await db
    .delete(throttleHits)
    .where(
      or(
        ...(keys.length > 0 ? [inArray(throttleHits.key, keys)] : []),
        ...prefixes.map((prefix) => like(throttleHits.key, prefix)),
      ),
    );
}

/** Deletes hits older than any window (the scheduled job prune-throttle-hits, throttle.jobs.ts). */
export async function pruneHits(ctx: AppContext): Promise<void> {
  const cutoff = new Date(ctx.now().getTime() - THROTTLE_MAX_WINDOW_MS);
  await ctx.db.delete(throttleHits).where(lt(throttleHits.createdAt, cutoff));
}
