import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { isApiRequestError } from '../../../lib/api-client.ts';
import { fillText } from '../../../lib/format.ts';
import { useFindResetToken } from '../api/find-reset-token.ts';
import { useResetPass } from '../api/reset-pass.ts';
import { AuthLayout } from '../components/auth-layout.tsx';
import { NewPasswordForm } from '../../../components/new-password-form.tsx';
import { authTexts } from '../texts.ts';

/** spec 8: after a successful reset the page goes to Login by itself after this delay */
const GO_TO_LOGIN_AFTER_MS = 3_000;

export function ResetPasswordPage() {
  const { token = '' } = useParams();
  const tokenQuery = useFindResetToken(token);

  return (
    <AuthLayout title={authTexts.resetTitle}>
      {tokenQuery.isPending ? (
        <Stack spacing={2.5} aria-busy="true">
          <Skeleton variant="text" width="80%" />
          <Skeleton variant="rounded" height={56} />
          <Skeleton variant="rounded" height={56} />
          <Skeleton variant="rounded" height={42} />
        </Stack>
      ) : tokenQuery.isError ? (
        <Stack spacing={2.5}>
          <Alert severity="error">
            {isApiRequestError(tokenQuery.error) ? tokenQuery.error.message : authTexts.unexpectedError}
          </Alert>
          <Link component={RouterLink} to="/login">
            {authTexts.goToLogin}
          </Link>
        </Stack>
      ) : (
        <ResetPasswordForm email={tokenQuery.data.email} token={token} />
      )}
    </AuthLayout>
  );
}

function ResetPasswordForm({ email, token }: { email: string; token: string }) {
  const navigate = useNavigate();
  const resetMutation = useResetPass();

  const isDone = resetMutation.isSuccess;
  useEffect(() => {
    if (!isDone) return;
    const timer = window.setTimeout(() => navigate('/login', { replace: true }), GO_TO_LOGIN_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [isDone, navigate]);

  if (isDone) {
    return (
      <Stack spacing={2.5}>
        <Alert severity="success" role="status">
          {authTexts.resetSuccess}
        </Alert>
        <Button component={RouterLink} to="/login" replace variant="contained">
          {authTexts.goToLogin}
        </Button>
      </Stack>
    );
  }

  return (
    <NewPasswordForm
      email={email}
      idPrefix="reset"
      intro={<Typography color="text.secondary">{fillText(authTexts.resetFor, { email })}</Typography>}
      failure={
        resetMutation.isError ? (
          <Alert severity="error">
            {authTexts.resetFailure}
            {describeResetFailure(resetMutation.error).map((detail) => (
              <Box key={detail} component="span" sx={{ display: 'block', mt: 0.5 }}>
                {detail}
              </Box>
            ))}
          </Alert>
        ) : null
      }
      submitLabel={authTexts.resetSubmit}
      isPending={resetMutation.isPending}
      onSubmit={(values) => resetMutation.mutate({ ...values, email, token })}
    />
  );
}

/**
 * What the server said beyond the general failure text: its per-field messages (e.g. a password that
 * is too short), or its message for a refused link; nothing for faults a person cannot act on.
 */
export function describeResetFailure(error: unknown): string[] {
  if (!isApiRequestError(error)) return [];
  if (error.fields) return Object.values(error.fields);
  if (error.status === 0 || (error.status >= 400 && error.status < 500)) return [error.message];
  return [];
}
