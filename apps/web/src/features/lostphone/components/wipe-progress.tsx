import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { fillText } from '../../../lib/format.ts';
import { useNow } from '../hooks/use-now.ts';
import { getWipeCountdown, hasPhoneNotAnswered, type WipeState } from '../hooks/wipe-flow.ts';
import { lostphoneTexts } from '../texts.ts';
import { CommandProgress } from './command-progress.tsx';

/**
 * The wipe after the order went out (spec 4, 9): waiting for the phone, then the countdown with
 * 'DETENER' (or, without an answer in 40 s, a way to cancel the pending order).
 */
export function WipeWaiting({
  state,
  onStop,
}: {
  state: Extract<WipeState, { step: 'waiting' }>;
  onStop: () => void;
}) {
  const now = useNow();
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

const outcomeSeverity = { wiping: 'success', stopped: 'info', expired: 'warning', failed: 'error' } as const;
const outcomeTexts = {
  wiping: lostphoneTexts.wipeSuccess,
  stopped: lostphoneTexts.wipeStopped,
  expired: lostphoneTexts.wipeExpired,
};

/** How the wipe ended. */
export function WipeOutcome({ state }: { state: Extract<WipeState, { step: 'finished' }> }) {
  return (
    <Alert severity={outcomeSeverity[state.outcome]} role="status">
      {state.outcome === 'failed'
        ? fillText(lostphoneTexts.wipeFailed, {
            reason: state.command.reason ?? lostphoneTexts.commandFailedNoReason,
          })
        : outcomeTexts[state.outcome]}
    </Alert>
  );
}
