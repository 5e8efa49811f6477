import { useState } from 'react';

/**
 * The state of Login's and Register's plain forms (docs/decisions/016): values, and each field's
 * message once the person has left it or tried to submit (spec 5), following what they type from then
 * on. `fieldProps(field)` is what a PlainField of that field takes.
 */
export function usePlainForm<F extends string>(validate: Record<F, (value: string) => string | undefined>) {
  const fields = Object.keys(validate) as F[];
  const blank = <T>(value: T) => Object.fromEntries(fields.map((field) => [field, value])) as Record<F, T>;
  const [values, setValues] = useState(() => blank(''));
  const [touched, setTouched] = useState(() => blank(false));
  const [isSubmitted, setIsSubmitted] = useState(false);

  const visibleError = (field: F) =>
    touched[field] || isSubmitted ? validate[field](values[field]) : undefined;
  const fieldProps = (field: F) => ({
    name: field,
    value: values[field],
    error: visibleError(field),
    onChange: (event: { target: { value: string } }) =>
      setValues((current) => ({ ...current, [field]: event.target.value })),
    onBlur: () => setTouched((current) => ({ ...current, [field]: true })),
  });
  /** the first field whose value is refused, in the order of `validate`; undefined when all pass */
  const firstInvalid = fields.find((field) => validate[field](values[field]) !== undefined);

  return { values, fieldProps, firstInvalid, submit: () => setIsSubmitted(true) };
}
