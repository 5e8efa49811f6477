import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { FormField } from '../../../components/form-field.tsx';
import { describeErrorDetails, isApiRequestError } from '../../../lib/api-client.ts';
import { muiControlledField } from '../../../lib/forms.ts';
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

/** the code as typed, without the spaces an app shows in it */
const typedCode = (code: string) => code.replace(/\s/g, '');

function checkCode(code: string): string | true {
  const typed = typedCode(code);
  if (typed === '') return securityTexts.twoFactorCodeRequired;
  return /^\d{6}$/.test(typed) ? true : securityTexts.twoFactorCodeFormat;
}

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
  // the code's message appears once confirming was tried, and follows what is typed from then on
  const { control, handleSubmit, reset } = useForm({
    defaultValues: { code: '' },
    shouldFocusError: false,
  });

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

  const submit = handleSubmit(({ code }) => {
    if (confirm.isPending) return;
    confirm.mutate(
      { code: typedCode(code) },
      {
        onSuccess: ({ recovery_codes }) => onConfirmed(recovery_codes),
        // a refused code is gone, and the next one is not called missing before it is sent
        onError: () => reset(),
      },
    );
  });

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
        {/* controlled: emptied after a refusal, its label comes down */}
        <Controller
          control={control}
          name="code"
          rules={{ validate: checkCode }}
          render={({ field, fieldState }) => (
            <FormField
              {...muiControlledField(field)}
              id={codeId}
              label={securityTexts.twoFactorCodeLabel}
              autoComplete="one-time-code"
              required
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message}
              inputProps={{ inputMode: 'numeric', maxLength: 8 }}
            />
          )}
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
