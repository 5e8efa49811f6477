import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useReducer, useState, type FormEvent } from 'react';
import type { Device } from '@escudo/contract';
import { WIPE_RESET_AFTER_CLOSE_MS, WRONG_PASSWORD_MESSAGE_MS } from '@escudo/contract/browser';
import { PasswordField } from '../../../components/password-field.tsx';
import { describeErrorDetails, isApiRequestError } from '../../../lib/api-client.ts';
import { BRAND_NAME } from '../../../lib/brand.ts';
import { useConfig } from '../../../lib/config/get-config.ts';
import { fillText } from '../../../lib/format.ts';
import { emit } from '../../../lib/realtime/realtime-client.ts';
import {
  useDevicePresence,
  useRealtimeEvent,
  useRealtimeStatus,
} from '../../../lib/realtime/use-realtime.ts';
import { getDeviceCommands } from '../api/get-device-commands.ts';
import { useValidatePass } from '../api/validate-pass.ts';
import { useWipePhoneData } from '../api/wipe-phone-data-notification.ts';
import { useNow } from '../hooks/use-now.ts';
import {
  getWipeCountdown,
  hasPhoneNotAnswered,
  initialWipeState,
  wipeReducer,
  type WipeState,
} from '../hooks/wipe-flow.ts';
import { lostphoneTexts } from '../texts.ts';
import { CommandProgress } from './command-progress.tsx';
import { DialogDeviceHeader } from './dialog-device-header.tsx';

const stepIndex: Record<WipeState['step'], number> = { password: 0, waiting: 1, finished: 3 };

/**
 * 'Borrado del dispositivo' (spec 4, 5, 8, 9): password, then the phone's answer and a short window to
 * stop it ('DETENER'), then the outcome. The dialog forgets everything 1 s after it closes.
 */
