/**
 * A signed file link with every digit of its signature changed: always a forgery. (Writing a fixed
 * value over the signature's start is not one when the real signature starts the same way, as one in
 * sixteen did for a single digit.)
 */
export function forgeSignature(url: string): string {
  return url.replace(/signature=([0-9a-f]+)/, (_: string, hex: string) => {
    const forged = [...hex].map((digit) => ((parseInt(digit, 16) + 1) % 16).toString(16)).join('');
    return `signature=${forged}`;
  });
}
