import type { ReactNode } from 'react';

/**
 * The sign-in pages' submit button (plain markup, as those pages are: they load before MUI): while
 * the call is under way it is disabled, `aria-busy`, with a spinner before its label.
 */
export function AuthSubmitButton({
  isPending,
  isDisabled = false,
  children,
}: {
  isPending: boolean;
  /** disabled for another reason too (Login: while the form is invalid) */
  isDisabled?: boolean;
  children: ReactNode;
}) {
  return (
    <button
      type="submit"
      className="auth-button is-contained"
      disabled={isDisabled || isPending}
      aria-busy={isPending || undefined}
    >
      {isPending ? <span className="spinner" aria-hidden="true" /> : null}
      {children}
    </button>
  );
}
