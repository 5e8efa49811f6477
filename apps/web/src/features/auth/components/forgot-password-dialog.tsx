import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { describeErrorDetails } from '../../../lib/api-client.ts';
import { FormField } from '../../../components/form-field.tsx';
import { muiField } from '../../../lib/forms.ts';
import { useForgotPass } from '../api/forgot-pass.ts';
import { emailField } from '../schemas.ts';
import { authTexts } from '../texts.ts';

const forgotFormSchema = z.object({ email: emailField(authTexts.emailRequired, authTexts.emailInvalid) });
type ForgotForm = z.input<typeof forgotFormSchema>;

/** 'Reestablecer contraseña' from Login: asks for the e-mail and sends the reset link. */
export function ForgotPasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const forgotMutation = useForgotPass();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ForgotForm, unknown, z.output<typeof forgotFormSchema>>({
    resolver: zodResolver(forgotFormSchema),
    mode: 'onTouched',
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit((values) => forgotMutation.mutate(values));

  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="xs"
      aria-labelledby="forgot-password-title"
      slotProps={{
        // a fresh dialog each time: no stale e-mail or message from the previous opening
        transition: {
          onExited: () => {
            reset();
            forgotMutation.reset();
          },
        },
      }}
    >
      <DialogTitle id="forgot-password-title">{authTexts.forgotTitle}</DialogTitle>
      {forgotMutation.isSuccess ? (
        <>
          <DialogContent>
            <Alert severity="success">{authTexts.forgotSent}</Alert>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{authTexts.close}</Button>
          </DialogActions>
        </>
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <DialogContent>
            <DialogContentText sx={{ mb: 2 }}>{authTexts.forgotIntro}</DialogContentText>
            {forgotMutation.isError ? (
              <Alert severity="error" sx={{ mb: 2 }}>
                {describeErrorDetails(forgotMutation.error).join(' ')}
              </Alert>
            ) : null}
            <FormField
              {...muiField(register('email'))}
              id="forgot-password-email"
              label={authTexts.emailLabel}
              type="email"
              autoComplete="email"
              autoFocus
              error={Boolean(errors.email)}
              helperText={errors.email?.message}
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{authTexts.cancel}</Button>
            <Button type="submit" variant="contained" loading={forgotMutation.isPending}>
              {authTexts.forgotSubmit}
            </Button>
          </DialogActions>
        </form>
      )}
    </Dialog>
  );
}
