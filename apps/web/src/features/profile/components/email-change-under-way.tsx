import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { describeErrorDetails } from '../../../lib/api-client.ts';
import { fillText, formatDateTime } from '../../../lib/format.ts';
import { useUser } from '../../../lib/session/user-details.ts';
import { useCancelEmailChange } from '../api/cancel-email-change.ts';
import { profileTexts as t } from '../texts.ts';

/**
 * The change of e-mail under way, under the profile's e-mail (decision 050): where it stands and when
 * it applies, as user details say, and a button that cancels it.
 */
export function EmailChangeUnderWay() {
  const { data: user } = useUser();
  const cancel = useCancelEmailChange();
  const change = user?.email_change;
  if (!change) {
    return cancel.isSuccess ? (
      <Alert severity="success" role="status" sx={{ width: '100%', boxSizing: 'border-box' }}>
        {t.emailChangeCancelled}
      </Alert>
    ) : null;
  }
  const parts = [
    change.new_address_confirmed
      ? fillText(t.changeEmailConfirmedWaits, { email: change.email })
      : fillText(t.changeEmailPendingLink, { email: change.email }),
    change.confirmed
      ? t.changeEmailCurrentConfirmed
      : change.applies_at
        ? fillText(t.changeEmailAppliesAt, { date: formatDateTime(change.applies_at) })
        : null,
  ].filter(Boolean);
  return (
    <Stack spacing={1} sx={{ width: '100%' }}>
      <Alert
        severity="info"
        role="status"
        sx={{ width: '100%', boxSizing: 'border-box', overflowWrap: 'anywhere' }}
      >
        {parts.join(' ')}
        {/* below the text, not beside it: at a phone's width the text needs the whole line */}
        <Button
          color="inherit"
          size="small"
          variant="outlined"
          loading={cancel.isPending}
          onClick={() => cancel.mutate()}
          sx={{ display: 'flex', mt: 1 }}
        >
          {t.cancelEmailChange}
        </Button>
      </Alert>
      {cancel.isError ? (
        <Alert severity="error">
          {t.cancelEmailChangeFailed} {describeErrorDetails(cancel.error).join(' ')}
        </Alert>
      ) : null}
    </Stack>
  );
}
