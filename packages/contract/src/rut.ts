/**
 * The Chilean RUT (Rol Único Tributario): a body of up to 8 digits and a check digit (0-9 or K),
 * computed with modulo 11. The panel shows it formatted as the person types (12.345.678-5) and sends
 * it clean (123456785); the server checks the digit again, trusting no client. Zod-free: the panel's profile
 * form uses these on every keystroke.
 */

/** The RUT without dots, dash or spaces, upper-case K: `12.345.678-k` → `12345678K`. */
export function cleanRut(value: string): string {
  return value.replace(/[^0-9kK]/g, '').toUpperCase();
}

/** The check digit of a RUT body (digits only): '0'–'9' or 'K'. */
export function rutCheckDigit(body: string): string {
  let sum = 0;
  let factor = 2;
  for (let i = body.length - 1; i >= 0; i -= 1) {
    sum += Number(body[i]) * factor;
    factor = factor === 7 ? 2 : factor + 1;
  }
  const digit = 11 - (sum % 11);
  if (digit === 11) return '0';
  if (digit === 10) return 'K';
  return String(digit);
}

/** Whether a clean or formatted RUT has a valid body (1–8 digits, no leading zero) and check digit. */
export function isValidRut(value: string): boolean {
  const rut = cleanRut(value);
  const match = /^([1-9]\d{0,7})([0-9K])$/.exec(rut);
  return match !== null && rutCheckDigit(match[1]!) === match[2];
}

/**
 * The RUT as a person reads it, for any partial input while typing: `123456785` → `12.345.678-5`,
 * `1234` → `123-4`. Whatever is not a digit or K is dropped; the last character is the check digit.
 */
export function formatRut(value: string): string {
  const rut = cleanRut(value).slice(0, 9);
  if (rut.length <= 1) return rut;
  const body = rut.slice(0, -1).replace(/\D/g, '');
  const dv = rut.slice(-1);
  const dotted = body.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${dotted}-${dv}`;
}
