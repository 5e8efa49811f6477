import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Box from '@mui/material/Box';
import { useId, useState, type FormEvent } from 'react';
import { renameDevice, type Device } from '@escudo/contract';
import { FormField } from '../../../components/form-field.tsx';
import { isApiRequestError } from '../../../lib/api-client.ts';
import { useRenameDevice } from '../api/rename-device.ts';
import { devicesTexts as t } from '../texts.ts';
import { SubmitButton } from '../../../components/submit-button.tsx';

const nameSchema = renameDevice.body.shape.name;

/** 'Cambiar nombre': the phone's current name, checked as the server checks it, then saved. */
export function RenameDeviceDialog({ device, onClose }: { device: Device; onClose: () => void }) {
  const titleId = useId();
  const fieldId = useId();
  const [name, setName] = useState(device.device_name);
  const [hasTriedToSubmit, setHasTriedToSubmit] = useState(false);
  const rename = useRenameDevice();

  const checked = nameSchema.safeParse(name);
  const localError = hasTriedToSubmit && !checked.success ? checked.error.issues[0]?.message : undefined;
  const serverFieldError =
    rename.isError && isApiRequestError(rename.error) ? rename.error.fields?.name : undefined;
  const fieldError = localError ?? serverFieldError;
  const formError =
    rename.isError && !serverFieldError
      ? isApiRequestError(rename.error) && rename.error.status !== 500
        ? rename.error.message
        : t.renameFailed
      : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setHasTriedToSubmit(true);
    if (!checked.success || rename.isPending) return;
    rename.mutate({ device_id: device.device_id, name: checked.data }, { onSuccess: onClose });
  };

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
              id={fieldId}
              label={t.renameLabel}
              value={name}
              onChange={(event) => setName(event.target.value)}
              autoFocus
              required
              error={Boolean(fieldError)}
              helperText={fieldError ?? t.renameHelp}
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
