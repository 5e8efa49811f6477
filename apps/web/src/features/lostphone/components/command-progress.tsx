import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import CheckCircle from '@mui/icons-material/CheckCircle';
import ErrorOutlineOutlined from '@mui/icons-material/ErrorOutlineOutlined';
import RadioButtonUnchecked from '@mui/icons-material/RadioButtonUnchecked';
import type { Command } from '@escudo/contract';
import { fillText } from '../../../lib/format.ts';
import { lostphoneTexts } from '../texts.ts';

type StepStatus = 'reached' | 'current' | 'pending' | 'failed';

/** What the person reads for the command's current state (issue 3 point 11). */
export function describeCommandState(command: Command): string {
  switch (command.state) {
    case 'sent':
      return lostphoneTexts.commandSent;
    case 'delivered':
      return lostphoneTexts.commandDelivered;
    case 'done':
      return command.type === 'wipe' ? lostphoneTexts.commandDoneWipe : lostphoneTexts.commandDoneLock;
    case 'failed':
      return fillText(lostphoneTexts.commandFailed, {
        reason: command.reason ?? lostphoneTexts.commandFailedNoReason,
      });
    case 'cancelled':
      return lostphoneTexts.commandCancelled;
    case 'expired':
      return lostphoneTexts.commandExpired;
  }
}

/**
 * The way of an order to the phone, as three steps: sent, received by the phone, carried out (or
 * how it ended otherwise). The current state is also announced to screen readers.
 */
export function CommandProgress({ command }: { command: Command }) {
  const { state } = command;
  const isDelivered = state !== 'sent' && state !== 'expired';
  const doneLabel = command.type === 'wipe' ? lostphoneTexts.commandDoneWipe : lostphoneTexts.commandDoneLock;
  const steps: { label: string; status: StepStatus }[] = [
    { label: lostphoneTexts.commandSent, status: 'reached' },
    {
      label: state === 'expired' ? lostphoneTexts.commandExpired : lostphoneTexts.commandDelivered,
      status: state === 'expired' ? 'failed' : isDelivered ? 'reached' : 'current',
    },
  ];
  if (state === 'expired') {
    // nothing comes after an order that never reached the phone
  } else if (state === 'failed' || state === 'cancelled') {
    steps.push({ label: describeCommandState(command), status: 'failed' });
  } else {
    steps.push({
      label: doneLabel,
      status: state === 'done' ? 'reached' : state === 'delivered' ? 'current' : 'pending',
    });
  }

  return (
    <Box component="section" aria-label={lostphoneTexts.commandHeading}>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        {lostphoneTexts.commandHeading}
      </Typography>
      <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
        {steps.map((step) => (
          <Box
            component="li"
            key={step.label}
            aria-current={step.status === 'current' ? 'step' : undefined}
            sx={{ display: 'flex', alignItems: 'center', gap: 1.25 }}
          >
            <StepIcon status={step.status} />
            <Typography
              variant="body2"
              sx={{
                fontWeight: step.status === 'pending' ? 400 : 600,
                color:
                  step.status === 'pending'
                    ? 'text.secondary'
                    : step.status === 'failed'
                      ? 'error.main'
                      : 'text.primary',
              }}
            >
              {step.label}
            </Typography>
          </Box>
        ))}
      </Box>
      {/* one short sentence for screen readers each time the state changes */}
      <Box role="status" aria-live="polite" sx={visuallyHidden}>
        {fillText(lostphoneTexts.commandLiveLabel, { state: describeCommandState(command) })}
      </Box>
    </Box>
  );
}

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

function StepIcon({ status }: { status: StepStatus }) {
  const size = 22;
  switch (status) {
    case 'reached':
      return <CheckCircle color="success" sx={{ fontSize: size }} aria-hidden />;
    case 'current':
      return (
        <Box sx={{ width: size, height: size, display: 'grid', placeItems: 'center' }} aria-hidden>
          <CircularProgress size={16} thickness={5} />
        </Box>
      );
    case 'pending':
      return <RadioButtonUnchecked color="disabled" sx={{ fontSize: size }} aria-hidden />;
    case 'failed':
      return <ErrorOutlineOutlined color="error" sx={{ fontSize: size }} aria-hidden />;
  }
}
