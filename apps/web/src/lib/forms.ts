import { useEffect, useState } from 'react';
import type {
  ControllerRenderProps,
  FieldValues,
  Path,
  UseFormRegisterReturn,
  UseFormSetError,
} from 'react-hook-form';
import { SNACKBAR_MS } from '@escudo/contract/browser';
import { isApiRequestError } from './api-client.ts';

/**
 * react-hook-form registers the native input; MUI's TextField puts `ref` on its wrapper and gives the
 * input through `inputRef`, so the registration is re-shaped here once instead of at every field.
 */
export function muiField<TName extends string>(registration: UseFormRegisterReturn<TName>) {
  const { ref, ...rest } = registration;
  return { ...rest, inputRef: ref };
}

/**
 * A Controller's field, re-shaped for MUI's inputs as `muiField` does. For a field the form empties by
 * itself (reset after sending): MUI tells an uncontrolled input is filled only from its own change
 * events, so a registered one emptied by react-hook-form keeps its label raised over nothing.
 */
export function muiControlledField<T extends FieldValues, TName extends Path<T>>(
  field: ControllerRenderProps<T, TName>,
): Omit<ControllerRenderProps<T, TName>, 'ref'> & { inputRef: ControllerRenderProps<T, TName>['ref'] } {
  const { ref, ...rest } = field;
  return { ...rest, inputRef: ref };
}

/** What a form says after saving: success or failure, in a line under its fields. */
export interface FormNotice {
  severity: 'success' | 'error';
  text: string;
}

/** A form's notice, which goes by itself after SNACKBAR_MS (spec 4: the result shows for 4 s). */
export function useFormNotice(): [FormNotice | null, (notice: FormNotice | null) => void] {
  const [notice, setNotice] = useState<FormNotice | null>(null);
  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(null), SNACKBAR_MS);
    return () => clearTimeout(timer);
  }, [notice]);
  return [notice, setNotice];
}

/** The fields a refusal of the server names (400 with `fields`), shown on the form's fields of those names. */
export function showServerFieldErrors<T extends FieldValues>(
  error: unknown,
  values: T,
  setError: UseFormSetError<T>,
): void {
  if (!isApiRequestError(error) || !error.fields) return;
  for (const [field, message] of Object.entries(error.fields)) {
    if (field in values) setError(field as Path<T>, { message });
  }
}
