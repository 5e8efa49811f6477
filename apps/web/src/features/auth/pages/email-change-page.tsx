import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams } from 'react-router';
import { describeErrorDetails } from '../../../lib/api-client.ts';
import { fillText, formatDateTime } from '../../../lib/format.ts';
import { RECOVER_PARAM } from '../../../lib/session/after-sign-in.ts';
import { useAnswerEmailChange, useEmailChangeOfLink } from '../api/email-change-by-current-address.ts';
import { AuthLayout } from '../components/auth-layout.tsx';
import { authTexts as t } from '../texts.ts';

/**
 * `/cambio-de-email/:token` (decision 050): the link sent to the account's current address when a
 * change of e-mail is asked for. Without sign-in: the mailbox's owner says whether it was them. "No"
 * cancels it and ends every session of the account, and the page sends them to change the password.
 */
export function EmailChangePage() {
  const { token = '' } = useParams();
  const change = useEmailChangeOfLink(token);
  const answer = useAnswerEmailChange();

  let content;
  if (answer.isSuccess) {
    content =
      answer.data.status === 'cancelled' ? (
        <Stack spacing={2.5}>
          <Alert severity="success" role="status" sx={{ overflowWrap: 'anywhere' }}>
            <AlertTitle>{t.emailChangeCancelledTitle}</AlertTitle>
            {t.emailChangeCancelledText}
          </Alert>
          <Button component={RouterLink} to={`/login?${RECOVER_PARAM}=1`} variant="contained" fullWidth>
            {t.emailChangeResetPassword}
          </Button>
        </Stack>
      ) : (
        <Stack spacing={2.5}>
          <Alert severity="success" role="status" sx={{ overflowWrap: 'anywhere' }}>
            <AlertTitle>
              {answer.data.status === 'email_changed' ? t.changedTitle : t.emailChangeConfirmedTitle}
            </AlertTitle>
            {fillText(answer.data.status === 'email_changed' ? t.changedText : t.emailChangeConfirmedText, {
              email: answer.data.email,
            })}
          </Alert>
          <Button component={RouterLink} to="/login" variant="contained" fullWidth>
            {t.verifyGoToLogin}
          </Button>
        </Stack>
      );
  } else if (change.isError) {
    content = (
      <Stack spacing={2.5}>
        <Alert severity="error">
          <AlertTitle>{t.emailChangeFailedTitle}</AlertTitle>
          {describeErrorDetails(change.error).join(' ')}
        </Alert>
        <Button component={RouterLink} to="/login" variant="outlined" fullWidth>
          {t.verifyGoToLogin}
        </Button>
      </Stack>
    );
  } else if (change.isSuccess) {
    const asked = change.data;
    const where = [asked.address, asked.browser].filter(Boolean).join(', ') || t.emailChangeWhereUnknown;
    content = (
      <Stack spacing={2.5}>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {fillText(t.emailChangeAsked, { old: asked.old_email, new: asked.new_email })}
        </Typography>
        <Typography color="text.secondary">
          {fillText(t.emailChangeWhen, { date: formatDateTime(asked.requested_at), where })}
        </Typography>
        <Typography color="text.secondary">
          {asked.confirmed
            ? t.emailChangeAlreadyConfirmed
            : asked.applies_at
              ? fillText(t.emailChangeAppliesAt, { date: formatDateTime(asked.applies_at) })
              : t.emailChangeAppliesSoon}
        </Typography>
        {answer.isError ? (
          <Alert severity="error">{describeErrorDetails(answer.error).join(' ')}</Alert>
        ) : null}
        <Typography component="h2" variant="h6">
          {t.emailChangeQuestion}
        </Typography>
        <Button
          variant="contained"
          color="error"
          size="large"
          loading={answer.isPending && answer.variables.answer === 'cancel'}
          disabled={answer.isPending}
          onClick={() => answer.mutate({ token, answer: 'cancel' })}
        >
          {t.emailChangeCancel}
        </Button>
        {asked.confirmed ? null : (
          <Button
            variant="outlined"
            size="large"
            loading={answer.isPending && answer.variables.answer === 'confirm'}
            disabled={answer.isPending}
            onClick={() => answer.mutate({ token, answer: 'confirm' })}
          >
            {t.emailChangeConfirm}
          </Button>
        )}
      </Stack>
    );
  } else {
    content = (
      <Stack spacing={2} aria-busy="true" role="status" aria-label={t.emailChangeLoading}>
        <Skeleton variant="text" width="90%" />
        <Skeleton variant="text" width="70%" />
        <Skeleton variant="rounded" height={42} />
        <Skeleton variant="rounded" height={42} />
      </Stack>
    );
  }
  return <AuthLayout title={t.emailChangeTitle}>{content}</AuthLayout>;
}
