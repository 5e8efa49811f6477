import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import { describeErrorDetails } from '../../../lib/api-client.ts';
import { fillText } from '../../../lib/format.ts';
import type { useInviterByCode } from '../api/get-user-by-code.ts';
import { authTexts } from '../texts.ts';

/** spec 2 (Register): whose security network the link joins, or why the link does not work. */
export function InvitationBanner({ inviter }: { inviter: ReturnType<typeof useInviterByCode> }) {
  if (inviter.isPending)
    return (
      <Alert severity="info" icon={<CircularProgress size={20} />}>
        {authTexts.invitationChecking}
      </Alert>
    );
  if (inviter.isError)
    return (
      <Alert severity="error" role="alert">
        {describeErrorDetails(inviter.error).join(' ')}
      </Alert>
    );
  return (
    <Alert severity="info" role="status">
      {fillText(authTexts.invitationFrom, { name: inviter.data.user.name })}
    </Alert>
  );
}
