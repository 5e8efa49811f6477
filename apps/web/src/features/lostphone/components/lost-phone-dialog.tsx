import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useEffect, useEffectEvent, useId } from 'react';
import { useNavigate } from 'react-router';
import { LOST_PHONE_WAIT_MS } from '@escudo/contract/browser';
import { describeErrorDetails } from '../../../lib/api-client.ts';
import { fillText } from '../../../lib/format.ts';
import { useDevicePresence } from '../../../lib/realtime/use-realtime.ts';
import { useLostPhoneConfig } from '../api/get-lost-my-phone-data.ts';
import { useLostModeToggle, type LostModeFlow } from '../hooks/use-lost-mode-toggle.ts';
import { useNow } from '../hooks/use-now.ts';
import { lostphoneTexts } from '../texts.ts';
import { DialogDeviceHeader, DialogNotice, type ProtectionDialogProps } from './dialog-parts.tsx';
import { PendingOrders } from './pending-orders.tsx';

/** the orders this dialog gives */
const LOST_MODE_ORDERS = ['lostOn', 'lostOff'];

/** spec 4: after turning lost mode on, Information opens 2 s after the phone's answer */
const GO_TO_INFORMATION_AFTER_MS = 2_000;

/**
 * 'Pérdida del dispositivo' (spec 4): shows whether lost mode is on, and turns it on or off once the
 * phone confirms it is there. Closing the dialog does not stop a wait already under way.
 */
export function LostPhoneDialog({ device, open, onClose }: ProtectionDialogProps) {
  const titleId = useId();
  const navigate = useNavigate();
  const configQuery = useLostPhoneConfig(open);
  const config = configQuery.data?.find(
    (item) => item.id === device.id || item.device_id === device.device_id,
  );
  const isOnline = useDevicePresence(device.device_id);
  const { flow, isBusy, start, reset } = useLostModeToggle(device);

  const goToInformation = useEffectEvent(() => {
    onClose();
    void navigate('/device-info');
  });
  const hasTurnedOn = open && flow.phase === 'answered' && flow.turnOn;
  useEffect(() => {
    if (!hasTurnedOn) return;
    const timer = setTimeout(goToInformation, GO_TO_INFORMATION_AFTER_MS);
    return () => clearTimeout(timer);
  }, [hasTurnedOn]);

  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      maxWidth="xs"
      fullWidth
      // a finished attempt is forgotten; one still waiting for the phone goes on
      slotProps={{ transition: { onExited: isBusy ? undefined : reset } }}
    >
      <DialogTitle id={titleId}>{lostphoneTexts.lostTitle}</DialogTitle>
      <DialogContent>
        <DialogDeviceHeader device={device} isOnline={isOnline} />
        {/* an order waiting for this phone (decision 043): seen, and cancellable, before another */}
        <PendingOrders device={device} types={LOST_MODE_ORDERS} placement="dialog" />
        <DialogContentText sx={{ mb: 2 }}>{lostphoneTexts.lostIntro}</DialogContentText>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2, minHeight: 32 }}>
          <Typography component="span" sx={{ fontWeight: 600 }}>
            {lostphoneTexts.lostStateLabel}
          </Typography>
          {config ? (
            <Chip
              label={config.lost ? lostphoneTexts.lostStateOn : lostphoneTexts.lostStateOff}
              color={config.lost ? 'primary' : 'default'}
              size="small"
            />
          ) : configQuery.isError ? null : (
            <Skeleton variant="rounded" width={90} height={24} aria-label={lostphoneTexts.loading} />
          )}
        </Box>
        {configQuery.isError ? (
          <Alert
            severity="error"
            sx={{ mb: 2 }}
            action={
              <Button color="inherit" size="small" onClick={() => void configQuery.refetch()}>
                {lostphoneTexts.retry}
              </Button>
            }
          >
            {lostphoneTexts.lostLoadFailed} {describeErrorDetails(configQuery.error).join(' ')}
          </Alert>
        ) : null}
        <DialogNotice
          severity="info"
          text={isOnline === false && flow.phase === 'idle' ? lostphoneTexts.lostOffline : null}
        />
        <Box aria-live="polite" aria-atomic="false">
          <LostModeProgress flow={flow} />
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{lostphoneTexts.close}</Button>
        <Button
          variant="contained"
          disabled={!config || flow.phase === 'answered'}
          loading={isBusy}
          onClick={() => config && void start(!config.lost)}
        >
          {config?.lost ? lostphoneTexts.lostDeactivate : lostphoneTexts.lostActivate}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** What is happening with the current attempt (in a live region: announced as it changes). */
function LostModeProgress({ flow }: { flow: LostModeFlow }) {
  const now = useNow(flow.phase === 'waiting');
  switch (flow.phase) {
    case 'idle':
      return null;
    case 'sending':
    case 'saving':
      return (
        <>
          <Typography variant="body2" sx={{ mb: 1 }}>
            {flow.phase === 'sending' ? lostphoneTexts.lostSending : lostphoneTexts.lostSaving}
          </Typography>
          <LinearProgress />
        </>
      );
    case 'waiting': {
      const elapsedMs = Math.min(LOST_PHONE_WAIT_MS, Math.max(0, now - flow.startedAt));
      return (
        <>
          <Typography variant="body2" sx={{ mb: 1 }}>
            {lostphoneTexts.lostWaiting}{' '}
            {/* the seconds tick: shown, not read aloud every second (the bar carries the value) */}
            <Box component="span" aria-hidden sx={{ color: 'text.secondary' }}>
              {fillText(lostphoneTexts.lostWaitingSeconds, {
                seconds: Math.floor(elapsedMs / 1000),
                total: LOST_PHONE_WAIT_MS / 1000,
              })}
            </Box>
          </Typography>
          <LinearProgress
            variant="determinate"
            value={(elapsedMs / LOST_PHONE_WAIT_MS) * 100}
            aria-label={lostphoneTexts.lostWaitingLabel}
          />
        </>
      );
    }
    case 'answered':
      return (
        <Alert severity="success">
          {lostphoneTexts.lostAnswered}
          {flow.turnOn ? (
            <>
              <br />
              {lostphoneTexts.lostGoingToInformation}
            </>
          ) : null}
        </Alert>
      );
    case 'noAnswer':
      return <Alert severity="warning">{lostphoneTexts.lostNoAnswer}</Alert>;
    case 'error':
      return <Alert severity="error">{flow.message}</Alert>;
  }
}
