import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormField } from '../../../components/form-field.tsx';
import { PasswordField } from '../../../components/password-field.tsx';
import { describeErrorDetails, isApiRequestError } from '../../../lib/api-client.ts';
import { muiField, showServerFieldErrors } from '../../../lib/forms.ts';
import { useChangeEmail } from '../api/change-email.ts';
import { profileTexts as t } from '../texts.ts';

const changeEmailFormSchema = z.object({
  email: z.string().trim().min(1, t.required).pipe(z.email(t.emailInvalid)),
  password: z.string().min(1, t.passwordRequired),
});
type ChangeEmailForm = z.input<typeof changeEmailFormSchema>;

/**
 * The profile's 'Cambiar email' (decision 050): the new address and the current password; the server
 * sends a link to the new address and a notice to the current one, and the e-mail changes only once
 * the new address's link is opened and, when the current one is verified, it says yes or stays silent. A refusal the
 * server ties to a field (a wrong password, a taken e-mail) shows on it; any other (a limit) above
 * the buttons.
 */
export function ChangeEmailDialog({
  open,
  onClose,
  onSent,
}: {
  open: boolean;
  onClose: () => void;
  /** the links went out; the profile shows the change under way from the user's details */
  onSent: (email: string) => void;
}) {
  const change = useChangeEmail();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<ChangeEmailForm>({
    resolver: zodResolver(changeEmailFormSchema),
    mode: 'onTouched',
    defaultValues: { email: '', password: '' },
  });

  const close = () => {
    if (change.isPending) return;
    reset();
    change.reset();
    onClose();
  };

  const onSubmit = handleSubmit((values) => {
    change.mutate(
      { email: values.email.trim(), password: values.password },
      {
        onSuccess: (answer) => {
          reset();
          change.reset();
          onSent(answer.email);
        },
        onError: (error) => showServerFieldErrors(error, values, setError),
      },
    );
  });

  // a refusal about a field is shown on that field; anything else above the buttons
  const isAboutAField = isApiRequestError(change.error) && Boolean(change.error.fields);
  return (
    <Dialog open={open} onClose={close} aria-labelledby="change-email-title" maxWidth="xs" fullWidth>
      <form onSubmit={onSubmit} noValidate aria-label={t.changeEmailTitle}>
        <DialogTitle id="change-email-title">{t.changeEmailTitle}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <DialogContentText>{t.changeEmailIntro}</DialogContentText>
            <FormField
              id="change-email-email"
              label={t.newEmailLabel}
              type="email"
              autoComplete="email"
              error={Boolean(errors.email)}
              helperText={errors.email?.message}
              {...muiField(register('email'))}
            />
            <PasswordField
              id="change-email-password"
              label={t.currentPasswordLabel}
              autoComplete="current-password"
              error={Boolean(errors.password)}
              helperText={errors.password?.message}
              {...muiField(register('password'))}
            />
            {change.isError && !isAboutAField ? (
              <Alert severity="error">
                {t.changeEmailFailed} {describeErrorDetails(change.error).join(' ')}
              </Alert>
            ) : null}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={close} disabled={change.isPending}>
            {t.cancel}
          </Button>
          <Button type="submit" variant="contained" loading={change.isPending}>
            {t.sendLink}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
