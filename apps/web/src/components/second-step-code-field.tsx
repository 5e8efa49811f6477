import { useId } from 'react';
import { FormField } from './form-field.tsx';
import { componentsTexts as t } from './texts.ts';

export { useNeedsSecondStep } from './password-again.tsx';

/**
 * The code a confirmation asks for beside the password when two-step sign-in is on (decision 035):
 * the app's 6 digits or a recovery code. A code works once, so the caller clears it after each try.
 * Shared by 'Seguridad y privacidad' (export, closing the account) and removing a phone.
 */
export function SecondStepCodeField({
  value,
  onChange,
  isMissing,
}: {
  value: string;
  onChange: (code: string) => void;
  isMissing: boolean;
}) {
  const id = useId();
  return (
    <FormField
      id={id}
      label={t.secondStepCodeLabel}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      autoComplete="one-time-code"
      required
      error={isMissing}
      helperText={isMissing ? t.secondStepCodeRequired : t.secondStepCodeHelp}
      inputProps={{ maxLength: 32, spellCheck: false, autoCapitalize: 'off' }}
    />
  );
}
