import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import { isApiRequestError } from '../../../lib/api-client.ts';
import { fillText } from '../../../lib/format.ts';
import { muiField } from '../../../lib/forms.ts';
import { useFindResetToken } from '../api/find-reset-token.ts';
import { useResetPass } from '../api/reset-pass.ts';
import { AuthLayout } from '../components/auth-layout.tsx';
import { PasswordField } from '../../../components/password-field.tsx';
import { authTexts } from '../texts.ts';

/** spec 8: after a successful reset the page goes to Login by itself after this delay */
const GO_TO_LOGIN_AFTER_MS = 3_000;

// spec 5: both required; a confirmation that differs gets the mismatch message
const resetFormSchema = z
  .object({
    password: z.string().min(1, authTexts.passwordRequired),
    password_confirmation: z.string().min(1, authTexts.passwordRequired),
  })
  .refine((form) => form.password_confirmation === '' || form.password === form.password_confirmation, {
    path: ['password_confirmation'],
    message: authTexts.passwordsDoNotMatch,
  });
type ResetForm = z.input<typeof resetFormSchema>;

export function ResetPasswordPage() {
  const { token = '' } = useParams();
  const tokenQuery = useFindResetToken(token);

  return (
    <AuthLayout title={authTexts.resetTitle}>
      {tokenQuery.isPending ? (
        <Stack spacing={2.5} aria-busy="true">
          <Skeleton variant="text" width="80%" />
          <Skeleton variant="rounded" height={56} />
          <Skeleton variant="rounded" height={56} />
          <Skeleton variant="rounded" height={42} />
        </Stack>
      ) : tokenQuery.isError ? (
        <Stack spacing={2.5}>
          <Alert severity="error">
            {isApiRequestError(tokenQuery.error) ? tokenQuery.error.message : authTexts.unexpectedError}
          </Alert>
          <Link component={RouterLink} to="/login">
            {authTexts.goToLogin}
          </Link>
        </Stack>
      ) : (
        <ResetPasswordForm email={tokenQuery.data.email} token={token} />
      )}
    </AuthLayout>
  );
}

function ResetPasswordForm({ email, token }: { email: string; token: string }) {
  const navigate = useNavigate();
  const resetMutation = useResetPass();
  const [showsMismatch, setShowsMismatch] = useState(false);

  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ResetForm, unknown, z.output<typeof resetFormSchema>>({
    resolver: zodResolver(resetFormSchema),
    mode: 'onTouched',
    defaultValues: { password: '', password_confirmation: '' },
  });

  const onSubmit = handleSubmit(
    (values) => {
      setShowsMismatch(false);
      resetMutation.mutate({ ...values, email, token });
    },
    // spec 5: "if empty or different" the form as a whole says the passwords do not match
    () => setShowsMismatch(true),
  );

  const isDone = resetMutation.isSuccess;
  useEffect(() => {
    if (!isDone) return;
    const timer = window.setTimeout(() => navigate('/login', { replace: true }), GO_TO_LOGIN_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [isDone, navigate]);

  if (isDone) {
    return (
      <Stack spacing={2.5}>
        <Alert severity="success" role="status">
          {authTexts.resetSuccess}
        </Alert>
        <Button component={RouterLink} to="/login" replace variant="contained">
          {authTexts.goToLogin}
        </Button>
      </Stack>
    );
  }

  const serverDetails = resetMutation.isError ? describeResetFailure(resetMutation.error) : [];

  return (
    <Box component="form" onSubmit={onSubmit} noValidate>
      <Stack spacing={2.5}>
        <Typography color="text.secondary">{fillText(authTexts.resetFor, { email })}</Typography>
        {showsMismatch ? <Alert severity="warning">{authTexts.passwordsDoNotMatch}</Alert> : null}
        {resetMutation.isError ? (
          <Alert severity="error">
            {authTexts.resetFailure}
            {serverDetails.map((detail) => (
              <Box key={detail} component="span" sx={{ display: 'block', mt: 0.5 }}>
                {detail}
              </Box>
            ))}
          </Alert>
        ) : null}
        {/* lets password managers store the new password with the right account */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <PasswordField
          {...muiField(register('password'))}
          id="reset-password"
          label={authTexts.newPasswordLabel}
          autoComplete="new-password"
          error={Boolean(errors.password)}
          helperText={errors.password?.message}
        />
        <PasswordField
          {...muiField(register('password_confirmation'))}
          id="reset-password-confirmation"
          label={authTexts.confirmPasswordLabel}
          autoComplete="new-password"
          error={Boolean(errors.password_confirmation)}
          helperText={errors.password_confirmation?.message}
        />
        <Button type="submit" variant="contained" size="large" loading={resetMutation.isPending}>
          {authTexts.resetSubmit}
        </Button>
      </Stack>
    </Box>
  );
}

/**
 * What the server said beyond the general failure text: its per-field messages (e.g. a password that
 * is too short), or its message for a refused link; nothing for faults a person cannot act on.
 */
function describeResetFailure(error: unknown): string[] {
  if (!isApiRequestError(error)) return [];
  if (error.fields) return Object.values(error.fields);
  if (error.status === 0 || (error.status >= 400 && error.status < 500)) return [error.message];
  return [];
}
