import type { UseFormRegisterReturn } from 'react-hook-form';

/**
 * react-hook-form registers the native input; MUI's TextField puts `ref` on its wrapper and gives the
 * input through `inputRef`, so the registration is re-shaped here once instead of at every field.
 */
export function muiField<TName extends string>(registration: UseFormRegisterReturn<TName>) {
  const { ref, ...rest } = registration;
  return { ...rest, inputRef: ref };
}
