import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState, type FormEvent } from 'react';
import { FormField } from '../../../components/form-field.tsx';
import { describeErrorDetails } from '../../../lib/api-client.ts';
import { useConfirmTwoFactor } from '../api/confirm-two-factor.ts';
import { securityTexts } from '../texts.ts';
import { TwoFactorQrCode } from './two-factor-qr-code.tsx';

/** the secret as a person copies it into an app by hand: groups of 4 letters */
export const groupSecret = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

/**
 * Turning two-step sign-in on (issue 29 item 2): the started secret as a QR code and as text, then a
 * code of the app, which the server checks before anything is on.
 */
export function TwoFactorSetup({
  setup,
  onConfirmed,
  onCancel,
}: {
  setup: { secret: string; otpauth_url: string };
  onConfirmed: (recoveryCodes: string[]) => void;
  onCancel: () => void;
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
