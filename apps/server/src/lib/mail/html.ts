/** Text placed in an e-mail's HTML part: names and links typed by people must stay text. */
export const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/**
 * An e-mail's first line. A name is given only where the caller knows it reaches its own person: the
 * recipient's address is verified and the name is the one they keep on their account (decision 050).
 * Anyone can type any name beside anyone's address at sign-up, or as an invitation's guest, and an
 * e-mail must not carry those words to a stranger's mailbox.
 */
export function greeting(name: string | null | undefined): { text: string; html: string } {
  return name
    ? { text: `Hola ${name}:`, html: `<p>Hola ${escapeHtml(name)}:</p>` }
    : { text: 'Hola:', html: '<p>Hola:</p>' };
}
