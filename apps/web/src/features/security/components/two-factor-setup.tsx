import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState, type FormEvent } from 'react';
import { FormField } from '../../../components/form-field.tsx';
import { describeErrorDetails, isApiRequestError } from '../../../lib/api-client.ts';
import { useConfirmTwoFactor } from '../api/confirm-two-factor.ts';
import { securityTexts } from '../texts.ts';
import { TwoFactorQrCode } from './two-factor-qr-code.tsx';

/** the secret as a person copies it into an app by hand: groups of 4 letters */
export const groupSecret = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

/**
 * the refusals that mean this secret can no longer be confirmed: it was started more than 15 minutes
 * ago, or replaced or used meanwhile (decision 052); only a new start helps
 */
const DEAD_SETUP_CODES = new Set(['TWO_FACTOR_SETUP_EXPIRED', 'TWO_FACTOR_NOT_STARTED']);

/**
 * Turning two-step sign-in on (decision 035): the started secret as a QR code and as text, then a
 * code of the app, which the server checks before anything is on. Once the server says the secret is
 * no longer good, its QR code goes away and the person starts again (the password, then a new QR code).
 */
export function TwoFactorSetup({
  setup,
  onConfirmed,
  onCancel,
  onRestart,
}: {
  setup: { secret: string; otpauth_url: string };
  onConfirmed: (recoveryCodes: string[]) => void;
  onCancel: () => void;
  onRestart: () => void;
}) {
  const secretId = useId();
  const codeId = useId();
  const confirm = useConfirmTwoFactor();
  const [code, setCode] = useState('');
  const [hasTriedToSubmit, setHasTriedToSubmit] = useState(false);

  const typed = code.replace(/\s/g, '');
  const codeError =
    typed === ''
      ? securityTexts.twoFactorCodeRequired
      : /^\d{6}$/.test(typed)
        ? null
        : securityTexts.twoFactorCodeFormat;

  if (isApiRequestError(confirm.error) && DEAD_SETUP_CODES.has(confirm.error.code)) {
    return (
      <Stack spacing={2}>
        <Alert severity="warning">{confirm.error.message}</Alert>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
          <Button variant="contained" onClick={onRestart}>
            {securityTexts.twoFactorRestart}
          </Button>
          <Button onClick={onCancel}>{securityTexts.cancel}</Button>
        </Stack>
      </Stack>
    );
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setHasTriedToSubmit(true);
    if (codeError || confirm.isPending) return;
    confirm.mutate(
      { code: typed },
      {
        onSuccess: ({ recovery_codes }) => onConfirmed(recovery_codes),
        onError: () => {
          setCode('');
          setHasTriedToSubmit(false);
        },
      },
    );
  }

  return (
    <Stack component="form" spacing={2} onSubmit={submit} noValidate>
      <Typography>{securityTexts.twoFactorScan}</Typography>
      <TwoFactorQrCode url={setup.otpauth_url} />
      <FormField
        id={secretId}
        label={securityTexts.twoFactorSecretLabel}
        value={groupSecret(setup.secret)}
        readOnly
        // wraps at a phone's width instead of hiding the end of the key
        multiline
        helperText={securityTexts.twoFactorSecretHelp}
        inputProps={{ spellCheck: false, style: { fontFamily: 'monospace', letterSpacing: 1 } }}
      />
      <Typography>{securityTexts.twoFactorEnterCode}</Typography>
      {confirm.isError ? (
        <Alert severity="error">{describeErrorDetails(confirm.error).join(' ')}</Alert>
      ) : null}
      <Box sx={{ maxWidth: 280 }}>
        <FormField
          id={codeId}
          label={securityTexts.twoFactorCodeLabel}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          autoComplete="one-time-code"
          required
          error={hasTriedToSubmit && codeError !== null}
          helperText={hasTriedToSubmit ? codeError : null}
          inputProps={{ inputMode: 'numeric', maxLength: 8 }}
        />
      </Box>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
        <Button type="submit" variant="contained" loading={confirm.isPending}>
          {securityTexts.twoFactorConfirm}
        </Button>
        <Button onClick={onCancel} disabled={confirm.isPending}>
          {securityTexts.cancel}
        </Button>
      </Stack>
    </Stack>
  );
}
