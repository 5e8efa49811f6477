/**
 * The banner of every signed-in page while the account's e-mail is not verified (decision 034):
 * what to do, and 'Reenviar email', which shows that it is sending, then that it sent or why not (a
 * limit says when to try again). It goes once the user is loaded again with the e-mail verified
 * (the link's page, or the panel's refetch when the window gets the focus back).
 */
import { PlainAlert } from '../../../components/plain-alert.tsx';
import { PlainButton } from '../../../components/plain-button.tsx';
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
  // app/base.css `.page-banner`: MUI's warning Alert and outlined button, in plain markup
  return (
    <div role="region" aria-label={t.bannerTitle} className="page-banner verify-email-banner">
      <PlainAlert severity="warning" role="note" title={t.bannerTitle}>
        {fillText(t.bannerText, { email })}
        <div className="page-banner-actions">
          <PlainButton
            variant="outlined"
            color="inherit"
            className="verify-email-banner-resend"
            disabled={resend.isPending}
            aria-busy={resend.isPending}
            onClick={() => resend.mutate()}
          >
            {resend.isPending ? t.resending : t.resend}
          </PlainButton>
          {/* only once there is something to say: an empty line would leave a gap on a phone */}
          {result ? <span role="status">{result}</span> : null}
        </div>
      </PlainAlert>
    </div>
  );
}
