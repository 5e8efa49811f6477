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
import { fillText, formatDateTime } from '../../../lib/format.ts';
import { CONFIRM_EMAIL_PARAM } from '../../../lib/session/after-sign-in.ts';
import { useConfirmEmailChange } from '../api/confirm-email-change.ts';
import { AuthLayout } from '../components/auth-layout.tsx';
import { authTexts as t } from '../texts.ts';

/**
 * `/confirmar-email/:token` (decision 050): the link sent to the new address of a change of e-mail. It
 * is opened in a session of the account that asked, so that whoever holds the new mailbox also holds
 * the account; signed out, the page sends the person to Login, which brings them back here.
 */
export function ConfirmEmailPage() {
  const { token = '' } = useParams();
  const hasSession = useHasSession();
  return (
    <AuthLayout title={t.confirmEmailTitle}>
      {hasSession ? (
        <ConfirmWithSession token={token} />
      ) : (
        <Stack spacing={2.5}>
          <Typography>{t.confirmEmailSignIn}</Typography>
          <Button
            component={RouterLink}
            to={`/login?${CONFIRM_EMAIL_PARAM}=${encodeURIComponent(token)}`}
            variant="contained"
            fullWidth
          >
            {t.confirmEmailSignInButton}
          </Button>
        </Stack>
      )}
    </AuthLayout>
  );
}

function ConfirmWithSession({ token }: { token: string }) {
  const confirm = useConfirmEmailChange();
  // a link is opened once: React's development double effect must not send it twice
  const openedToken = useRef<string | null>(null);
  const { mutate } = confirm;
  useEffect(() => {
    if (openedToken.current === token) return;
    openedToken.current = token;
    mutate(token);
  }, [token, mutate]);

  const toPanel = (
    <Button component={RouterLink} to="/" variant="contained" fullWidth>
      {t.verifyGoToPanel}
    </Button>
  );

  if (confirm.isSuccess) {
    const { status, email, applies_at } = confirm.data;
    return (
      <Stack spacing={2.5}>
        <Alert severity="success" role="status" sx={{ overflowWrap: 'anywhere' }}>
          <AlertTitle>{status === 'email_changed' ? t.changedTitle : t.waitingTitle}</AlertTitle>
          {status === 'email_changed'
            ? fillText(t.changedText, { email })
            : fillText(t.waitingText, { email, date: applies_at ? formatDateTime(applies_at) : '' })}
        </Alert>
        {toPanel}
      </Stack>
    );
  }
  if (confirm.isError) {
    return (
      <Stack spacing={2.5}>
        <Alert severity="error">
          <AlertTitle>{t.confirmEmailFailedTitle}</AlertTitle>
          {describeErrorDetails(confirm.error).join(' ')}
        </Alert>
        {isApiRequestError(confirm.error) &&
        confirm.error.status >= 400 &&
        confirm.error.status < 500 ? null : (
          <Button variant="outlined" onClick={() => mutate(token)}>
            {t.verifyRetry}
          </Button>
        )}
        {toPanel}
      </Stack>
    );
  }
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }} role="status" aria-busy="true">
      <CircularProgress size={24} />
      <Typography>{t.confirmEmailChecking}</Typography>
    </Stack>
  );
}
