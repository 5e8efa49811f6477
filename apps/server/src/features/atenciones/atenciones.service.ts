/**
 * Atenciones (decision 018): operators open one for a customer, add notes and videos, and close it; every
 * action records who and when, and every look of an operator at a customer is in that customer's
 * activity (decision 053). The customer reads their own (another customer's is FORBIDDEN, as
 * docs/api.md says for atenciones) and may share one through a link that works without sign-in until it
 * expires or is revoked; its token is random and stored only as its SHA-256.
 */
import { and, asc, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  FILE_URL_TTL_MS,
  type ActivityKind,
  type AtencionDetail,
  type AtencionEvidence,
  type AtencionNote,
  type AtencionSummary,
  type OperatorAtencion,
  type OperatorAtencionDetail,
  type PublicEvidence,
} from '@escudo/contract';
import type { AppContext } from '../../lib/context.ts';
import { deliverEventsSoon } from '../../lib/outbox/outbox.ts';
import type { DbOrTransaction } from '../../lib/db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { atencionEvidence, atencionNotes, atencionShareLinks, atenciones } from './atenciones.schema.ts';
import { users } from '../accounts/accounts.schema.ts';
import { createToken, hashToken } from '../../lib/crypto/tokens.ts';
import { findCustomerByEmail } from '../accounts/accounts.service.ts';
import type { VideoKind } from './video-kind.ts';
import { noOrigin } from '../../lib/http/client-origin.ts';
import { recordActivities } from '../activity/activity.service.ts';

const operator = alias(users, 'operator');
const customer = alias(users, 'customer');

const notFound = () => new AppError('NOT_FOUND', 'No encontramos esa atención.');

const summaryColumns = {
  id: atenciones.id,
  userId: atenciones.userId,
  startedAt: atenciones.startedAt,
  endedAt: atenciones.endedAt,
  adminName: operator.name,
  customerName: customer.name,
  customerEmail: customer.email,
  notesCount: sql<number>`(select count(*)::int from ${atencionNotes} where ${atencionNotes.atencionId} = ${atenciones.id})`,
  evidenceCount: sql<number>`(select count(*)::int from ${atencionEvidence} where ${atencionEvidence.atencionId} = ${atenciones.id})`,
};

type SummaryRow = {
  id: number;
  startedAt: Date;
  endedAt: Date | null;
  adminName: string;
  customerName: string;
  customerEmail: string;
  notesCount: number;
  evidenceCount: number;
};

function selectSummaries(db: DbOrTransaction) {
  return db
    .select(summaryColumns)
    .from(atenciones)
    .innerJoin(operator, eq(operator.id, atenciones.operatorId))
    .innerJoin(customer, eq(customer.id, atenciones.userId));
}

function toSummary(row: SummaryRow): AtencionSummary {
  return {
    id: row.id,
    admin: { name: row.adminName },
    start: row.startedAt.toISOString(),
    end: row.endedAt?.toISOString() ?? null,
    evidence_count: row.evidenceCount,
    notes_count: row.notesCount,
  };
}

function toOperatorView(row: SummaryRow): OperatorAtencion {
  return { ...toSummary(row), customer: { name: row.customerName, email: row.customerEmail } };
}

async function findSummary(ctx: AppContext, atencionId: number, db: DbOrTransaction = ctx.db) {
  const [row] = await selectSummaries(db).where(eq(atenciones.id, atencionId)).limit(1);
  return row;
}

async function notesOf(
  ctx: AppContext,
  atencionId: number,
  db: DbOrTransaction = ctx.db,
): Promise<AtencionNote[]> {
  const rows = await db
    .select()
    .from(atencionNotes)
    .where(eq(atencionNotes.atencionId, atencionId))
    .orderBy(asc(atencionNotes.id));
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    description: row.description,
    created_at: row.createdAt.toISOString(),
  }));
}

function toEvidence(ctx: AppContext, row: typeof atencionEvidence.$inferSelect): AtencionEvidence {
  return {
    id: row.id,
    file_url: ctx.fileLinks.create(row.storageKey, FILE_URL_TTL_MS),
    content_type: row.contentType as AtencionEvidence['content_type'],
    size: row.sizeBytes,
    sha256: row.sha256,
    created_at: row.createdAt.toISOString(),
  };
}

