import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import { useEffect, useEffectEvent, useId, useState } from 'react';
import { WIPE_RESET_AFTER_CLOSE_MS } from '@escudo/contract/browser';
import { useDevicePresence } from '../../../lib/realtime/use-realtime.ts';
import { useWipeOrder } from '../hooks/use-wipe-order.ts';
import type { WipeState } from '../hooks/wipe-flow.ts';
import { lostphoneTexts } from '../texts.ts';
import { DialogDeviceHeader, type ProtectionDialogProps } from './dialog-parts.tsx';
import { WipePasswordForm } from './wipe-password-form.tsx';
import { WipeOutcome, WipeWaiting } from './wipe-progress.tsx';

const stepIndex: Record<WipeState['step'], number> = { password: 0, waiting: 1, finished: 3 };
const stepLabels = [
  lostphoneTexts.wipeStepPassword,
  lostphoneTexts.wipeStepWaiting,
  lostphoneTexts.wipeStepFinished,
];

/**
 * 'Borrado del dispositivo' (spec 4, 5, 8, 9): password, the phone's answer and a short window to stop
 * it ('DETENER'), then the outcome. The protocol is useWipeOrder's; this is the screen.
 */
export function WipeDialog({ device, open, onClose }: ProtectionDialogProps) {
  const titleId = useId();
  const { state, isSubmitting, confirm, stop, reset } = useWipeOrder(device);
  // a new password form (empty, no messages) each time the dialog starts afresh
  const [formKey, setFormKey] = useState(0);
  const isOnline = useDevicePresence(device.device_id);

  // spec 4: the dialog's state resets 1 s after closing
  const startAfresh = useEffectEvent(() => {
    reset();
    setFormKey((key) => key + 1);
  });
  useEffect(() => {
    if (open) return;
    const timer = setTimeout(startAfresh, WIPE_RESET_AFTER_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [open]);

  return (
    <Dialog
      open={open}
      onClose={(_event, reason) => {
        // a stray click beside the dialog must not hide the 'DETENER' button
        if (state.step === 'waiting' && reason === 'backdropClick') return;
        onClose();
      }}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id={titleId}>{lostphoneTexts.wipeTitle}</DialogTitle>
      <Box sx={{ px: 3, pb: 1 }}>
        <Stepper activeStep={stepIndex[state.step]} alternativeLabel>
          {stepLabels.map((label) => (
            <Step key={label}>
              <StepLabel>{label}</StepLabel>
            </Step>
          ))}
        </Stepper>
      </Box>
      {state.step === 'password' ? (
        <WipePasswordForm
          key={formKey}
          device={device}
          isOnline={isOnline}
          serverMessage={state.serverMessage}
          isSubmitting={isSubmitting}
          onConfirm={confirm}
          onCancel={onClose}
        />
      ) : (
        <>
          <DialogContent>
            <DialogDeviceHeader device={device} isOnline={isOnline} />
            {state.step === 'waiting' ? (
              <WipeWaiting state={state} onStop={() => void stop()} />
            ) : (
              <WipeOutcome state={state} />
            )}
          </DialogContent>
          <DialogActions>
            <Button variant={state.step === 'finished' ? 'contained' : 'text'} onClick={onClose}>
              {lostphoneTexts.close}
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
