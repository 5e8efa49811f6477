import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { PHONE_LENGTH } from '@escudo/contract/browser';
import { FormField } from '../../../components/form-field.tsx';
import { describeErrorDetails, isApiRequestError } from '../../../lib/api-client.ts';
import { fillText } from '../../../lib/format.ts';
import { muiField } from '../../../lib/forms.ts';
import { useSendInvitation } from '../api/send-invitation.ts';
import { networkTexts as t } from '../texts.ts';

// spec 5: Security network add. Name required, phone required with 11 digits, email required and valid.
const inviteFormSchema = z.object({
  name: z.string().trim().min(1, t.fieldRequired),
  phone: z
    .string()
    .trim()
    .min(1, t.fieldRequired)
    .regex(new RegExp(`^\\d{${PHONE_LENGTH}}$`), t.phoneFormat),
  invitado: z.string().trim().min(1, t.fieldRequired).pipe(z.email(t.emailFormat)),
});
type InviteForm = z.input<typeof inviteFormSchema>;

/** The invitation form of the first tab; `isFull` when the plan's max_red is reached. */
export function InviteForm({ maxRed, used }: { maxRed: number | null; used: number }) {
  const sendInvitation = useSendInvitation();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<InviteForm, unknown, z.output<typeof inviteFormSchema>>({
    resolver: zodResolver(inviteFormSchema),
    mode: 'onTouched',
    defaultValues: { name: '', phone: '', invitado: '' },
  });
  const isFull = maxRed !== null && used >= maxRed;

  const onSubmit = handleSubmit((values) => {
    sendInvitation.mutate(values, {
      onSuccess: () => reset(),
      onError: (error) => {
        // a message about one field goes under it; the rest above the form
        const fields = isApiRequestError(error) ? (error.fields ?? {}) : {};
        for (const name of ['name', 'phone', 'invitado'] as const) {
          if (fields[name]) setError(name, { message: fields[name] });
        }
      },
    });
  });
  const fieldErrors = isApiRequestError(sendInvitation.error) ? sendInvitation.error.fields : undefined;

  return (
    <Box component="form" onSubmit={onSubmit} noValidate aria-labelledby="network-invite-heading">
      <Typography id="network-invite-heading" variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {t.inviteHeading}
      </Typography>
      {maxRed !== null ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {fillText(t.inviteUsage, { max: maxRed, used })}
        </Typography>
      ) : null}
      <Stack spacing={2}>
        {sendInvitation.isSuccess ? (
          <Alert severity="success">
            {fillText(t.invited, { email: sendInvitation.variables.invitado })}
          </Alert>
        ) : null}
        {sendInvitation.isError && !fieldErrors ? (
          <Alert severity="error">{describeErrorDetails(sendInvitation.error).join(' ')}</Alert>
        ) : null}
        {isFull ? <Alert severity="info">{t.limitReached}</Alert> : null}
        <FormField
          {...muiField(register('name'))}
          id="network-invite-name"
          label={t.nameLabel}
          autoComplete="off"
          error={Boolean(errors.name)}
          helperText={errors.name?.message}
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <FormField
            {...muiField(register('phone'))}
            id="network-invite-phone"
            label={t.phoneLabel}
            inputMode="numeric"
            autoComplete="off"
            error={Boolean(errors.phone)}
            helperText={errors.phone?.message ?? t.phoneHint}
          />
          <FormField
            {...muiField(register('invitado'))}
            id="network-invite-email"
            label={t.emailLabel}
            type="email"
            autoComplete="off"
            error={Boolean(errors.invitado)}
            helperText={errors.invitado?.message}
          />
        </Stack>
        <Button
          type="submit"
          variant="contained"
          loading={sendInvitation.isPending}
          disabled={isFull}
          sx={{ alignSelf: { sm: 'flex-start' } }}
        >
          {t.invite}
        </Button>
      </Stack>
    </Box>
  );
}
