import { describeErrorDetails } from '../../../lib/api-client.ts';
import { fillText } from '../../../lib/format.ts';
import type { useInviterByCode } from '../api/get-user-by-code.ts';
import { authTexts } from '../texts.ts';
import { PlainAlert } from '../../../components/plain-alert.tsx';

/**
 * spec 2 (Register): whose security network the link joins, or why the link does not work. Plain
 * HTML like the rest of Register (docs/decisions/017).
 */
export function InvitationBanner({ inviter }: { inviter: ReturnType<typeof useInviterByCode> }) {
  if (inviter.isPending)
    return (
      <PlainAlert severity="info" isChecking>
        {authTexts.invitationChecking}
      </PlainAlert>
    );
  if (inviter.isError)
    return (
      <PlainAlert severity="error" role="alert">
        {describeErrorDetails(inviter.error).join(' ')}
      </PlainAlert>
    );
  return (
    <PlainAlert severity="info" role="status">
      {fillText(authTexts.invitationFrom, { name: inviter.data.user.name })}
    </PlainAlert>
  );
}
