import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { Link as RouterLink } from 'react-router';
import { describeErrorDetails } from '../../../lib/api-client.ts';
import { fillText } from '../../../lib/format.ts';
import { useAcceptInvitation } from '../api/accept-invitation.ts';
import { useInviterByCode } from '../api/get-user-by-code.ts';
import { authTexts } from '../texts.ts';
import { AuthLayout } from './auth-layout.tsx';
import { InvitationBanner } from './invitation-banner.tsx';

/**
 * The invitation link opened by someone already signed in (decision 015): they join with their account,
 * after saying so, and never see the sign-up form. MUI's, loaded with its theme by the Register page
 * only for this case (docs/decisions/017).
 */
export function JoinNetwork({ securityCode }: { securityCode: string }) {
  const inviter = useInviterByCode(securityCode);
  const accept = useAcceptInvitation();
  const name = inviter.data?.user.name ?? '';
  return (
    <AuthLayout title={authTexts.joinTitle}>
      <Stack spacing={2.5}>
        {accept.isSuccess ? (
          <Alert severity="success">{fillText(authTexts.joined, { name })}</Alert>
        ) : (
          <>
            <InvitationBanner inviter={inviter} />
            {accept.isError ? (
              <Alert severity="error">{describeErrorDetails(accept.error).join(' ')}</Alert>
            ) : null}
            {inviter.isSuccess ? (
              <>
                <Box sx={{ color: 'text.secondary' }}>{authTexts.joinText}</Box>
                <Button
                  variant="contained"
                  size="large"
                  loading={accept.isPending}
                  onClick={() => accept.mutate(securityCode)}
                >
                  {fillText(authTexts.joinSubmit, { name })}
                </Button>
              </>
            ) : null}
          </>
        )}
        <Button component={RouterLink} to="/" variant={accept.isSuccess ? 'contained' : 'text'}>
          {authTexts.goToPanel}
        </Button>
      </Stack>
    </AuthLayout>
  );
}
