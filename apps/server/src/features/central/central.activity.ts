/**
 * The central's steps in the customer's activity (decision 062): an operator took one of their
 * events, read it to handle it, or closed it, with the operator's name and the event's kind.
 */
import { CENTRAL_KIND_LABELS, type CentralEventKind } from '@escudo/contract';
import type { AppContext } from '../../lib/context.ts';
import type { DbOrTransaction } from '../../lib/db/client.ts';
import { recordActivity } from '../activity/activity.service.ts';

/** A line in the customer's activity about one of their events: who at the central, and what kind. */
export function recordCentralActivity(
  ctx: AppContext,
  db: DbOrTransaction,
  event: { userId: number; kind: CentralEventKind },
  kind: 'central_claimed' | 'central_viewed' | 'central_closed',
  operatorName: string,
): Promise<void> {
  const detail = `${operatorName} · ${CENTRAL_KIND_LABELS[event.kind]}`;
  // the central's own address and browser are nothing the customer needs (decision 053)
  return recordActivity(
    ctx,
    { userId: event.userId, kind, origin: { address: null, browser: null }, detail },
    db,
  );
}