async function evidenceOf(
  ctx: AppContext,
  atencionId: number,
  db: DbOrTransaction = ctx.db,
): Promise<AtencionEvidence[]> {
  const rows = await db
    .select()
    .from(atencionEvidence)
    .where(eq(atencionEvidence.atencionId, atencionId))
    .orderBy(asc(atencionEvidence.id));
  return rows.map((row) => toEvidence(ctx, row));
}

// ---- the operators' side ----

/** the activity kinds of the central's looks (contract account.ts) */
type LookKind = Extract<ActivityKind, `operator_${string}`>;

/**
 * Records that the operator saw these customers: one line in each one's activity, however many of
 * their atenciones were shown, with the operator's name and not the operator's address or browser
 * (those are the central's, nothing the customer needs). `db` is the transaction that read what is
 * shown, so the answer goes out only if its look is recorded: a failed write fails the request
 * (decision 053).
 */
async function recordLooks(
  ctx: AppContext,
  db: DbOrTransaction,
  operatorId: number,
  kind: LookKind,
  customerIds: readonly number[],
): Promise<void> {
  const customers = [...new Set(customerIds)];
  if (customers.length === 0) return;
  const [viewer] = await db.select({ name: users.name }).from(users).where(eq(users.id, operatorId));
  await recordActivities(
    ctx,
    customers.map((userId) => ({ userId, kind, origin: noOrigin, detail: viewer?.name ?? null })),
    db,
  );
}

/**
 * Opens an atención for the customer with this e-mail, and records the look in the same transaction.
 * An unknown e-mail, or an operator's, is CUSTOMER_NOT_FOUND alike, and records nothing.
 */
export async function openAtencion(
  ctx: AppContext,
  operatorId: number,
  email: string,
): Promise<{ atencion: OperatorAtencion }> {
  const found = await findCustomerByEmail(ctx, email);
  if (!found) throw new AppError('CUSTOMER_NOT_FOUND');
  return ctx.db.transaction((tx) => openAtencionFor(ctx, tx, operatorId, found.id));
}

/**
 * Opens an atención for a customer the caller already knows (the central's event, decision 062), in
 * the caller's transaction, with its look recorded as any opening is.
 */
export async function openAtencionFor(
  ctx: AppContext,
  db: DbOrTransaction,
  operatorId: number,
  customerId: number,
): Promise<{ atencion: OperatorAtencion }> {
  const [row] = await db
    .insert(atenciones)
    .values({ userId: customerId, operatorId, startedAt: ctx.now() })
    .returning({ id: atenciones.id });
  await recordLooks(ctx, db, operatorId, 'operator_opened', [customerId]);
  return { atencion: toOperatorView((await findSummary(ctx, row!.id, db))!) };
}

/** An atención as the operators' list shows it (an event's linked one), or undefined. */
export async function findOperatorAtencion(ctx: AppContext, atencionId: number) {
  const row = await findSummary(ctx, atencionId);
  return row && toOperatorView(row);
}

/** The atención, which must still be open: notes and videos are added only to an open one. */
export async function requireOpenAtencion(ctx: AppContext, atencionId: number): Promise<void> {
  const [row] = await ctx.db
    .select({ endedAt: atenciones.endedAt })
    .from(atenciones)
    .where(eq(atenciones.id, atencionId))
    .limit(1);
  if (!row) throw notFound();
  if (row.endedAt) throw new AppError('ATENCION_CLOSED');
}

/** a note or a video, told to whoever keeps a record of the atención's work (the central's, decision 063) */
function recordWork(
  ctx: AppContext,
  tx: DbOrTransaction,
  work: { atencionId: number; operatorId: number; what: 'note' | 'video'; itemId: number },
): Promise<void> {
  return ctx.events.record(tx, 'atencionWorked', { ...work, at: ctx.now().toISOString() });
}

export async function addNote(
  ctx: AppContext,
  operatorId: number,
  input: { atencion_id: number; title: string; description: string },
): Promise<{ note: AtencionNote }> {
  await requireOpenAtencion(ctx, input.atencion_id);
  const [row] = await ctx.db.transaction(async (tx) => {
    const rows = await tx
      .insert(atencionNotes)
      .values({
        atencionId: input.atencion_id,
        title: input.title,
        description: input.description,
        createdBy: operatorId,
        createdAt: ctx.now(),
      })
      .returning();
    await recordWork(ctx, tx, {
      atencionId: input.atencion_id,
      operatorId,
      what: 'note',
      itemId: rows[0]!.id,
    });
    return rows;
  });
  deliverEventsSoon(ctx, 'atencionWorked');
  return {
    note: {
      id: row!.id,
      title: row!.title,
      description: row!.description,
      created_at: row!.createdAt.toISOString(),
    },
  };
}

