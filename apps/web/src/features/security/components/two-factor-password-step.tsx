import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState, type FormEvent } from 'react';
import { PasswordField } from '../../../components/password-field.tsx';
import { describeErrorDetails, isApiRequestError } from '../../../lib/api-client.ts';
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
  onSubmit: (password: string) => void;
  onCancel: () => void;
}) {
  const fieldId = useId();
  const [password, setPassword] = useState('');
  const [hasTriedToSubmit, setHasTriedToSubmit] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setHasTriedToSubmit(true);
    if (password === '' || isPending) return;
    onSubmit(password);
  };

  const isMissing = hasTriedToSubmit && password === '';
  const fieldError = isApiRequestError(error) ? error.fields?.password : undefined;
  const formError = error && !fieldError ? describeErrorDetails(error).join(' ') : null;
  return (
    <Stack component="form" spacing={2} onSubmit={submit} noValidate>
      <Typography>{t.twoFactorPasswordIntro}</Typography>
      {formError ? (
        <Alert severity="error" role="alert">
          {formError}
        </Alert>
      ) : null}
      <PasswordField
        id={fieldId}
        label={t.deletePasswordLabel}
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        autoComplete="current-password"
        autoFocus
        required
        error={isMissing || Boolean(fieldError)}
        helperText={isMissing ? t.deletePasswordRequired : (fieldError ?? t.deletePasswordHelp)}
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
