/**
 * The open alert page's links: one per person per alert (decision 039), so that
 * removing a member from the network ends that member's link at once while the others keep working.
 *
 * A token is base64url(alert id ‖ holder's user id ‖ HMAC(alert's nonce, holder)), 54 characters.
 * Nothing is stored per link: the token is derived again wherever it is shown (the member's e-mail and
 * panel, the owner's banner), and the page finds the alert by its id, checks the HMAC in constant time
 * and then that the holder is still the owner or an accepted member. Neither a copy of the table (no
 * key) nor the secret alone (no nonce) makes a working link.
 */
import type { AppContext } from '../../lib/context.ts';

/** PostgreSQL's `integer`: ids past it are no alert's, and must not reach a query */
const MAX_ID = 2 ** 31 - 1;
const ID_BYTES = 4;
const HMAC_BYTES = 32;
const TOKEN_BYTES = 2 * ID_BYTES + HMAC_BYTES;

const signedData = (nonce: string, holderUserId: number) => `${nonce}:${holderUserId}`;

/** The token of `holderUserId`'s link to the alert (`alertId`, whose row holds `nonce`). */
export function linkTokenOf(ctx: AppContext, alert: { id: number; linkNonce: string }, holderUserId: number) {
  const token = Buffer.alloc(TOKEN_BYTES);
  token.writeUInt32BE(alert.id, 0);
  token.writeUInt32BE(holderUserId, ID_BYTES);
  Buffer.from(ctx.alertLinkSigner.sign(signedData(alert.linkNonce, holderUserId)), 'hex').copy(
    token,
    2 * ID_BYTES,
  );
  return token.toString('base64url');
}

/** `holderUserId`'s address of the open alert page, as their e-mail and panel give it. */
export function alertUrl(ctx: AppContext, alert: { id: number; linkNonce: string }, holderUserId: number) {
  return `${ctx.env.PUBLIC_URL}/alerta/${linkTokenOf(ctx, alert, holderUserId)}`;
}

export interface ParsedLinkToken {
  alertId: number;
  holderUserId: number;
  /** the HMAC the token carries: checked against the alert's nonce by `isGenuineLink` */
  signature: string;
}

/** what a link token looks like; anything else is unknown without a query */
const LINK_TOKEN_PATTERN = /^[\w-]{54}$/;

/** The ids a token names, or null for anything that is not a token of ours in its one spelling. */
export function parseLinkToken(token: string): ParsedLinkToken | null {
  if (!LINK_TOKEN_PATTERN.test(token)) return null;
  const bytes = Buffer.from(token, 'base64url');
  // base64url has several spellings of the last bits: only the canonical one is ours
  if (bytes.length !== TOKEN_BYTES || bytes.toString('base64url') !== token) return null;
  const alertId = bytes.readUInt32BE(0);
  const holderUserId = bytes.readUInt32BE(ID_BYTES);
  if (alertId < 1 || alertId > MAX_ID || holderUserId < 1 || holderUserId > MAX_ID) return null;
  return { alertId, holderUserId, signature: bytes.subarray(2 * ID_BYTES).toString('hex') };
}

/** Whether the token was made by this server for this alert and holder (constant time). */
export function isGenuineLink(ctx: AppContext, parsed: ParsedLinkToken, linkNonce: string): boolean {
  return ctx.alertLinkSigner.verify(signedData(linkNonce, parsed.holderUserId), parsed.signature);
}
