import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PasswordAgainFields, usePasswordAgainForm } from '../../../components/password-again.tsx';
import { describeErrorDetails } from '../../../lib/api-client.ts';
import { securityTexts as t } from '../texts.ts';

/**
 * Before the secret is shown, the password (the server checks it, decision 035): a session taken from
 * its owner must not be able to turn two-step sign-in on and lock the owner out.
 */
export function TwoFactorPasswordStep({
  isPending,
  error,
  onSubmit,
  onCancel,
}: {
  isPending: boolean;
  error: unknown;
  /** starts the setup; what it throws is the server's refusal */
  onSubmit: (password: string) => Promise<unknown>;
  onCancel: () => void;
}) {
  // no code yet: two-step sign-in is off
  const confirmation = usePasswordAgainForm({
    asksCode: false,
    isPending,
    onSubmit: ({ password }) => onSubmit(password),
  });

  // a wrong password is said on its field; anything else above it
  const formError = error && !confirmation.isOnFields(error) ? describeErrorDetails(error).join(' ') : null;
  return (
    <Stack component="form" spacing={2} onSubmit={confirmation.submit} noValidate>
      <Typography>{t.twoFactorPasswordIntro}</Typography>
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
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button onClick={onCancel} disabled={isPending}>
          {t.cancel}
        </Button>
        <Button type="submit" variant="contained" loading={isPending}>
          {t.twoFactorPasswordContinue}
        </Button>
      </Stack>
    </Stack>
  );
}
