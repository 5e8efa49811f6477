/**
 * The banner of every signed-in page while the account's e-mail is not verified (issue 29 item 1):
 * what to do, and 'Reenviar email', which shows that it is sending, then that it sent or why not (a
 * limit says when to try again). It goes once the user is loaded again with the e-mail verified
 * (the link's page, or the panel's refetch when the window gets the focus back).
 */
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { describeErrorDetails, isApiRequestError } from '../../../lib/api-client.ts';
import { fillText } from '../../../lib/format.ts';
import { useResendVerification } from '../api/resend-verification.ts';
import { verifyEmailTexts as t } from '../texts.ts';

export function VerifyEmailBanner({ email }: { email: string }) {
  const resend = useResendVerification();
  const result = resend.isSuccess
    ? resend.data.status === 'sent'
      ? fillText(t.resent, { email: resend.data.email })
      : t.alreadyVerified
    : resend.isError
      ? // a limit's own message says it was sent already and when to ask again
        isApiRequestError(resend.error) && resend.error.status === 429
        ? describeErrorDetails(resend.error).join(' ')
        : fillText(t.resendFailed, { message: describeErrorDetails(resend.error).join(' ') })
      : null;
  return (
    <Alert
      severity="warning"
      role="region"
      aria-label={t.bannerTitle}
      sx={{ mb: 3, alignItems: 'flex-start', '& .MuiAlert-message': { width: '100%' } }}
    >
      <AlertTitle sx={{ fontWeight: 700 }}>{t.bannerTitle}</AlertTitle>
      {fillText(t.bannerText, { email })}
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ mt: 1.5, alignItems: { xs: 'stretch', sm: 'center' } }}
      >
        <Button
          variant="outlined"
          color="inherit"
          loading={resend.isPending}
          loadingPosition="start"
          onClick={() => resend.mutate()}
          sx={{ flexShrink: 0, alignSelf: { xs: 'stretch', sm: 'flex-start' } }}
        >
          {resend.isPending ? t.resending : t.resend}
        </Button>
        {/* only once there is something to say: an empty line would leave a gap on a phone */}
        {result ? <span role="status">{result}</span> : null}
      </Stack>
    </Alert>
  );
}
