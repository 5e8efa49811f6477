import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '@escudo/contract/browser';
import { PasswordField } from '../../../components/password-field.tsx';
import { describeErrorDetails, isApiRequestError } from '../../../lib/api-client.ts';
import { fillText } from '../../../lib/format.ts';
import { muiField } from '../../../lib/forms.ts';
import { useChangePassword } from '../api/change-password.ts';
import { securityTexts as t } from '../texts.ts';
import { SecuritySection } from './security-section.tsx';

const min = { min: PASSWORD_MIN_LENGTH };
const changePasswordSchema = z
  .object({
    current_password: z.string().min(1, t.fieldRequired),
    password: z.string().min(1, t.fieldRequired).min(PASSWORD_MIN_LENGTH, fillText(t.passwordTooShort, min)),
    repeat: z.string().min(1, t.fieldRequired),
  })
  .refine((values) => values.password === values.repeat, { path: ['repeat'], message: t.passwordsDiffer });
type ChangePasswordForm = z.input<typeof changePasswordSchema>;

/**
 * The password changed from inside the account (decision 036): the current one, the new one twice.
 * The server ends every other session, which the success message says.
 */
export function ChangePasswordSection() {
  const change = useChangePassword();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<ChangePasswordForm>({
    resolver: zodResolver(changePasswordSchema),
    mode: 'onTouched',
    defaultValues: { current_password: '', password: '', repeat: '' },
  });

  const onSubmit = handleSubmit(({ current_password, password }) => {
    change.mutate(
      { current_password, password },
      {
        onSuccess: () => reset(),
        onError: (error) => {
          // a message about one field goes under it; the rest above the form
          const fields = isApiRequestError(error) ? (error.fields ?? {}) : {};
          for (const name of ['current_password', 'password'] as const) {
            if (fields[name]) setError(name, { message: fields[name] });
          }
        },
      },
    );
  });
  const hasFieldErrors = isApiRequestError(change.error) && change.error.fields !== undefined;

  return (
    <SecuritySection title={t.changePasswordTitle} description={t.changePasswordDescription}>
      <Box component="form" onSubmit={onSubmit} noValidate aria-label={t.changePasswordTitle}>
        <Stack spacing={2} sx={{ maxWidth: 480 }}>
          {change.isSuccess ? <Alert severity="success">{t.passwordChanged}</Alert> : null}
          {change.isError && !hasFieldErrors ? (
            <Alert severity="error">{describeErrorDetails(change.error).join(' ')}</Alert>
          ) : null}
          <PasswordField
            {...muiField(register('current_password'))}
            id="change-password-current"
            label={t.currentPasswordLabel}
            autoComplete="current-password"
            error={Boolean(errors.current_password)}
            helperText={errors.current_password?.message}
          />
          <PasswordField
            {...muiField(register('password'))}
            id="change-password-new"
            label={t.newPasswordLabel}
            autoComplete="new-password"
            error={Boolean(errors.password)}
            helperText={errors.password?.message ?? fillText(t.newPasswordHint, min)}
          />
          <PasswordField
            {...muiField(register('repeat'))}
            id="change-password-repeat"
            label={t.repeatPasswordLabel}
            autoComplete="new-password"
            error={Boolean(errors.repeat)}
            helperText={errors.repeat?.message}
          />
          <Button
            type="submit"
            variant="contained"
            loading={change.isPending}
            sx={{ alignSelf: { sm: 'flex-start' } }}
          >
            {t.changePassword}
          </Button>
        </Stack>
      </Box>
    </SecuritySection>
  );
}
