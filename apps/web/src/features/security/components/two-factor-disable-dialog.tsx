import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState, type FormEvent } from 'react';
import { FormField } from '../../../components/form-field.tsx';
import { PasswordField } from '../../../components/password-field.tsx';
import { describeErrorDetails } from '../../../lib/api-client.ts';
import { useDisableTwoFactor } from '../api/disable-two-factor.ts';
import { securityTexts } from '../texts.ts';

/** Turning two-step sign-in off (decision 035): the password and a code, or nothing changes. */
export function TwoFactorDisableDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const titleId = useId();
  const passwordId = useId();
  const codeId = useId();
  const disable = useDisableTwoFactor();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [hasTriedToSubmit, setHasTriedToSubmit] = useState(false);

  const close = () => {
    if (disable.isPending) return;
    setPassword('');
    setCode('');
    setHasTriedToSubmit(false);
    disable.reset();
    onClose();
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    setHasTriedToSubmit(true);
    if (password === '' || code.trim() === '' || disable.isPending) return;
    disable.mutate(
      { password, code: code.trim() },
      // a code works once: a refused try needs a fresh one
      {
        onSuccess: close,
        onError: () => {
          setCode('');
          setHasTriedToSubmit(false);
        },
      },
    );
  }

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{securityTexts.disableTitle}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <Typography color="text.secondary">{securityTexts.disableText}</Typography>
            {disable.isError ? (
              <Alert severity="error">{describeErrorDetails(disable.error).join(' ')}</Alert>
            ) : null}
            <PasswordField
              id={passwordId}
              label={securityTexts.disablePasswordLabel}
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              autoComplete="current-password"
              autoFocus
              required
              error={hasTriedToSubmit && password === ''}
              helperText={hasTriedToSubmit && password === '' ? securityTexts.disablePasswordRequired : null}
            />
            <FormField
              id={codeId}
              label={securityTexts.disableCodeLabel}
              value={code}
              onChange={(event) => setCode(event.target.value)}
              autoComplete="one-time-code"
              required
              error={hasTriedToSubmit && code.trim() === ''}
              helperText={hasTriedToSubmit && code.trim() === '' ? securityTexts.disableCodeRequired : null}
              inputProps={{ maxLength: 32, spellCheck: false, autoCapitalize: 'off' }}
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