export function WipeDialog({
  device,
  open,
  onClose,
}: {
  device: Device;
  open: boolean;
  onClose: () => void;
}) {
  const titleId = useId();
  const [state, dispatch] = useReducer(wipeReducer, initialWipeState);
  const [password, setPassword] = useState('');
  const [hasTriedToSubmit, setHasTriedToSubmit] = useState(false);
  const [wrongPasswordAt, setWrongPasswordAt] = useState<number | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const validateMutation = useValidatePass();
  const wipeMutation = useWipePhoneData();
  const isOnline = useDevicePresence(device.device_id);
  const realtimeStatus = useRealtimeStatus();
  const { data: config } = useConfig();
  const product = config?.brand_name ?? BRAND_NAME;
  const isWaiting = state.step === 'waiting';
  const now = useNow(isWaiting);
  const commandId = isWaiting ? state.command.id : null;

  // the phone's side of the story (spec 4): acknowledgement, then `deleting` or `cancelingWipe`
  useRealtimeEvent('imHere', (message) => {
    if (message.command_id !== undefined) {
      dispatch({ type: 'phoneAnswered', commandId: message.command_id, at: Date.now() });
    }
  });
  useRealtimeEvent('commandState', ({ command }) =>
    dispatch({ type: 'commandChanged', command, at: Date.now() }),
  );
  useRealtimeEvent('deleting', (message) => dispatch({ type: 'deleting', commandId: message.command_id }));
  useRealtimeEvent('cancelingWipe', (message) =>
    dispatch({ type: 'stopped', commandId: message.command_id }),
  );

  // Catch up with the server's record once the order exists and after every reconnection: the phone
  // may have answered before the dialog knew the command's id, or while the link was down.
  useEffect(() => {
    if (commandId === null || realtimeStatus !== 'connected') return;
    let isCurrent = true;
    getDeviceCommands({ device_id: device.device_id, limit: 20 }).then(
      (commands) => {
        const command = commands.find((candidate) => candidate.id === commandId);
        if (isCurrent && command) dispatch({ type: 'commandChanged', command, at: Date.now() });
      },
      () => undefined,
    );
    return () => {
      isCurrent = false;
    };
  }, [commandId, realtimeStatus, device.device_id]);

  // spec 8: 'Contraseña incorrecta' for 3 s
  useEffect(() => {
    if (wrongPasswordAt === null) return;
    const timer = setTimeout(() => setWrongPasswordAt(null), WRONG_PASSWORD_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [wrongPasswordAt]);

  // spec 4: the dialog's state resets 1 s after closing
  useEffect(() => {
    if (open) return;
    const timer = setTimeout(() => {
      dispatch({ type: 'reset' });
      setPassword('');
      setHasTriedToSubmit(false);
      setWrongPasswordAt(null);
      setFormError(null);
      validateMutation.reset();
      wipeMutation.reset();
    }, WIPE_RESET_AFTER_CLOSE_MS);
    return () => clearTimeout(timer);
    // the mutations' reset functions are stable
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const isSubmitting = validateMutation.isPending || wipeMutation.isPending;

  async function confirm(event: FormEvent) {
    event.preventDefault();
    setHasTriedToSubmit(true);
    if (password === '' || isSubmitting) return;
    setFormError(null);
    setWrongPasswordAt(null);
    try {
      const { status } = await validateMutation.mutateAsync({ password });
      if (!status) {
        setPassword('');
        setHasTriedToSubmit(false);
        setWrongPasswordAt(Date.now());
        return;
      }
      const { command } = await wipeMutation.mutateAsync({ device_id: device.device_id });
      setPassword('');
      dispatch({ type: 'sent', command, at: Date.now() });
    } catch (error) {
      if (isApiRequestError(error) && error.code === 'PASSWORD_CONFIRMATION_REQUIRED') {
        setPassword('');
        setHasTriedToSubmit(false);
        dispatch({ type: 'confirmationRequired', message: error.message });
      } else {
        setFormError(describeErrorDetails(error).join(' '));
      }
    }
  }

  async function stop() {
    if (state.step !== 'waiting' || state.isStopping) return;
    dispatch({ type: 'stopRequested' });
    const answer = await emit('cancelingWipe', {
      device_id: device.device_id,
      command_id: state.command.id,
    });
    if (!answer.ok) dispatch({ type: 'stopRefused', message: answer.message });
  }

  const requiredText = fillText(lostphoneTexts.wipePasswordRequired, { product });
  const isPasswordMissing = hasTriedToSubmit && password === '';

  return (
    <Dialog
      open={open}
      onClose={(_event, reason) => {
        // a stray click beside the dialog must not hide the 'DETENER' button
        if (isWaiting && reason === 'backdropClick') return;
        onClose();
      }}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id={titleId}>{lostphoneTexts.wipeTitle}</DialogTitle>
      <Box sx={{ px: 3, pb: 1 }}>
        <Stepper activeStep={stepIndex[state.step]} alternativeLabel>
          {[
            lostphoneTexts.wipeStepPassword,
            lostphoneTexts.wipeStepWaiting,
            lostphoneTexts.wipeStepFinished,
          ].map((label) => (
            <Step key={label}>
              <StepLabel>{label}</StepLabel>
            </Step>
          ))}
        </Stepper>
      </Box>
      {state.step === 'password' ? (
        <form onSubmit={(event) => void confirm(event)} noValidate>
          <DialogContent>
            <DialogDeviceHeader device={device} isOnline={isOnline} />
            <Alert severity="warning" sx={{ mb: 2 }}>
              {lostphoneTexts.wipeWarning}
            </Alert>
            {isOnline === false ? (
              <Alert severity="info" sx={{ mb: 2 }}>
                {lostphoneTexts.wipeOffline}
              </Alert>
            ) : null}
            {state.serverMessage ? (
              <Alert severity="error" sx={{ mb: 2 }}>
                {state.serverMessage}
              </Alert>
            ) : null}
            {formError ? (
              <Alert severity="error" sx={{ mb: 2 }}>
                {formError}
              </Alert>
            ) : null}
            <Box aria-live="assertive">
              {wrongPasswordAt !== null ? (
                <Alert severity="error" sx={{ mb: 2 }}>
                  {lostphoneTexts.wipeWrongPassword}
                </Alert>
              ) : null}
            </Box>
            <PasswordField
              id={`${titleId}-password`}
              label={lostphoneTexts.wipePasswordLabel}
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              autoComplete="current-password"
              autoFocus
              required
              // spec 5: the sentence is the field's description, and its error once Enter was pressed empty
              error={isPasswordMissing}
              helperText={requiredText}
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{lostphoneTexts.cancel}</Button>
            <Button
              type="submit"
              variant="contained"
              color="error"
              disabled={password === ''}
              loading={isSubmitting}
            >
              {lostphoneTexts.wipeConfirm}
            </Button>
          </DialogActions>
        </form>
      ) : (
        <>
          <DialogContent>
            <DialogDeviceHeader device={device} isOnline={isOnline} />
            {state.step === 'waiting' ? (
              <WipeWaiting state={state} now={now} onStop={() => void stop()} />
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

function WipeWaiting({
  state,
  now,
  onStop,
}: {
  state: Extract<WipeState, { step: 'waiting' }>;
  now: number;
  onStop: () => void;
}) {
  const stopError = state.stopError ? (
    <Alert severity="error" sx={{ mt: 2 }}>
      {state.stopError}
    </Alert>
  ) : null;

  if (state.answeredAt === null) {
    if (hasPhoneNotAnswered(state, now)) {
      return (
        <>
          <Alert severity="warning" sx={{ mb: 2 }} role="status">
            {lostphoneTexts.wipeNoAnswer}
          </Alert>
          <CommandProgress command={state.command} />
          <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
            {lostphoneTexts.wipeKeepOpen}
          </Typography>
          <Button variant="outlined" color="error" sx={{ mt: 2 }} onClick={onStop} loading={state.isStopping}>
            {lostphoneTexts.wipeCancelPending}
          </Button>
          {stopError}
        </>
      );
    }
    return (
      <Box role="status">
        <Typography sx={{ mb: 1 }}>
          {lostphoneTexts.wipeWaiting}{' '}
          <Box component="span" aria-hidden sx={{ color: 'text.secondary' }}>
            {fillText(lostphoneTexts.wipeWaitingSeconds, {
              seconds: Math.floor(Math.max(0, now - state.sentAt) / 1000),
            })}
          </Box>
        </Typography>
        <LinearProgress aria-label={lostphoneTexts.wipeWaiting} />
      </Box>
    );
  }

  const countdown = getWipeCountdown(state.answeredAt, now);
  if (!countdown.canStop) {
    return (
      <Alert severity="info" role="status">
        {lostphoneTexts.wipeAnswered}
      </Alert>
    );
  }
  return (
    <Box sx={{ textAlign: 'center' }}>
      <Typography
        component="p"
        aria-hidden
        sx={{ fontSize: 56, fontWeight: 800, lineHeight: 1.1, color: 'error.main' }}
      >
        {countdown.counter}
      </Typography>
      <Typography sx={{ mb: 2 }}>
        {countdown.counter > 0
          ? fillText(lostphoneTexts.wipeCountdown, { seconds: countdown.counter })
          : lostphoneTexts.wipeStarting}
      </Typography>
      <LinearProgress
        variant="determinate"
        color="error"
        value={countdown.progress}
        aria-label={lostphoneTexts.wipeCountdownLabel}
        sx={{ height: 10, borderRadius: 5, mb: 3 }}
      />
      <Button
        variant="contained"
        color="error"
        size="large"
        fullWidth
        onClick={onStop}
        loading={state.isStopping}
        loadingPosition="start"
        sx={{ fontSize: 20, fontWeight: 800, py: 1.5, letterSpacing: '0.08em' }}
      >
        {state.isStopping ? lostphoneTexts.wipeStopping : lostphoneTexts.wipeStop}
      </Button>
      {stopError}
    </Box>
  );
}

function WipeOutcome({ state }: { state: Extract<WipeState, { step: 'finished' }> }) {
  switch (state.outcome) {
    case 'wiping':
      return (
        <Alert severity="success" role="status">
          {lostphoneTexts.wipeSuccess}
        </Alert>
      );
    case 'stopped':
      return (
        <Alert severity="info" role="status">
          {lostphoneTexts.wipeStopped}
        </Alert>
      );
    case 'expired':
      return (
        <Alert severity="warning" role="status">
          {lostphoneTexts.wipeExpired}
        </Alert>
      );
    case 'failed':
      return (
        <Alert severity="error" role="status">
          {fillText(lostphoneTexts.wipeFailed, {
            reason: state.command.reason ?? lostphoneTexts.commandFailedNoReason,
          })}
        </Alert>
      );
  }
}