/**
 * Records a video already stored under `storageKey`. The atención may have been closed while the
 * video was arriving: then the video is not attached, and the caller removes the file.
 */
export async function recordEvidence(
  ctx: AppContext,
  operatorId: number,
  atencionId: number,
  file: { storageKey: string; kind: VideoKind; size: number; sha256: string },
): Promise<{ evidence: AtencionEvidence }> {
  const inserted = await ctx.db.transaction(async (tx) => {
    // the row is locked so that a close cannot slip in between the check and the insert
    const [row] = await tx
      .select({ endedAt: atenciones.endedAt })
      .from(atenciones)
      .where(eq(atenciones.id, atencionId))
      .for('update');
    if (!row) throw notFound();
    if (row.endedAt) throw new AppError('ATENCION_CLOSED');
    const [evidence] = await tx
      .insert(atencionEvidence)
      .values({
        atencionId,
        storageKey: file.storageKey,
        contentType: file.kind.contentType,
        sizeBytes: file.size,
        sha256: file.sha256,
        createdBy: operatorId,
        createdAt: ctx.now(),
      })
      .returning();
    await recordWork(ctx, tx, { atencionId, operatorId, what: 'video', itemId: evidence!.id });
    return evidence!;
  });
  deliverEventsSoon(ctx, 'atencionWorked');
  return { evidence: toEvidence(ctx, inserted) };
}

/**
 * Closes an atención. Its answer leaves the customer out, so closing shows nothing of the customer and
 * is no look of its own, as adding a note or a video (answered with what the operator sent) is not
 * (decision 053); the panel closes an atención it shows through a recorded look.
 */
export async function closeAtencion(
  ctx: AppContext,
  operatorId: number,
  atencionId: number,
): Promise<{ atencion: AtencionSummary }> {
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ endedAt: atenciones.endedAt })
      .from(atenciones)
      .where(eq(atenciones.id, atencionId))
      .for('update');
    if (!row) throw notFound();
    // closing one already closed keeps who closed it first, and when
    if (!row.endedAt) {
      await tx
        .update(atenciones)
        .set({ endedAt: ctx.now(), closedBy: operatorId })
        .where(eq(atenciones.id, atencionId));
    }
  });
  return { atencion: toSummary((await findSummary(ctx, atencionId))!) };
}

/**
 * A page of the central's list, which shows each atención's customer (name and e-mail): every
 * customer on the page gets one look recorded, in the transaction that read the page.
 */
export async function listForOperators(
  ctx: AppContext,
  operatorId: number,
  paging: { limit: number; page: number },
): Promise<{ atenciones: OperatorAtencion[]; total_atenciones: number }> {
  return ctx.db.transaction(async (tx) => {
    const rows = await selectSummaries(tx)
      .orderBy(desc(atenciones.startedAt), desc(atenciones.id))
      .limit(paging.limit)
      .offset((paging.page - 1) * paging.limit);
    const [total] = await tx.select({ n: count() }).from(atenciones);
    await recordLooks(
      ctx,
      tx,
      operatorId,
      'operator_listed',
      rows.map((row) => row.userId),
    );
    return { atenciones: rows.map(toOperatorView), total_atenciones: total?.n ?? 0 };
  });
}

/**
 * One atención as an operator works on it, with its notes and videos: every look is recorded, in the
 * transaction that read it. An unknown id is NOT_FOUND and records nothing.
 */
export async function operatorDetail(
  ctx: AppContext,
  operatorId: number,
  atencionId: number,
): Promise<{ atencion: OperatorAtencionDetail }> {
  return ctx.db.transaction(async (tx) => {
    const row = await findSummary(ctx, atencionId, tx);
    if (!row) throw notFound();
    await recordLooks(ctx, tx, operatorId, 'operator_viewed', [row.userId]);
    return {
      atencion: {
        ...toOperatorView(row),
        notes: await notesOf(ctx, atencionId, tx),
        evidence: await evidenceOf(ctx, atencionId, tx),
      },
    };
  });
}

// ---- the customer's side ----

