import './login-page.css';
import { Suspense, useState, type FormEvent } from 'react';
import { Link as RouterLink, useLocation, useNavigate, useSearchParams } from 'react-router';
import { lazyThemed } from '../../../components/lazy-themed.tsx';
import { isApiRequestError } from '../../../lib/api-client.ts';
import { useConfig } from '../../../lib/config/get-config.ts';
import { useLogin } from '../api/login.ts';
import {
  PlainAuthLayout,
  PlainField,
  PlainGoogleSignInButton,
  PlainGoogleSigningIn,
} from '../components/plain-auth.tsx';
import { useGoogleSignInReturn } from '../hooks/use-google-sign-in-return.ts';
import { authTexts } from '../texts.ts';
import { RECOVER_PARAM, afterSignInPath } from '../../../lib/session/after-sign-in.ts';
import { usePlainForm } from '../components/use-plain-form.ts';
import { takeDeletionRequested } from '../../../lib/session/deletion-requested.ts';
import { fillText, formatDateTime } from '../../../lib/format.ts';
import { TwoFactorStep, pendingTwoFactorOf, type TwoFactorPending } from '../components/two-factor-step.tsx';
import { AuthSubmitButton } from '../components/auth-submit-button.tsx';

/**
 * Login: the first page most visitors load, on a phone. Plain HTML and CSS and React state, no MUI
 * and no form library, so that its first download stays within budget (docs/decisions/016); it looks
 * like the MUI pages around it.
 */

type LoginField = 'email' | 'password';

// spec 5: Login validation. Plain rules rather than zod: this page is the first load, and zod is not
// tree-shakable (bench/RESULTS.md). The server validates again with the contract.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const validate: Record<LoginField, (value: string) => string | undefined> = {
  email: (value) =>
    value.trim() === ''
      ? authTexts.emailRequired
      : EMAIL_PATTERN.test(value.trim())
        ? undefined
        : authTexts.emailInvalid,
  password: (value) => (value === '' ? authTexts.passwordRequired : undefined),
};

// Most visitors never open it: its code, MUI's Dialog and the theme are fetched on the first click.
const ForgotPasswordDialog = lazyThemed(
  async () => (await import('../components/forgot-password-dialog.tsx')).ForgotPasswordDialog,
);

