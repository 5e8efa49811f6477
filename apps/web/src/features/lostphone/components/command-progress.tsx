import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import CheckCircle from '@mui/icons-material/CheckCircle';
import ErrorOutlineOutlined from '@mui/icons-material/ErrorOutlineOutlined';
import RadioButtonUnchecked from '@mui/icons-material/RadioButtonUnchecked';
import type { ReactElement } from 'react';
import type { Command, CommandState } from '@escudo/contract';
import { fillText } from '../../../lib/format.ts';
import { lostphoneTexts } from '../texts.ts';

type StepStatus = 'reached' | 'current' | 'pending' | 'failed';

/** The steps in each state: sent, received by the phone, carried out (or how it ended otherwise). */
const stepStatuses: Record<CommandState, StepStatus[]> = {
  sent: ['reached', 'current', 'pending'],
  delivered: ['reached', 'reached', 'current'],
  done: ['reached', 'reached', 'reached'],
  failed: ['reached', 'reached', 'failed'],
  cancelled: ['reached', 'reached', 'failed'],
  // nothing comes after an order that never reached the phone
  expired: ['reached', 'failed'],
};

function describeDone(command: Command): string {
  return command.type === 'wipe' ? lostphoneTexts.commandDoneWipe : lostphoneTexts.commandDoneLock;
}

const stateTexts = {
  sent: lostphoneTexts.commandSent,
  delivered: lostphoneTexts.commandDelivered,
  cancelled: lostphoneTexts.commandCancelled,
  expired: lostphoneTexts.commandExpired,
};

/** What the person reads for the command's current state (decision 007). */
function describeCommandState(command: Command): string {
  if (command.state === 'done') return describeDone(command);
  if (command.state !== 'failed') return stateTexts[command.state];
  return fillText(lostphoneTexts.commandFailed, {
    reason: command.reason ?? lostphoneTexts.commandFailedNoReason,
  });
}

/** The order's way to the phone in three steps, the failed one saying how it ended; announced as it moves. */
export function CommandProgress({ command }: { command: Command }) {
  const labels = [lostphoneTexts.commandSent, lostphoneTexts.commandDelivered, describeDone(command)];
  const steps = stepStatuses[command.state].map((status, index) => ({
    status,
    label: status === 'failed' ? describeCommandState(command) : labels[index]!,
  }));

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
            {stepIcons[step.status]}
            <Typography
              variant="body2"
              sx={{ fontWeight: step.status === 'pending' ? 400 : 600, color: labelColors[step.status] }}
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

const labelColors: Record<StepStatus, string> = {
  reached: 'text.primary',
  current: 'text.primary',
  pending: 'text.secondary',
  failed: 'error.main',
};

const iconSize = 22;
const stepIcons: Record<StepStatus, ReactElement> = {
  reached: <CheckCircle color="success" sx={{ fontSize: iconSize }} aria-hidden />,
  current: (
    <Box sx={{ width: iconSize, height: iconSize, display: 'grid', placeItems: 'center' }} aria-hidden>
      <CircularProgress size={16} thickness={5} />
    </Box>
  ),
  pending: <RadioButtonUnchecked color="disabled" sx={{ fontSize: iconSize }} aria-hidden />,
  failed: <ErrorOutlineOutlined color="error" sx={{ fontSize: iconSize }} aria-hidden />,
};
