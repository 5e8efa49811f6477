import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Box from '@mui/material/Box';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { renameDevice, type Device } from '@escudo/contract';
import { FormField } from '../../../components/form-field.tsx';
import { isApiRequestError } from '../../../lib/api-client.ts';
import { muiField, showServerFieldErrors } from '../../../lib/forms.ts';
import { useRenameDevice } from '../api/rename-device.ts';
import { devicesTexts as t } from '../texts.ts';
import { SubmitButton } from '../../../components/submit-button.tsx';

// the name as the server checks it: the contract's own schema, and its messages
const renameFormSchema = z.object({ name: renameDevice.body.shape.name });

/** 'Cambiar nombre': the phone's current name, checked as the server checks it, then saved. */
export function RenameDeviceDialog({ device, onClose }: { device: Device; onClose: () => void }) {
  const titleId = useId();
  const fieldId = useId();
  const rename = useRenameDevice();
  // the checks' messages appear once saving was tried, and follow what is typed from then on
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<z.input<typeof renameFormSchema>, unknown, z.output<typeof renameFormSchema>>({
    resolver: zodResolver(renameFormSchema),
    defaultValues: { name: device.device_name },
    shouldFocusError: false,
  });

  const isAboutTheName = isApiRequestError(rename.error) && Boolean(rename.error.fields?.name);
  const formError =
    rename.isError && !isAboutTheName
      ? isApiRequestError(rename.error) && rename.error.status !== 500
        ? rename.error.message
        : t.renameFailed
      : null;

  const submit = handleSubmit((values) => {
    if (rename.isPending) return;
    rename.mutate(
      { device_id: device.device_id, name: values.name },
      { onSuccess: onClose, onError: (error) => showServerFieldErrors(error, values, setError) },
    );
  });

  return (
    <Dialog
      open
      onClose={rename.isPending ? undefined : onClose}
      maxWidth="xs"
      fullWidth
      aria-labelledby={titleId}
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{t.renameTitle}</DialogTitle>
        <DialogContent>
          {formError ? (
            <Alert severity="error" role="alert" sx={{ mb: 2 }}>
              {formError}
            </Alert>
          ) : null}
          <Box sx={{ pt: 1 }}>
            <FormField
              {...muiField(register('name'))}
              id={fieldId}
              label={t.renameLabel}
              autoFocus
              required
              error={Boolean(errors.name)}
              helperText={errors.name?.message ?? t.renameHelp}
              inputProps={{ maxLength: 80 }}
            />
          </Box>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={rename.isPending}>
            {t.cancel}
          </Button>
          <SubmitButton isPending={rename.isPending}>{t.renameSave}</SubmitButton>
        </DialogActions>
      </form>
    </Dialog>
  );
}
