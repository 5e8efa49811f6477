import { z } from 'zod';

/**
 * An e-mail field of a form: trimmed, required and well-formed, each with the message its screen uses
 * (Login and Register word them differently in spec 5).
 */
export function emailField(requiredMessage: string, invalidMessage: string) {
  return z.string().trim().min(1, requiredMessage).pipe(z.email(invalidMessage));
}
