import Stack from '@mui/material/Stack';
import { useId } from 'react';
import { useController, useForm, useWatch } from 'react-hook-form';
import { isApiRequestError } from '../lib/api-client.ts';
import { muiControlledField, showServerFieldErrors } from '../lib/forms.ts';
import { useUser } from '../lib/session/user-details.ts';
import { FormField } from './form-field.tsx';
import { PasswordField } from './password-field.tsx';
import { componentsTexts as t } from './texts.ts';

/**
 * The password typed again before something only the owner may do (the server's checkPasswordAgain):
 * a wipe, removing a phone, the data export, closing the account, turning two-step sign-in on or off.
 * With two-step sign-in on, the app's 6 digits or a recovery code too (decision 035). One form for all
 * of them: usePasswordAgainForm holds it, PasswordAgainFields draws its fields inside the caller's
 * dialog, which keeps its own texts, notices and buttons.
 */

/** What a confirmation sends: the password as typed, and the code trimmed when it is asked. */
export interface PasswordAgain {
  password: string;
  code?: string;
}

interface PasswordAgainValues {
  password: string;
  code: string;
}

/** Whether the signed-in account has two-step sign-in on, so that a confirmation asks a code too. */
export function useNeedsSecondStep(): boolean {
  return useUser().data?.two_factor_enabled ?? false;
}

export function usePasswordAgainForm({
  asksCode,
  isPending,
  showsRefusalOnFields = true,
  onSubmit,
}: {
  /** the code field is shown and required (with two-step sign-in on, or to turn it off) */
  asksCode: boolean;
  /** a confirmation under way: pressing again (or Enter) sends nothing */
  isPending: boolean;
  /**
   * a refusal that names the password or the code (`fields` of the server's error) is shown on that
   * field; false where the caller shows every refusal above the fields
   */
  showsRefusalOnFields?: boolean;
  /** sends the confirmation; what it throws is the server's refusal */
  onSubmit: (values: PasswordAgain) => Promise<unknown>;
}) {
  // messages appear once sending was tried (an empty field is said then, and nothing is sent), and
  // follow what is typed from then on; the focus stays where the person put it
  const form = useForm<PasswordAgainValues>({
    defaultValues: { password: '', code: '' },
    shouldFocusError: false,
  });
  const [password, code] = useWatch({ control: form.control, name: ['password', 'code'] });

  const submit = form.handleSubmit(async (values) => {
    if (isPending) return;
    let refusal: unknown = null;
    try {
      await onSubmit(
        asksCode ? { password: values.password, code: values.code.trim() } : { password: values.password },
      );
    } catch (error) {
      // the server's refusal is the caller's mutation's error too, which it shows; anything else is a bug
      if (!isApiRequestError(error)) throw error;
      refusal = error;
    }
    // a code works once: whatever the answer, the next try needs a fresh one, which is not missing yet
    form.resetField('code');
    if (refusal && showsRefusalOnFields) showServerFieldErrors(refusal, values, form.setError);
  });

  return {
    form,
    asksCode,
    submit,
    /** both fields hold something (the wipe's button waits for it) */
    isFilled: password !== '' && (!asksCode || code.trim() !== ''),
    /** whether a refusal is shown on the fields, so the caller does not repeat it above them */
    isOnFields: (error: unknown) =>
      showsRefusalOnFields &&
      isApiRequestError(error) &&
      Boolean(error.fields?.password || (asksCode && error.fields?.code)),
    /** empty fields and no messages, as when the dialog first opened */
    reset: () => form.reset(),
  };
}

export type PasswordAgainForm = ReturnType<typeof usePasswordAgainForm>;

/** The texts of one place; the code's are two-step sign-in's own unless given. */
export interface PasswordAgainTexts {
  passwordLabel: string;
  /** under the password until a message takes its place */
  passwordHelp?: string | undefined;
  /** said when sending was tried with the password empty */
  passwordRequired: string;
  codeLabel?: string;
  /** null: nothing under the code (turning two-step sign-in off says it in the dialog's text) */
  codeHelp?: string | null;
  codeRequired?: string;
}

/** The password field, and under it the code field when the form asks it. */
export function PasswordAgainFields({
  form: { form, asksCode },
  texts,
  autoFocus = false,
}: {
  form: PasswordAgainForm;
  texts: PasswordAgainTexts;
  autoFocus?: boolean;
}) {
  const passwordId = useId();
  // controlled: the form empties its fields after a try, and MUI's label must come down then
  const password = useController({
    control: form.control,
    name: 'password',
    rules: { validate: (value) => value !== '' || texts.passwordRequired },
  });
  return (
    <Stack spacing={2}>
      <PasswordField
        {...muiControlledField(password.field)}
        id={passwordId}
        label={texts.passwordLabel}
        autoComplete="current-password"
        autoFocus={autoFocus}
        required
        error={Boolean(password.fieldState.error)}
        helperText={password.fieldState.error?.message ?? texts.passwordHelp}
      />
      {asksCode ? <CodeField form={form} texts={texts} /> : null}
    </Stack>
  );
}

/** The app's 6 digits or a recovery code: a component of its own, as it is there only when asked. */
function CodeField({ form, texts }: { form: PasswordAgainForm['form']; texts: PasswordAgainTexts }) {
  const codeId = useId();
  const code = useController({
    control: form.control,
    name: 'code',
    rules: {
      validate: (value) => value.trim() !== '' || (texts.codeRequired ?? t.secondStepCodeRequired),
    },
  });
  return (
    <FormField
      {...muiControlledField(code.field)}
      id={codeId}
      label={texts.codeLabel ?? t.secondStepCodeLabel}
      autoComplete="one-time-code"
      required
      error={Boolean(code.fieldState.error)}
      helperText={
        code.fieldState.error?.message ??
        (texts.codeHelp === undefined ? t.secondStepCodeHelp : texts.codeHelp)
      }
      inputProps={{ maxLength: 32, spellCheck: false, autoCapitalize: 'off' }}
    />
  );
}
