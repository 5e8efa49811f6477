/** Text placed in an e-mail's HTML part: names and links typed by people must stay text. */
export const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/**
 * An e-mail's first line. A name is given only where the caller knows it reaches its own person: the
 * recipient's address is verified (decision 050), and the name is the one they keep on their account
 * (in an invitation to a verified address, the one the inviter typed for them). Anyone can type any
 * name beside anyone's address at sign-up, or as an invitation's guest, and an e-mail must not carry
 * those words to a stranger's mailbox.
 */
export function greeting(name: string | null | undefined): { text: string; html: string } {
  return name
    ? { text: `Hola ${name}:`, html: `<p>Hola ${escapeHtml(name)}:</p>` }
    : { text: 'Hola:', html: '<p>Hola:</p>' };
}

/** Someone an e-mail is about besides its recipient: their account's name and address, as now. */
export interface MailThirdParty {
  name: string;
  email: string;
  /** the account's address is verified (`users.email_verified_at` set) */
  isEmailVerified: boolean;
}

/**
 * How an e-mail calls someone other than its recipient (decision 050). A verified recipient reads
 * their name. An unverified one reads no name anyone typed: their address when it is verified (its
 * owner proved it), or else `unnamed`, the neutral words the e-mail puts in that place ("Una
 * persona"); the page the e-mail links to shows the rest.
 */
export function thirdPartyLabel(
  party: MailThirdParty,
  isRecipientVerified: boolean,
  unnamed: string,
): string {
  if (isRecipientVerified) return party.name;
  return party.isEmailVerified ? party.email : unnamed;
}
