/** An export asked for is made by the outbox's delivery of its event (decisions 037, 055). */
import type { AppContext } from '../../lib/context.ts';
import { makeRequestedExport } from './export.service.ts';

export function subscribeExportToRequests(ctx: AppContext): void {
  ctx.events.on('dataExportRequested', 'export', ({ exportId }, { isLastTry }) =>
    makeRequestedExport(ctx, exportId, { isLastTry }),
  );
}
