import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
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
 * needed: the link is opened once, as the page loads. Being the first proof of the mailbox, it makes
 * the account the person's alone, so the page asks for a new password right there and signs them in;
 * they may leave it for later and sign in with Google, where the review asks for it.
 */
export function VerifyEmailPage() {
  const { token = '' } = useParams();
  const verify = useVerifyEmail();
  // a link works once: React's development double effect must not spend it twice
  const openedToken = useRef<string | null>(null);
  const { mutate } = verify;
  useEffect(() => {
    if (openedToken.current === token) return;
    openedToken.current = token;
    mutate(token);
  }, [token, mutate]);

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
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }} role="status" aria-busy="true">
          <CircularProgress size={24} />
          <Typography>{t.verifyChecking}</Typography>
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
        <Alert severity="success" role="status">
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
      <Alert severity="success" role="status">
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
