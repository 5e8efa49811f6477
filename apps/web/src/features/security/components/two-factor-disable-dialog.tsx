import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { PasswordAgainFields, usePasswordAgainForm } from '../../../components/password-again.tsx';
import { describeErrorDetails } from '../../../lib/api-client.ts';
import { useDisableTwoFactor } from '../api/disable-two-factor.ts';
import { securityTexts } from '../texts.ts';

/** Turning two-step sign-in off (decision 035): the password and a code, or nothing changes. */
export function TwoFactorDisableDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const titleId = useId();
  const disable = useDisableTwoFactor();
  const confirmation = usePasswordAgainForm({
    // the code is what proves the app is still at hand
    asksCode: true,
    isPending: disable.isPending,
    // every refusal is said above the fields
    showsRefusalOnFields: false,
    onSubmit: async ({ password, code = '' }) => {
      await disable.mutateAsync({ password, code });
      close();
    },
  });

  function close() {
    if (disable.isPending) return;
    confirmation.reset();
    disable.reset();
    onClose();
  }

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <form onSubmit={confirmation.submit} noValidate>
        <DialogTitle id={titleId}>{securityTexts.disableTitle}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <Typography color="text.secondary">{securityTexts.disableText}</Typography>
            {disable.isError ? (
              <Alert severity="error">{describeErrorDetails(disable.error).join(' ')}</Alert>
            ) : null}
            <PasswordAgainFields
              form={confirmation}
              texts={{
                passwordLabel: securityTexts.disablePasswordLabel,
                passwordRequired: securityTexts.disablePasswordRequired,
                codeLabel: securityTexts.disableCodeLabel,
                codeHelp: null,
                codeRequired: securityTexts.disableCodeRequired,
              }}
              autoFocus
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={disable.isPending}>
            {securityTexts.cancel}
          </Button>
          <Button type="submit" variant="contained" color="error" loading={disable.isPending}>
            {securityTexts.twoFactorDeactivate}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
