import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { describeErrorDetails, isApiRequestError } from '../../../lib/api-client.ts';
import { useHasSession } from '../../../lib/auth-token.ts';
import { fillText } from '../../../lib/format.ts';
import { useVerifyEmail } from '../api/verify-email.ts';
import { AuthLayout } from '../components/auth-layout.tsx';
import { authTexts as t } from '../texts.ts';

/**
 * `/verificar-email/:token` (issue 29 item 1, decision 034): the link of a verification or e-mail
 * change e-mail. No sign-in needed: the link is opened once, as the page loads, and the page says
 * what happened, or why not and how to get a new link.
 */
export function VerifyEmailPage() {
  const { token = '' } = useParams();
  const verify = useVerifyEmail();
  const hasSession = useHasSession();
  // a link works once: React's development double effect must not spend it twice
  const openedToken = useRef<string | null>(null);
  const { mutate } = verify;
  useEffect(() => {
    if (openedToken.current === token) return;
    openedToken.current = token;
    mutate(token);
  }, [token, mutate]);

  const next = hasSession ? (
    <Button component={RouterLink} to="/" variant="contained" fullWidth>
      {t.verifyGoToPanel}
    </Button>
  ) : (
    <Button component={RouterLink} to="/login" variant="contained" fullWidth>
      {t.verifyGoToLogin}
    </Button>
  );

  return (
    <AuthLayout title={t.verifyTitle}>
      {verify.isSuccess ? (
        <Stack spacing={2.5}>
          <Alert severity="success" role="status">
            <AlertTitle>
              {verify.data.status === 'email_changed' ? t.changedTitle : t.verifiedTitle}
            </AlertTitle>
            {fillText(verify.data.status === 'email_changed' ? t.changedText : t.verifiedText, {
              email: verify.data.email,
            })}
          </Alert>
          {next}
        </Stack>
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
          {next}
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
