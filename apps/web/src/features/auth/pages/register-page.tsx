import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { z } from 'zod';
import type { BodyOf, signUpByCode } from '@escudo/contract';
import { describeErrorDetails } from '../../../lib/api-client.ts';
import { FormField } from '../../../components/form-field.tsx';
import { muiField } from '../../../lib/forms.ts';
import { useSignUpByCode } from '../api/sign-up-by-code.ts';
import { useInviterByCode } from '../api/get-user-by-code.ts';
import { useAcceptInvitation } from '../api/accept-invitation.ts';
import { InvitationBanner } from '../components/invitation-banner.tsx';
import { useSponsorById } from '../api/get-sponsor-by-id.ts';
import { SponsorBanner } from '../components/sponsor-banner.tsx';
import { useHasSession } from '../../../lib/auth-token.ts';
import { fillText } from '../../../lib/format.ts';
import { AuthLayout } from '../components/auth-layout.tsx';
import { PasswordField } from '../../../components/password-field.tsx';
import { RegistrationComplete } from '../components/registration-complete.tsx';
import { GoogleSigningIn } from '../components/google-signing-in.tsx';
import { useGoogleSignInReturn } from '../hooks/use-google-sign-in-return.ts';
import { authTexts } from '../texts.ts';

// spec 5: Register validation. The 8-character minimum is only a hint here; the server enforces it.
const registerFormSchema = z.object({
  name: z.string().trim().min(1, authTexts.fieldRequired),
  email: z.string().trim().pipe(z.email(authTexts.emailFormat)),
  password: z.string().min(1, authTexts.fieldRequired),
});
type RegisterForm = z.input<typeof registerFormSchema>;

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

/**
 * The invitation link opened by someone already signed in (issue 15): they join with their account,
 * after saying so, and never see the sign-up form.
 */
function JoinNetwork({ securityCode }: { securityCode: string }) {
  const inviter = useInviterByCode(securityCode);
  const accept = useAcceptInvitation();
  const name = inviter.data?.user.name ?? '';
  return (
    <AuthLayout title={authTexts.joinTitle}>
      <Stack spacing={2.5}>
        {accept.isSuccess ? (
          <Alert severity="success">{fillText(authTexts.joined, { name })}</Alert>
        ) : (
          <>
            <InvitationBanner inviter={inviter} />
            {accept.isError ? (
              <Alert severity="error">{describeErrorDetails(accept.error).join(' ')}</Alert>
            ) : null}
            {inviter.isSuccess ? (
              <>
                <Box sx={{ color: 'text.secondary' }}>{authTexts.joinText}</Box>
                <Button
                  variant="contained"
                  size="large"
                  loading={accept.isPending}
                  onClick={() => accept.mutate(securityCode)}
                >
                  {fillText(authTexts.joinSubmit, { name })}
                </Button>
              </>
            ) : null}
          </>
        )}
        <Button component={RouterLink} to="/" variant={accept.isSuccess ? 'contained' : 'text'}>
          {authTexts.goToPanel}
        </Button>
      </Stack>
    </AuthLayout>
  );
}

export function RegisterPage() {
  const [searchParams] = useSearchParams();
  const securityCode = searchParams.get('security_code');
  const hasSession = useHasSession();
  // decided when the page opens: a sign-up made here also leaves a session, and must still end on
  // 'Registro Completo' (it already joined with the code)
  const [isSignedInAtOpen] = useState(hasSession);
  if (securityCode && isSignedInAtOpen) return <JoinNetwork securityCode={securityCode} />;
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
  const inviter = useInviterByCode(securityCode);
  const sponsorCode = searchParams.get('sponsor_code');
  const sponsor = useSponsorById(sponsorCode);
  // spec 2 route table: a social_access_token signs the person in with Google, then Home
  const google = useGoogleSignInReturn();

  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<RegisterForm, unknown, z.output<typeof registerFormSchema>>({
    resolver: zodResolver(registerFormSchema),
    mode: 'onTouched',
    defaultValues: { name: '', email: '', password: '' },
  });

  const onSubmit = handleSubmit((values) => {
    signUpMutation.mutate({ ...values, ...readSignUpCodes(searchParams) });
  });

  if (google.isSigningIn) {
    return (
      <AuthLayout title={authTexts.registerTitle}>
        <GoogleSigningIn />
      </AuthLayout>
    );
  }

  if (signUpMutation.isSuccess) {
    return (
      <AuthLayout title={authTexts.registeredTitle}>
        <RegistrationComplete />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={authTexts.registerTitle} subtitle={authTexts.registerSubtitle}>
      <Box component="form" onSubmit={onSubmit} noValidate>
        <Stack spacing={2.5}>
          {google.errorMessage ? <Alert severity="error">{google.errorMessage}</Alert> : null}
          {securityCode ? <InvitationBanner inviter={inviter} /> : null}
          {sponsorCode ? <SponsorBanner sponsor={sponsor} /> : null}
          {signUpMutation.isError ? (
            <Alert severity="error">
              <AlertTitle>{authTexts.formErrorsHeading}</AlertTitle>
              <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                {describeErrorDetails(signUpMutation.error).map((message) => (
                  <li key={message}>{message}</li>
                ))}
              </Box>
            </Alert>
          ) : null}
          <FormField
            {...muiField(register('name'))}
            id="register-name"
            label={authTexts.nameLabel}
            autoComplete="name"
            error={Boolean(errors.name)}
            helperText={errors.name?.message}
          />
          <FormField
            {...muiField(register('email'))}
            id="register-email"
            label={authTexts.emailLabel}
            type="email"
            autoComplete="email"
            error={Boolean(errors.email)}
            helperText={errors.email?.message}
          />
          <PasswordField
            {...muiField(register('password'))}
            id="register-password"
            label={authTexts.passwordLabel}
            autoComplete="new-password"
            error={Boolean(errors.password)}
            helperText={errors.password?.message ?? authTexts.passwordHint}
          />
          <Button type="submit" variant="contained" size="large" loading={signUpMutation.isPending}>
            {authTexts.registerSubmit}
          </Button>
          <Link
            component={RouterLink}
            // the code goes along: signing in from here joins the network (login-page.tsx)
            to={securityCode ? `/login?security_code=${encodeURIComponent(securityCode)}` : '/login'}
            sx={{ alignSelf: 'center', textAlign: 'center' }}
          >
            {securityCode ? authTexts.haveAccountJoin : authTexts.haveAccount}
          </Link>
        </Stack>
      </Box>
    </AuthLayout>
  );
}
