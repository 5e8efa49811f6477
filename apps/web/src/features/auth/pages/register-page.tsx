import './login-page.css';
import { Suspense, lazy, useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import type { BodyOf, signUpByCode } from '@escudo/contract';
import { BootLoader } from '../../../components/boot-loader.tsx';
import { lazyThemed } from '../../../components/lazy-themed.tsx';
import { componentsTexts } from '../../../components/texts.ts';
import { describeErrorDetails } from '../../../lib/api-client.ts';
import { useHasSession } from '../../../lib/auth-token.ts';
import { useConfig } from '../../../lib/config/get-config.ts';
import { useSponsorById } from '../api/get-sponsor-by-id.ts';
import { useInviterByCode } from '../api/get-user-by-code.ts';
import { useSignUpByCode } from '../api/sign-up-by-code.ts';
import { InvitationBanner } from '../components/invitation-banner.tsx';
import { PlainAlert } from '../../../components/plain-alert.tsx';
import {
  PlainAuthLayout,
  PlainField,
  PlainGoogleSignInButton,
  PlainGoogleSigningIn,
} from '../components/plain-auth.tsx';
import { SponsorBanner } from '../components/sponsor-banner.tsx';
import { useGoogleSignInReturn } from '../hooks/use-google-sign-in-return.ts';
import { authTexts } from '../texts.ts';
import { usePlainForm } from '../components/use-plain-form.ts';
import { AuthSubmitButton } from '../components/auth-submit-button.tsx';

/**
 * Register: where a shared sign-up link lands, most often on a phone. Plain HTML and CSS and React
 * state like Login, no MUI and no form library (docs/decisions/017); it looks like the MUI pages
 * around it. The two screens it rarely shows, 'Registro Completo' and joining a network while signed
 * in, are MUI's and load with the theme when needed.
 */

type RegisterField = 'name' | 'email' | 'password';
const FIELD_IDS: Record<RegisterField, string> = {
  name: 'register-name',
  email: 'register-email',
  password: 'register-password',
};

// spec 5: Register validation. The 8-character minimum is only a hint here; the server enforces it.
// Plain rules rather than zod (not tree-shakable, and its probe for eval trips the CSP); the address
// pattern is zod's `z.email()`, which this form used, so the same addresses pass.
const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;
const validate: Record<RegisterField, (value: string) => string | undefined> = {
  name: (value) => (value.trim() === '' ? authTexts.fieldRequired : undefined),
  email: (value) => (EMAIL_PATTERN.test(value.trim()) ? undefined : authTexts.emailFormat),
  password: (value) => (value === '' ? authTexts.fieldRequired : undefined),
};

type SignUpCodes = Pick<
  BodyOf<typeof signUpByCode>,
  'code' | 'sharecode' | 'security_code' | 'share_code' | 'sponsor_code'
>;

/**
 * The codes of the sign-up link (spec 2 route table). `share_code` and `sharecode` are two spellings
 * of the same share code, so both payload fields carry whichever the link had; `code` is the security
 * network invitation (`security_code`), the one `/auth/getUserByCode` looks up.
 */
function readSignUpCodes(params: URLSearchParams): SignUpCodes {
  const securityCode = params.get('security_code');
  const shareCode = params.get('share_code') ?? params.get('sharecode');
  return {
    code: securityCode,
    security_code: securityCode,
    share_code: shareCode,
    sharecode: shareCode,
    sponsor_code: params.get('sponsor_code'),
  };
}

// MUI's screens, each fetched with the theme when it is shown (the first also on submit, to be ready)
const loadRegistrationComplete = () =>
  Promise.all([
    import('../../../components/mui-theme.tsx'),
    import('../components/registration-complete.tsx'),
  ]);
const RegistrationComplete = lazy(async () => {
  const [{ MuiTheme }, { RegistrationComplete: Screen }] = await loadRegistrationComplete();
  return {
    default: () => (
      <MuiTheme>
        <Screen />
      </MuiTheme>
    ),
  };
});
const JoinNetwork = lazyThemed(async () => (await import('../components/join-network.tsx')).JoinNetwork);

export function RegisterPage() {
  const [searchParams] = useSearchParams();
  const securityCode = searchParams.get('security_code');
  const hasSession = useHasSession();
  // decided when the page opens: a sign-up made here also leaves a session, and must still end on
  // 'Registro Completo' (it already joined with the code)
  const [isSignedInAtOpen] = useState(hasSession);
  if (securityCode && isSignedInAtOpen) {
    return (
      <Suspense fallback={<BootLoader />}>
        <JoinNetwork securityCode={securityCode} />
      </Suspense>
    );
  }
  return <RegisterForm securityCode={securityCode} searchParams={searchParams} />;
}

function RegisterForm({
  securityCode,
  searchParams,
}: {
  securityCode: string | null;
  searchParams: URLSearchParams;
}) {
  const signUpMutation = useSignUpByCode();
  const { data: config } = useConfig();
  const inviter = useInviterByCode(securityCode);
  const sponsorCode = searchParams.get('sponsor_code');
  const sponsor = useSponsorById(sponsorCode);
  const navigate = useNavigate();
  // spec 2 route table: a social_access_token signs the person in with Google, then Home; an account
  // with two-step sign-in on is asked its code on Login (decision 035)
  const google = useGoogleSignInReturn((challenge, next) =>
    navigate('/login', { replace: true, state: { twoFactor: { challenge, next } } }),
  );

  // spec 5: a message appears once the person has left the field (or tried to submit), and follows
  // what they type from then on
  const { values, fieldProps: plainFieldProps, firstInvalid, submit } = usePlainForm(validate);
  const fieldProps = (field: RegisterField) => ({ id: FIELD_IDS[field], ...plainFieldProps(field) });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit();
    if (firstInvalid) {
      // where to fix it first, as the form library this page used did
      document.getElementById(FIELD_IDS[firstInvalid])?.focus();
      return;
    }
    // 'Registro Completo' comes next: its code downloads while the account is made
    void loadRegistrationComplete();
    signUpMutation.mutate({
      name: values.name.trim(),
      email: values.email.trim(),
      password: values.password,
      ...readSignUpCodes(searchParams),
    });
  };

  if (google.isSigningIn) {
    return (
      <PlainAuthLayout title={authTexts.registerTitle}>
        <PlainGoogleSigningIn />
      </PlainAuthLayout>
    );
  }

  if (signUpMutation.isSuccess) {
    return (
      <PlainAuthLayout title={authTexts.registeredTitle}>
        <Suspense
          fallback={
            <div className="auth-status" role="status" aria-label={componentsTexts.loading}>
              <span className="spinner" aria-hidden="true" />
            </div>
          }
        >
          <RegistrationComplete />
        </Suspense>
      </PlainAuthLayout>
    );
  }

  return (
    <PlainAuthLayout title={authTexts.registerTitle} subtitle={authTexts.registerSubtitle}>
      <form onSubmit={onSubmit} noValidate>
        <div className="auth-stack">
          {google.errorMessage ? <PlainAlert severity="error">{google.errorMessage}</PlainAlert> : null}
          {securityCode ? <InvitationBanner inviter={inviter} /> : null}
          {sponsorCode ? <SponsorBanner sponsor={sponsor} /> : null}
          {signUpMutation.isError ? (
            <PlainAlert severity="error" title={authTexts.formErrorsHeading}>
              <ul>
                {describeErrorDetails(signUpMutation.error).map((message) => (
                  <li key={message}>{message}</li>
                ))}
              </ul>
            </PlainAlert>
          ) : null}
          <PlainField {...fieldProps('name')} label={authTexts.nameLabel} autoComplete="name" />
          <PlainField
            {...fieldProps('email')}
            label={authTexts.emailLabel}
            type="email"
            autoComplete="email"
          />
          <PlainField
            {...fieldProps('password')}
            label={authTexts.passwordLabel}
            hint={authTexts.passwordHint}
            autoComplete="new-password"
            isPassword
          />
          <AuthSubmitButton isPending={signUpMutation.isPending}>{authTexts.registerSubmit}</AuthSubmitButton>
          <RouterLink
            className="auth-link is-centred"
            // the code goes along: signing in from here joins the network (login-page.tsx)
            to={securityCode ? `/login?security_code=${encodeURIComponent(securityCode)}` : '/login'}
          >
            {securityCode ? authTexts.haveAccountJoin : authTexts.haveAccount}
          </RouterLink>
          {config?.google_sign_in ? (
            <>
              <div className="auth-divider" role="separator">
                {authTexts.orSeparator}
              </div>
              {/* as Login's, with the link's codes: the account Google makes gets them too */}
              <PlainGoogleSignInButton url={config.google_sign_in_url} searchParams={searchParams} />
            </>
          ) : null}
        </div>
      </form>
    </PlainAuthLayout>
  );
}
