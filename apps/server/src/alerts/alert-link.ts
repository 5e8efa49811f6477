import type { AppContext } from '../lib/context.ts';

/** The link's token: an HMAC of the row's random nonce, so the owner's panel can show it again. */
export function linkTokenOf(ctx: AppContext, nonce: string): string {
  return Buffer.from(ctx.alertLinkSigner.sign(nonce), 'hex').toString('base64url');
}

/** The open alert page's address, as the network's e-mails and panels give it. */
export function alertUrl(ctx: AppContext, nonce: string): string {
  return `${ctx.env.PUBLIC_URL}/alerta/${linkTokenOf(ctx, nonce)}`;
}
