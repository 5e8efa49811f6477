import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useId, useState } from 'react';
import type { Device } from '@escudo/contract';
import {
  PasswordAgainFields,
  useNeedsSecondStep,
  usePasswordAgainForm,
} from '../../../components/password-again.tsx';
import { isApiRequestError } from '../../../lib/api-client.ts';
import { fillText } from '../../../lib/format.ts';
import { forgetRemovedDevice, useRemoveDevice } from '../api/remove-device.ts';
import { devicesTexts as t } from '../texts.ts';
import { SubmitButton } from '../../../components/submit-button.tsx';

/**
 * 'Quitar dispositivo' (decision 044): what happens, the choice about its reports and
 * routes, the password (and the two-step code when on), as before a wipe. Once removed, the dialog
 * says so; closing it takes the phone off the list.
 */
export function RemoveDeviceDialog({ device, onClose }: { device: Device; onClose: () => void }) {
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const choiceId = useId();
  const [deleteData, setDeleteData] = useState(false);
  const removal = useRemoveDevice();
  const isDone = removal.isSuccess;
  const confirmation = usePasswordAgainForm({
    // with two-step sign-in on, the server asks its code too (decision 035)
    asksCode: useNeedsSecondStep(),
    isPending: removal.isPending,
    onSubmit: (values) =>
      removal.mutateAsync({ device_id: device.device_id, ...values, delete_data: deleteData }),
  });
  const close = () => {
    if (isDone) forgetRemovedDevice(device);
    onClose();
  };

  // a wrong password is said on its field; anything else above it
  const formError =
    removal.isError && !confirmation.isOnFields(removal.error)
      ? isApiRequestError(removal.error) && removal.error.status !== 500
        ? removal.error.message
        : t.removeFailed
      : null;

  return (
    <Dialog
      open
      onClose={removal.isPending ? undefined : close}
      fullScreen={isPhone}
      maxWidth="sm"
      fullWidth
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId}>{fillText(t.removeTitle, { name: device.device_name })}</DialogTitle>
      {isDone ? (
        <>
          <DialogContent>
            <Alert severity="success" role="status">
              {fillText(t.removeDone, { name: device.device_name })}
            </Alert>
          </DialogContent>
          <DialogActions>
            <Button variant="contained" onClick={close} autoFocus>
              {t.understood}
            </Button>
          </DialogActions>
        </>
      ) : (
        <form onSubmit={confirmation.submit} noValidate>
          <DialogContent>
            <Stack spacing={2}>
              <Typography>{t.removeWhat}</Typography>
              <Typography>{t.removeSlot}</Typography>
              <FormControl>
                <FormLabel id={choiceId}>{t.removeDataLegend}</FormLabel>
                <RadioGroup
                  aria-labelledby={choiceId}
                  value={deleteData ? 'delete' : 'keep'}
                  onChange={(event) => setDeleteData(event.target.value === 'delete')}
                >
                  <FormControlLabel value="keep" control={<Radio />} label={t.removeKeep} />
                  <Typography variant="body2" color="text.secondary" sx={{ ml: 4, mb: 1 }}>
                    {t.removeKeepHelp}
                  </Typography>
                  <FormControlLabel value="delete" control={<Radio />} label={t.removeDelete} />
                  <Typography variant="body2" color="text.secondary" sx={{ ml: 4 }}>
                    {t.removeDeleteHelp}
                  </Typography>
                </RadioGroup>
              </FormControl>
              {formError ? (
                <Alert severity="error" role="alert">
                  {formError}
                </Alert>
              ) : null}
              <PasswordAgainFields
                form={confirmation}
                texts={{
                  passwordLabel: t.removePasswordLabel,
                  passwordHelp: t.removePasswordHelp,
                  passwordRequired: t.removePasswordRequired,
                }}
              />
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={close} disabled={removal.isPending}>
              {t.cancel}
            </Button>
            <SubmitButton isPending={removal.isPending} color="error">
              {t.removeConfirm}
            </SubmitButton>
          </DialogActions>
        </form>
      )}
    </Dialog>
  );
}
