import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { muiField } from '../lib/forms.ts';
import { PasswordField } from './password-field.tsx';
import { componentsTexts as t } from './texts.ts';

// spec 5 (the reset): both required; a confirmation that differs gets the mismatch message
const newPasswordSchema = z
  .object({
    password: z.string().min(1, t.passwordRequired),
    password_confirmation: z.string().min(1, t.passwordRequired),
  })
  .refine((form) => form.password_confirmation === '' || form.password === form.password_confirmation, {
    path: ['password_confirmation'],
    message: t.passwordsDoNotMatch,
  });
export type NewPassword = z.output<typeof newPasswordSchema>;

/**
 * A new password typed twice: the reset page's, the verification page's and a reclaimed account's
 * review (decision 050). Sending empty or different ones says so above the fields, as spec 5 asks of
 * the reset; the caller sends it and tells what failed in `failure`.
 */
export function NewPasswordForm({
  email,
  intro,
  failure,
  submitLabel,
  isPending,
  idPrefix,
  onSubmit,
}: {
  /** the account's e-mail, for password managers to store the new password with it */
  email: string;
  intro?: ReactNode;
  failure?: ReactNode;
  submitLabel: string;
  isPending: boolean;
  /** the fields' ids, unique on the page */
  idPrefix: string;
  onSubmit: (values: NewPassword) => void;
}) {
  const [showsMismatch, setShowsMismatch] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<z.input<typeof newPasswordSchema>, unknown, NewPassword>({
    resolver: zodResolver(newPasswordSchema),
    mode: 'onTouched',
    defaultValues: { password: '', password_confirmation: '' },
  });
  const submit = handleSubmit(
    (values) => {
      setShowsMismatch(false);
      onSubmit(values);
    },
    () => setShowsMismatch(true),
  );

  return (
    <Box component="form" onSubmit={submit} noValidate>
      <Stack spacing={2.5}>
        {intro}
        {showsMismatch ? <Alert severity="warning">{t.passwordsDoNotMatch}</Alert> : null}
        {failure}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <PasswordField
          {...muiField(register('password'))}
          id={`${idPrefix}-password`}
          label={t.newPasswordLabel}
          autoComplete="new-password"
          error={Boolean(errors.password)}
          helperText={errors.password?.message ?? t.passwordHint}
        />
        <PasswordField
          {...muiField(register('password_confirmation'))}
          id={`${idPrefix}-password-confirmation`}
          label={t.confirmPasswordLabel}
          autoComplete="new-password"
          error={Boolean(errors.password_confirmation)}
          helperText={errors.password_confirmation?.message}
        />
        <Button type="submit" variant="contained" size="large" loading={isPending}>
          {submitLabel}
        </Button>
      </Stack>
    </Box>
  );
}
