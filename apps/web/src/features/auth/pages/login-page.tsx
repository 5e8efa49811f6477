import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { Suspense, lazy, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { isApiRequestError } from '../../../lib/api-client.ts';
import { useConfig } from '../../../lib/config/get-config.ts';
import { FormField } from '../../../components/form-field.tsx';
import { muiField } from '../../../lib/forms.ts';
import { useLogin } from '../api/login.ts';
import { AuthLayout } from '../components/auth-layout.tsx';
import { GoogleSignInButton } from '../components/google-sign-in-button.tsx';
import { GoogleSigningIn } from '../components/google-signing-in.tsx';
import { useGoogleSignInReturn } from '../hooks/use-google-sign-in-return.ts';
import { PasswordField } from '../../../components/password-field.tsx';
import { authTexts } from '../texts.ts';
import { afterSignInPath } from '../../../lib/session/after-sign-in.ts';

interface LoginForm {
  email: string;
  password: string;
}

// spec 5: Login validation. Plain react-hook-form rules rather than zod: this page is the first load,
// and zod is not tree-shakable (bench/RESULTS.md). The server validates again with the contract.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const loginRules = {
  email: {
    setValueAs: (value: string) => value.trim(),
    validate: (value: string) =>
      value === '' ? authTexts.emailRequired : EMAIL_PATTERN.test(value) || authTexts.emailInvalid,
  },
  password: { required: authTexts.passwordRequired },
} as const;

// Most visitors never open it: its code (and MUI's Dialog) is fetched on the first click.
const ForgotPasswordDialog = lazy(() =>
  import('../components/forgot-password-dialog.tsx').then((module) => ({
    default: module.ForgotPasswordDialog,
  })),
);

export function LoginPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const { data: config } = useConfig();
  const loginMutation = useLogin();
  const [isForgotOpen, setIsForgotOpen] = useState(false);
  const [hasOpenedForgot, setHasOpenedForgot] = useState(false);
  // spec 2: a social_access_token signs in with Google, then Home; a social_error says what failed
  const google = useGoogleSignInReturn();

  const {
    register,
    handleSubmit,
    formState: { errors, touchedFields, isValid, isSubmitted },
  } = useForm<LoginForm>({
    mode: 'onTouched',
    defaultValues: { email: '', password: '' },
  });

  // spec 5: messages appear once the person has left the field (or tried to submit)
  const visibleError = (field: keyof LoginForm) =>
    touchedFields[field] || isSubmitted ? errors[field]?.message : undefined;

  const onSubmit = handleSubmit((values) => {
    // signing in from an invitation link goes back to it, where the person joins (issue 15)
    loginMutation.mutate(values, {
      onSuccess: () => navigate(afterSignInPath(searchParams), { replace: true }),
    });
  });

  const emailError = visibleError('email');
  const passwordError = visibleError('password');

  if (google.isSigningIn) {
    return (
      <AuthLayout title={authTexts.loginTitle}>
        <GoogleSigningIn />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={authTexts.loginTitle} subtitle={authTexts.loginSubtitle}>
      <Box component="form" onSubmit={onSubmit} noValidate>
        <Stack spacing={2.5}>
          {google.errorMessage ? <Alert severity="error">{google.errorMessage}</Alert> : null}
          {loginMutation.isError ? (
            <Alert severity="error">{describeLoginError(loginMutation.error)}</Alert>
          ) : null}
          <FormField
            {...muiField(register('email', loginRules.email))}
            id="login-email"
            label={authTexts.emailLabel}
            type="email"
            autoComplete="email"
            error={Boolean(emailError)}
            helperText={emailError}
          />
          <PasswordField
            {...muiField(register('password', loginRules.password))}
            id="login-password"
            label={authTexts.passwordLabel}
            autoComplete="current-password"
            error={Boolean(passwordError)}
            helperText={passwordError}
          />
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={!isValid}
            loading={loginMutation.isPending}
          >
            {authTexts.loginSubmit}
          </Button>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
            <Link
              component="button"
              type="button"
              onClick={() => {
                setHasOpenedForgot(true);
                setIsForgotOpen(true);
              }}
            >
              {authTexts.forgotPassword}
            </Link>
            <Link component={RouterLink} to="/register">
              {authTexts.noAccount}
            </Link>
          </Box>
          {config?.google_sign_in ? (
            <>
              <Divider>{authTexts.orSeparator}</Divider>
              <GoogleSignInButton url={config.google_sign_in_url} />
            </>
          ) : null}
        </Stack>
      </Box>
      {hasOpenedForgot ? (
        <Suspense fallback={null}>
          <ForgotPasswordDialog open={isForgotOpen} onClose={() => setIsForgotOpen(false)} />
        </Suspense>
      ) : null}
    </AuthLayout>
  );
}

// spec 8: a 401 is a wrong e-mail or password; 429 carries the server's waiting message.
function describeLoginError(error: unknown): string {
  if (!isApiRequestError(error)) return authTexts.unexpectedError;
  if (error.status === 401) return authTexts.invalidCredentials;
  if (error.status === 429) return error.message;
  // No answer at all: say so (time-out or network), which helps more than "unexpected".
  if (error.code === 'TIMEOUT' || error.code === 'NETWORK') return error.message;
  return authTexts.unexpectedError;
}
