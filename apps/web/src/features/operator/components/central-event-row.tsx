import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { alpha, type Theme } from '@mui/material/styles';
import type { CentralEvent } from '@escudo/contract';
import { describeErrorDetails } from '../../../lib/api-client.ts';
import { fillText, formatDateTime } from '../../../lib/format.ts';
import { useClaimCentralEvent } from '../api/claim-central-event.ts';
import { useReleaseCentralEvent } from '../api/release-central-event.ts';
import { kindLabel } from '../lib/central-alarm.ts';
import { formatWait, waitLevel } from '../lib/wait-time.ts';
import { operatorTexts as t } from '../texts.ts';

const waitColours = { fresh: 'divider', amber: 'warning.main', red: 'error.main' } as const;
const tint = (level: 'fresh' | 'amber' | 'red') => (theme: Theme) =>
  level === 'fresh'
    ? theme.palette.background.paper
    : alpha(level === 'red' ? theme.palette.error.main : theme.palette.warning.main, 0.08);

/**
 * One event of the queue: what it is, whose, how long it has waited (its left edge amber at 30 s and
 * red at 60 s while nobody takes it), who holds it, and what this operator may do with it.
 */
export function CentralEventRow({
  event,
  now,
  operatorId,
  isSupervisor,
  onClose,
  onAssign,
  onHandle,
}: {
  event: CentralEvent;
  now: number;
  operatorId: number;
  isSupervisor: boolean;
  onClose: (event: CentralEvent) => void;
  onAssign: (event: CentralEvent) => void;
  /** opens the handling screen of the event */
  onHandle: (event: CentralEvent) => void;
}) {
  const claim = useClaimCentralEvent();
  const release = useReleaseCentralEvent();
  const isOpen = event.status === 'open';
  const isMine = event.claimed_by?.id === operatorId;
  const level = isOpen ? waitLevel(event.created_at, now) : 'fresh';
  const kind = kindLabel[event.kind];
  const failure = claim.error ?? release.error;
  const status = isOpen
    ? fillText(t.waiting, { time: formatWait(event.created_at, now) })
    : fillText(isMine ? t.takenByYou : t.takenBy, {
        name: event.claimed_by?.name ?? '',
        time: formatWait(event.claimed_at ?? event.created_at, now),
      });
  return (
    <Box
      component="li"
      aria-label={fillText(t.eventLabel, { kind, name: event.customer.name })}
      data-wait={level}
      sx={{
        listStyle: 'none',
        border: 1,
        borderColor: 'divider',
        borderLeft: 6,
        borderLeftColor: waitColours[level],
        bgcolor: tint(level),
        borderRadius: 1,
        p: { xs: 1.5, sm: 2 },
        transition: 'background-color 0.3s, border-color 0.3s',
      }}
    >
      <Stack spacing={0.75}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
          <Chip
            size="small"
            label={kind}
            color={event.kind === 'sos' ? 'error' : 'warning'}
            variant={event.kind === 'sos' ? 'filled' : 'outlined'}
          />
          <Typography component="h3" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
            {event.customer.name}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            #{event.id}
          </Typography>
        </Stack>
        <Typography
          variant="body2"
          sx={{
            fontWeight: isOpen ? 700 : 400,
            color: level === 'fresh' ? 'text.primary' : waitColours[level],
          }}
        >
          {status}
        </Typography>
        <EventFacts event={event} now={now} />
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1, pt: 0.5 }}>
          {isOpen && (
            <Button
              variant="contained"
              size="small"
              loading={claim.isPending}
              aria-label={fillText(t.claimLabel, { id: event.id, name: event.customer.name })}
              onClick={() => claim.mutate(event.id, { onSuccess: ({ event: taken }) => onHandle(taken) })}
            >
              {t.claim}
            </Button>
          )}
          {(isMine || (isSupervisor && !isOpen)) && (
            <Button
              variant={isMine ? 'contained' : 'outlined'}
              size="small"
              aria-label={fillText(t.handleLabel, { id: event.id })}
              onClick={() => onHandle(event)}
            >
              {t.handle}
            </Button>
          )}
          {isMine && (
            <>
              <Button variant="outlined" size="small" onClick={() => onClose(event)}>
                {t.closeEvent}
              </Button>
              <Button
                variant="outlined"
                size="small"
                loading={release.isPending}
                aria-label={fillText(t.releaseLabel, { id: event.id })}
                onClick={() => release.mutate(event.id)}
              >
                {t.release}
              </Button>
            </>
          )}
          {isSupervisor && (
            <Button
              size="small"
              aria-label={fillText(t.assignLabel, { id: event.id })}
              onClick={() => onAssign(event)}
            >
              {t.assign}
            </Button>
          )}
        </Stack>
        {failure && (
          <Alert severity="warning" onClose={() => (claim.reset(), release.reset())}>
            {describeErrorDetails(failure).join(' ')}
          </Alert>
        )}
      </Stack>
    </Box>
  );
}

/** When it came and from which phone, how to call the customer, and where it last was. */
function EventFacts({ event, now }: { event: CentralEvent; now: number }) {
  return (
    <>
      <Typography variant="body2" color="text.secondary">
        {fillText(t.raisedAt, { date: formatDateTime(event.created_at) })}
        {' · '}
        {event.device
          ? fillText(t.device, { name: event.device.device_name, so: event.device.device_so })
          : t.deviceRemoved}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {event.customer.telefono ? (
          <Link href={`tel:+${event.customer.telefono}`}>
            {fillText(t.callCustomer, { telefono: event.customer.telefono })}
          </Link>
        ) : (
          t.noPhone
        )}
        {' · '}
        {event.last_position ? (
          <>
            {fillText(t.position, { time: formatWait(event.last_position.at, now) })}{' '}
            <Link
              href={`https://www.openstreetmap.org/?mlat=${event.last_position.lat}&mlon=${event.last_position.lng}#map=17/${event.last_position.lat}/${event.last_position.lng}`}
              target="_blank"
              rel="noopener"
            >
              {t.viewMap}
            </Link>
          </>
        ) : (
          t.noPosition
        )}
      </Typography>
    </>
  );
}