export async function listForCustomer(
  ctx: AppContext,
  userId: number,
  paging: { limit: number; page: number },
): Promise<{ atenciones: AtencionSummary[]; total_atenciones: number }> {
  const rows = await selectSummaries(ctx.db)
    .where(eq(atenciones.userId, userId))
    .orderBy(desc(atenciones.startedAt), desc(atenciones.id))
    .limit(paging.limit)
    .offset((paging.page - 1) * paging.limit);
  const [total] = await ctx.db.select({ n: count() }).from(atenciones).where(eq(atenciones.userId, userId));
  return { atenciones: rows.map(toSummary), total_atenciones: total?.n ?? 0 };
}

/** One of the customer's atenciones; another customer's is FORBIDDEN (docs/api.md), an unknown id NOT_FOUND. */
async function findOwnSummary(ctx: AppContext, userId: number, atencionId: number) {
  const row = await findSummary(ctx, atencionId);
  if (!row) throw notFound();
  if (row.userId !== userId) throw new AppError('FORBIDDEN', 'Esta atención no es de tu cuenta.');
  return row;
}

async function activeShare(ctx: AppContext, atencionId: number) {
  const [link] = await ctx.db
    .select({ expiresAt: atencionShareLinks.expiresAt })
    .from(atencionShareLinks)
    .where(
      and(
        eq(atencionShareLinks.atencionId, atencionId),
        isNull(atencionShareLinks.revokedAt),
        gt(atencionShareLinks.expiresAt, ctx.now()),
      ),
    )
    .orderBy(desc(atencionShareLinks.expiresAt))
    .limit(1);
  return link ? { expires_at: link.expiresAt.toISOString() } : null;
}

export async function customerDetail(
  ctx: AppContext,
  userId: number,
  atencionId: number,
): Promise<{ atencion: AtencionDetail }> {
  const row = await findOwnSummary(ctx, userId, atencionId);
  return {
    atencion: {
      ...toSummary(row),
      notes: await notesOf(ctx, atencionId),
      evidence: await evidenceOf(ctx, atencionId),
      share: await activeShare(ctx, atencionId),
    },
  };
}

export function evidencePageUrl(ctx: AppContext, token: string): string {
  return `${ctx.env.PUBLIC_URL}/evidencia/${token}`;
}

export async function shareEvidence(
  ctx: AppContext,
  userId: number,
  input: { atencion_id: number; hours: number },
): Promise<{ url: string; expires_at: string }> {
  await findOwnSummary(ctx, userId, input.atencion_id);
  const token = createToken();
  const now = ctx.now();
  const expiresAt = new Date(now.getTime() + input.hours * 60 * 60 * 1000);
  await ctx.db.insert(atencionShareLinks).values({
    atencionId: input.atencion_id,
    tokenHash: hashToken(token),
    createdBy: userId,
    createdAt: now,
    expiresAt,
  });
  return { url: evidencePageUrl(ctx, token), expires_at: expiresAt.toISOString() };
}

export async function revokeShare(
  ctx: AppContext,
  userId: number,
  atencionId: number,
): Promise<{ code: 200 }> {
  await findOwnSummary(ctx, userId, atencionId);
  await ctx.db
    .update(atencionShareLinks)
    .set({ revokedAt: ctx.now(), revokedBy: userId })
    .where(and(eq(atencionShareLinks.atencionId, atencionId), isNull(atencionShareLinks.revokedAt)));
  return { code: 200 };
}

/** The shared page's data; its videos are signed short-lived links like everywhere else. */
export async function publicEvidence(ctx: AppContext, token: string): Promise<PublicEvidence> {
  if (!/^[\w-]{1,100}$/.test(token)) throw notFound();
  const [link] = await ctx.db
    .select()
    .from(atencionShareLinks)
    .where(eq(atencionShareLinks.tokenHash, hashToken(token)))
    .limit(1);
  if (!link) throw notFound();
  if (link.revokedAt || link.expiresAt <= ctx.now()) throw new AppError('EVIDENCE_LINK_EXPIRED');
  const row = (await findSummary(ctx, link.atencionId))!;
  return {
    customer: { name: row.customerName },
    admin: { name: row.adminName },
    start: row.startedAt.toISOString(),
    end: row.endedAt?.toISOString() ?? null,
    notes: await notesOf(ctx, link.atencionId),
    evidence: await evidenceOf(ctx, link.atencionId),
    expires_at: link.expiresAt.toISOString(),
  };
}
