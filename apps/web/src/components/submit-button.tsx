import Button, { type ButtonProps } from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import type { ReactNode } from 'react';

/**
 * A dialog's submit button while its call is under way: disabled, `aria-busy`, a spinner before its
 * label, so a second press cannot send it twice (rename and remove a phone, close the account).
 */
export function SubmitButton({
  isPending,
  color,
  children,
}: {
  isPending: boolean;
  color?: ButtonProps['color'];
  children: ReactNode;
}) {
  return (
    <Button
      type="submit"
      variant="contained"
      color={color}
      disabled={isPending}
      aria-busy={isPending || undefined}
      startIcon={isPending ? <CircularProgress size={18} color="inherit" /> : undefined}
    >
      {children}
    </Button>
  );
}
