/**
 * The download link of a data export (decision 037):
 * `/api/account/export/download/<id>?expires=<unix s>&signature=<hex>`. The signature (its own key,
 * ctx.exportLinkSigner) covers the export and the expiry, which is the export's own (`expiresAt`, 24 h
 * after it was ready), so a link cannot be bent to another export or kept alive; nothing of it is
 * stored. Relative, like the file links; the e-mail puts PUBLIC_URL in front.
 */
import type { AppContext } from '../../lib/context.ts';

export const DATA_EXPORT_DOWNLOAD_PREFIX = '/api/account/export/download/';
/** the panel's page a browser is sent to when the link no longer works (apps/web/src/app/router.tsx) */
export const DATA_EXPORT_LINK_ENDED_PATH = '/descarga-vencida';

const payloadOf = (exportId: number, expires: number) => `data-export\n${exportId}\n${expires}`;

/** the expiry a link carries: the export's, in whole seconds */
export const linkExpiryOf = (expiresAt: Date) => Math.floor(expiresAt.getTime() / 1000);

export function createDataExportLink(ctx: AppContext, exportId: number, expiresAt: Date): string {
  const expires = linkExpiryOf(expiresAt);
  const signature = ctx.exportLinkSigner.sign(payloadOf(exportId, expires));
  return `${DATA_EXPORT_DOWNLOAD_PREFIX}${exportId}?expires=${expires}&signature=${signature}`;
}

/** whether the link's signature holds for this export and expiry, and the expiry is still ahead */
export function isDataExportLinkValid(
  ctx: AppContext,
  exportId: number,
  expires: number,
  signature: string,
): boolean {
  return (
    expires * 1000 > ctx.now().getTime() &&
    ctx.exportLinkSigner.verify(payloadOf(exportId, expires), signature)
  );
}
