import Alert, { type AlertColor } from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { CommandState } from '@escudo/contract';
import { LOCK_PIN_LENGTH } from '@escudo/contract/browser';
import { FormField } from '../../../components/form-field.tsx';
import { describeErrorDetails } from '../../../lib/api-client.ts';
import { muiControlledField } from '../../../lib/forms.ts';
import { useCommand } from '../../../lib/commands/use-command.ts';
import { useDevicePresence } from '../../../lib/realtime/use-realtime.ts';
import { useBlockMyPhone } from '../api/block-my-phone-notification.ts';
import { lostphoneTexts } from '../texts.ts';
import { CommandProgress } from './command-progress.tsx';
import { DialogDeviceHeader, DialogNotice, type ProtectionDialogProps } from './dialog-parts.tsx';
import { PendingOrders } from './pending-orders.tsx';

const pinPattern = new RegExp(`^\\d{${LOCK_PIN_LENGTH}}$`);

/** 'Bloqueo de pantalla' (spec 4, 5): a 4-digit PIN goes to the phone, then the order is followed. */
export function LockDialog({ device, open, onClose }: ProtectionDialogProps) {
  const titleId = useId();
  const { control, handleSubmit, reset } = useForm({ defaultValues: { pin: '' } });
  const pin = useWatch({ control, name: 'pin' });
  const blockMutation = useBlockMyPhone();
  const isOnline = useDevicePresence(device.device_id);
  const ordered = blockMutation.data?.command ?? null;
  // the order as the phone moves it along (decision 007: the owner must know whether it ran)
  const command = useCommand(ordered?.id ?? null)?.command ?? ordered;
  const isPinValid = pinPattern.test(pin);

  const onSubmit = handleSubmit((values) => {
    if (blockMutation.isPending) return;
    blockMutation.mutate({ device_id: device.device_id, pin: values.pin });
  });

  const startOver = () => {
    blockMutation.reset();
    reset();
  };

  const canRetry = command?.state === 'failed' || command?.state === 'expired';

  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      maxWidth="xs"
      fullWidth
      // a fresh dialog each time it opens; the order itself goes on on the server
      slotProps={{ transition: { onExited: startOver } }}
    >
      <DialogTitle id={titleId}>{lostphoneTexts.lockTitle}</DialogTitle>
      {command ? (
        <>
          <DialogContent>
            <DialogDeviceHeader device={device} isOnline={isOnline} />
            <CommandProgress command={command} />
            <LockOutcome state={command.state} reason={command.reason} isOnline={isOnline} />
          </DialogContent>
          <DialogActions>
            {canRetry ? <Button onClick={startOver}>{lostphoneTexts.tryAgain}</Button> : null}
            <Button variant="contained" onClick={onClose}>
              {lostphoneTexts.close}
            </Button>
          </DialogActions>
        </>
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <DialogContent>
            <DialogDeviceHeader device={device} isOnline={isOnline} />
            {/* an order waiting for this phone (decision 043): seen, and cancellable, before another */}
            <PendingOrders device={device} types={['lock']} placement="dialog" />
            <DialogContentText sx={{ mb: 2 }}>{lostphoneTexts.lockIntro}</DialogContentText>
            <DialogNotice severity="info" text={isOnline === false ? lostphoneTexts.lockOffline : null} />
            <DialogNotice
              severity="error"
              text={blockMutation.isError ? describeErrorDetails(blockMutation.error).join(' ') : null}
            />
            <Controller
              control={control}
              name="pin"
              // the button waits for 4 digits; nothing else is sent either (Enter)
              rules={{ pattern: pinPattern }}
              render={({ field }) => (
                <FormField
                  id={`${titleId}-pin`}
                  label={lostphoneTexts.lockPinLabel}
                  {...muiControlledField(field)}
                  // digits only, at most 4: what a phone's lock screen accepts
                  onChange={(event) =>
                    field.onChange(event.target.value.replace(/\D/g, '').slice(0, LOCK_PIN_LENGTH))
                  }
                  // shown as typed: a mistyped PIN would lock the owner out of their own phone
                  type="text"
                  autoComplete="off"
                  autoFocus
                  helperText={lostphoneTexts.lockPinHelper}
                  inputProps={{
                    inputMode: 'numeric',
                    pattern: '[0-9]*',
                    maxLength: LOCK_PIN_LENGTH,
                  }}
                  sx={{ '& input': { letterSpacing: '0.5em', fontSize: 22 } }}
                />
              )}
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{lostphoneTexts.cancel}</Button>
            <Button
              type="submit"
              variant="contained"
              disabled={!isPinValid}
              loading={blockMutation.isPending}
            >
              {lostphoneTexts.lockSubmit}
            </Button>
          </DialogActions>
        </form>
      )}
    </Dialog>
  );
}

/** What the owner is told in each state of the order. */
const lockOutcomes: Record<CommandState, { severity: AlertColor; text: string }> = {
  sent: { severity: 'info', text: lostphoneTexts.lockSent },
  delivered: { severity: 'info', text: lostphoneTexts.lockSent },
  done: { severity: 'success', text: lostphoneTexts.lockDone },
  expired: { severity: 'warning', text: lostphoneTexts.lockExpired },
  failed: { severity: 'error', text: lostphoneTexts.lockFailed },
  cancelled: { severity: 'error', text: lostphoneTexts.lockFailed },
};

function LockOutcome({
  state,
  reason,
  isOnline,
}: {
  state: CommandState;
  reason: string | null;
  isOnline: boolean | null;
}) {
  const { severity, text } = lockOutcomes[state];
  // a lock cancelled before it reached the phone (replaced by a newer one, taken back) says why
  if (state === 'cancelled' && reason) {
    return (
      <Alert severity="info" sx={{ mt: 2 }}>
        {reason}
      </Alert>
    );
  }
  return (
    <Alert severity={severity} sx={{ mt: 2 }}>
      {state === 'sent' && isOnline === false ? lostphoneTexts.lockWaitingOffline : text}
    </Alert>
  );
}
