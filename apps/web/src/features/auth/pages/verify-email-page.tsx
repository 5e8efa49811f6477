import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { describeErrorDetails, isApiRequestError } from '../../../lib/api-client.ts';
import { fillText } from '../../../lib/format.ts';
import { NewPasswordForm } from '../../../components/new-password-form.tsx';
import { useVerifyEmail } from '../api/verify-email.ts';
import { useSetPasswordAndSignIn } from '../api/set-password-and-sign-in.ts';
import { AuthLayout } from '../components/auth-layout.tsx';
import { authTexts as t } from '../texts.ts';

/**
 * `/verificar-email/:token` (decisions 034 and 050): the link of a verification e-mail. No sign-in
 * needed. Being the first proof of the mailbox, it makes the account the person's alone (every session
 * ends, the password is dropped), so the person presses a button rather than the page opening it on
 * load: a mail scanner that opens the link changes nothing, as with the link that keeps an account.
 * Then the page asks for a new password right there and signs them in; they may leave it for later and
 * sign in with Google, where the review asks for it.
 */
export function VerifyEmailPage() {
  const { token = '' } = useParams();
  const verify = useVerifyEmail();
  const { mutate } = verify;

  const toLogin = (
    <Button component={RouterLink} to="/login" variant="outlined" fullWidth>
      {t.verifyGoToLogin}
    </Button>
  );

  return (
    <AuthLayout title={t.verifyTitle}>
      {verify.isSuccess ? (
        <ChooseNewPassword email={verify.data.email} token={verify.data.password_token} />
      ) : verify.isError ? (
        <Stack spacing={2.5}>
          <Alert severity="error">
            <AlertTitle>{t.verifyFailedTitle}</AlertTitle>
            {describeErrorDetails(verify.error).join(' ')}
          </Alert>
          {/* a link refused by the server stays refused; a network failure may pass */}
          {isApiRequestError(verify.error) && verify.error.status >= 400 && verify.error.status < 500 ? (
            <Typography variant="body2">{t.verifyFailedHelp}</Typography>
          ) : (
            <Button variant="outlined" onClick={() => mutate(token)}>
              {t.verifyRetry}
            </Button>
          )}
          {toLogin}
        </Stack>
      ) : (
        <Stack spacing={2.5}>
          <Typography>{t.verifyIntro}</Typography>
          <Button variant="contained" size="large" loading={verify.isPending} onClick={() => mutate(token)}>
            {t.verifySubmit}
          </Button>
        </Stack>
      )}
    </AuthLayout>
  );
}

function ChooseNewPassword({ email, token }: { email: string; token: string }) {
  const navigate = useNavigate();
  const choose = useSetPasswordAndSignIn();
  const isSignedIn = choose.data?.isSignedIn;
  useEffect(() => {
    if (isSignedIn) void navigate('/', { replace: true });
  }, [isSignedIn, navigate]);

  if (choose.isSuccess && !isSignedIn) {
    return (
      <Stack spacing={2.5}>
        <Alert severity="success" role="status" sx={{ overflowWrap: 'anywhere' }}>
          {t.chooseSavedSignIn}
        </Alert>
        <Button component={RouterLink} to="/login" variant="contained" fullWidth>
          {t.verifyGoToLogin}
        </Button>
      </Stack>
    );
  }

  return (
    <Stack spacing={2.5}>
      <Alert severity="success" role="status" sx={{ overflowWrap: 'anywhere' }}>
        <AlertTitle>{t.verifiedTitle}</AlertTitle>
        {fillText(t.verifiedText, { email })}
      </Alert>
      <NewPasswordForm
        email={email}
        idPrefix="verify"
        intro={<Typography color="text.secondary">{t.chooseIntro}</Typography>}
        failure={
          choose.isError ? (
            <Alert severity="error">{describeErrorDetails(choose.error).join(' ')}</Alert>
          ) : null
        }
        submitLabel={t.chooseSubmit}
        isPending={choose.isPending || choose.isSuccess}
        onSubmit={(values) => choose.mutate({ ...values, email, token })}
      />
      <Button component={RouterLink} to="/login" variant="text" fullWidth>
        {t.chooseLater}
      </Button>
    </Stack>
  );
}
