import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams } from 'react-router';
import { isApiRequestError } from '../../../lib/api-client.ts';
import { useCancelAccountDeletion } from '../api/cancel-account-deletion.ts';
import { AuthLayout } from '../components/auth-layout.tsx';
import { authTexts } from '../texts.ts';

/**
 * The e-mailed link that keeps an account whose deletion was asked for (decision 038), signed out.
 * The person presses a button rather than the page cancelling on load, so that a mail scanner opening
 * the link changes nothing; the link works once.
 */
export function CancelDeletionPage() {
  const { token = '' } = useParams();
  const cancel = useCancelAccountDeletion();

  return (
    <AuthLayout title={authTexts.cancelDeletionTitle}>
      {cancel.isSuccess ? (
        <Stack spacing={2.5}>
          <Alert severity="success" role="status">
            {authTexts.cancelDeletionDone}
          </Alert>
          <Button component={RouterLink} to="/login" variant="contained" size="large">
            {authTexts.goToLogin}
          </Button>
        </Stack>
      ) : (
        <Stack spacing={2.5}>
          <Typography>{authTexts.cancelDeletionIntro}</Typography>
          {cancel.isError ? (
            <Alert severity="error" role="alert">
              {isApiRequestError(cancel.error) ? cancel.error.message : authTexts.unexpectedError}
            </Alert>
          ) : null}
          <Button
            variant="contained"
            size="large"
            onClick={() => cancel.mutate(token)}
            disabled={cancel.isPending}
            aria-busy={cancel.isPending || undefined}
            startIcon={cancel.isPending ? <CircularProgress size={18} color="inherit" /> : undefined}
          >
            {authTexts.cancelDeletionSubmit}
          </Button>
          <Link component={RouterLink} to="/login">
            {authTexts.goToLogin}
          </Link>
        </Stack>
      )}
    </AuthLayout>
  );
}