export function LoginPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  // after asking to close the account (decision 038): when, and that the e-mail was sent; taken once
  const [deletionNotice] = useState(() => {
    const requested = takeDeletionRequested();
    if (!requested) return null;
    const template = requested.hasOpenAtencion
      ? authTexts.deletionRequestedWithAtencion
      : authTexts.deletionRequested;
    return fillText(template, { date: formatDateTime(requested.deletionScheduledAt) });
  });
  const { data: config } = useConfig();
  const loginMutation = useLogin();
  // a security e-mail's link (`/login?recuperar=1`, docs/api.md) opens '¿Olvidaste tu contraseña?' at once
  const [isForgotOpen, setIsForgotOpen] = useState(() => searchParams.has(RECOVER_PARAM));
  const [hasOpenedForgot, setHasOpenedForgot] = useState(isForgotOpen);
  // two-step sign-in (decision 035): the second step after the password or Google, which Register may
  // have sent here; `notice` is why it ended without signing in (its challenge expired)
  const location = useLocation();
  const [secondStep, setSecondStep] = useState<TwoFactorPending | null>(() =>
    pendingTwoFactorOf(location.state),
  );
  const [notice, setNotice] = useState<string | null>(null);
  // spec 2: a social_access_token signs in with Google, then Home; a social_error says what failed
  const google = useGoogleSignInReturn((challenge, next) => setSecondStep({ challenge, next }));

  // spec 5: messages appear once the person has left the field (or tried to submit)
  const { values, fieldProps, firstInvalid, submit } = usePlainForm(validate);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit();
    if (firstInvalid) return;
    // signing in from an invitation link goes back to it, where the person joins (decision 015)
    setNotice(null);
    loginMutation.mutate(
      { email: values.email.trim(), password: values.password },
      {
        onSuccess: (answer) => {
          const next = afterSignInPath(searchParams);
          if ('two_factor_required' in answer) setSecondStep({ challenge: answer.challenge, next });
          else navigate(next, { replace: true });
        },
      },
    );
  };

  if (secondStep) {
    return (
      <TwoFactorStep
        challenge={secondStep.challenge}
        onPassed={() => navigate(secondStep.next, { replace: true })}
        onBack={(message) => {
          setSecondStep(null);
          setNotice(message);
          loginMutation.reset();
          // a pending step Register sent along must not come back on a reload
          if (location.state)
            navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
        }}
      />
    );
  }

  if (google.isSigningIn) {
    return (
      <PlainAuthLayout title={authTexts.loginTitle}>
        <PlainGoogleSigningIn />
      </PlainAuthLayout>
    );
  }

  return (
    <PlainAuthLayout title={authTexts.loginTitle} subtitle={authTexts.loginSubtitle}>
      <form onSubmit={onSubmit} noValidate>
        <div className="auth-stack">
          {deletionNotice && !loginMutation.isError ? (
            <div className="plain-alert is-info" role="status">
              {deletionNotice}
            </div>
          ) : null}
          {google.errorMessage ? (
            <div className="plain-alert" role="alert">
              {google.errorMessage}
            </div>
          ) : null}
          {notice ? (
            <div className="plain-alert" role="alert">
              {notice}
            </div>
          ) : null}
          {loginMutation.isError ? (
            <div className="plain-alert" role="alert">
              {describeLoginError(loginMutation.error)}
            </div>
          ) : null}
          <PlainField
            {...fieldProps('email')}
            id="login-email"
            label={authTexts.emailLabel}
            type="email"
            autoComplete="email"
          />
          <PlainField
            {...fieldProps('password')}
            id="login-password"
            label={authTexts.passwordLabel}
            autoComplete="current-password"
            isPassword
          />
          <AuthSubmitButton isPending={loginMutation.isPending} isDisabled={firstInvalid !== undefined}>
            {authTexts.loginSubmit}
          </AuthSubmitButton>
          <div className="auth-links">
            <button
              type="button"
              className="auth-link"
              onClick={() => {
                setHasOpenedForgot(true);
                setIsForgotOpen(true);
              }}
            >
              {authTexts.forgotPassword}
            </button>
            <RouterLink className="auth-link" to="/register">
              {authTexts.noAccount}
            </RouterLink>
          </div>
          {config?.google_sign_in ? (
            <>
              <div className="auth-divider" role="separator">
                {authTexts.orSeparator}
              </div>
              {/* an invitation's code goes along (decision 014): see google.service.ts on the server */}
              <PlainGoogleSignInButton url={config.google_sign_in_url} searchParams={searchParams} />
            </>
          ) : null}
        </div>
      </form>
      {hasOpenedForgot ? (
        <Suspense fallback={null}>
          <ForgotPasswordDialog open={isForgotOpen} onClose={() => setIsForgotOpen(false)} />
        </Suspense>
      ) : null}
    </PlainAuthLayout>
  );
}

// spec 8: a 401 is a wrong e-mail or password; 429 carries the server's waiting message.
function describeLoginError(error: unknown): string {
  if (!isApiRequestError(error)) return authTexts.unexpectedError;
  if (error.status === 401) return authTexts.invalidCredentials;
  if (error.status === 429) return error.message;
  // a disabled account, or one whose deletion is scheduled: the server's message says why and what to do
  if (error.status === 403) return error.message;
  // No answer at all: say so (time-out or network), which helps more than "unexpected".
  if (error.code === 'TIMEOUT' || error.code === 'NETWORK') return error.message;
  return authTexts.unexpectedError;
}
