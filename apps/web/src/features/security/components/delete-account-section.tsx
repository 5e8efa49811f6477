import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  PasswordAgainFields,
  useNeedsSecondStep,
  usePasswordAgainForm,
} from '../../../components/password-again.tsx';
import { isApiRequestError } from '../../../lib/api-client.ts';
import { endSession } from '../../../lib/session/end-session.ts';
import { rememberDeletionRequested } from '../../../lib/session/deletion-requested.ts';
import { useDeleteAccount } from '../api/delete-account.ts';
import { securityTexts as t } from '../texts.ts';
import { SecuritySection } from './security-section.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';

/**
 * Closing the account (decision 038): a red button opens a dialog that says what goes
 * and what stays, asks the password and schedules the deletion in 7 days. The server ends every
 * session, so on success this browser forgets its session and goes to Login with the date.
 */
export function DeleteAccountSection() {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <SecuritySection title={t.deleteTitle} description={t.deleteDescription}>
      <Button variant="outlined" color="error" onClick={() => setIsOpen(true)}>
        {t.deleteOpen}
      </Button>
      {isOpen ? <DeleteAccountDialog onClose={() => setIsOpen(false)} /> : null}
    </SecuritySection>
  );
}

function DeleteAccountDialog({ onClose }: { onClose: () => void }) {
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'));
  const navigate = useNavigate();
  const titleId = useId();
  const deletion = useDeleteAccount();
  const confirmation = usePasswordAgainForm({
    asksCode: useNeedsSecondStep(),
    isPending: deletion.isPending,
    onSubmit: async (values) => {
      const answer = await deletion.mutateAsync(values);
      rememberDeletionRequested({
        deletionScheduledAt: answer.deletion_scheduled_at,
        hasOpenAtencion: answer.open_atencion,
      });
      endSession();
      void navigate('/login', { replace: true });
    },
  });

  // a wrong password is said on its field; anything else above it
  const formError =
    deletion.isError && !confirmation.isOnFields(deletion.error) ? describeError(deletion.error) : null;
  return (
    <Dialog
      open
      onClose={deletion.isPending ? undefined : onClose}
      fullScreen={isPhone}
      maxWidth="sm"
      fullWidth
      aria-labelledby={titleId}
    >
      <form onSubmit={confirmation.submit} noValidate>
        <DialogTitle id={titleId}>{t.deleteDialogTitle}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <Typography>{t.deleteWhatGoes}</Typography>
            <Typography>{t.deleteWhatStays}</Typography>
            <Alert severity="warning">{t.deleteWhen}</Alert>
            <Typography color="text.secondary">{t.deleteAtencion}</Typography>
            {formError ? (
              <Alert severity="error" role="alert">
                {formError}
              </Alert>
            ) : null}
            <PasswordAgainFields
              form={confirmation}
              texts={{
                passwordLabel: t.deletePasswordLabel,
                passwordHelp: t.deletePasswordHelp,
                passwordRequired: t.deletePasswordRequired,
              }}
              autoFocus
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={deletion.isPending}>
            {t.deleteCancel}
          </Button>
          <SubmitButton isPending={deletion.isPending} color="error">
            {t.deleteConfirm}
          </SubmitButton>
        </DialogActions>
      </form>
    </Dialog>
  );
}

function describeError(error: unknown): string {
  // the server's Spanish message says what to do (too many tries, a Google account without a password)
  if (isApiRequestError(error) && error.status !== 500) return error.message;
  return t.deleteFailed;
}
