import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import NotificationsActive from '@mui/icons-material/NotificationsActive';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { CENTRAL_OUTCOME_LABELS } from '@escudo/contract/browser';
import type { CentralEvent } from '@escudo/contract';
import { EmptyNotice } from '../../../components/empty-notice.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { describeErrorDetails } from '../../../lib/api-client.ts';
import { fillText } from '../../../lib/format.ts';
import {
  useOnRealtimeReconnect,
  useRealtimeEvent,
  useRealtimeStatus,
} from '../../../lib/realtime/use-realtime.ts';
import { useSecondClock } from '../../../lib/use-minute-clock.ts';
import { applyCentralEvent, refreshCentralQueue, useCentralQueue } from '../api/get-central-queue.ts';
import { refreshCentralHistory } from '../api/get-central-history.ts';
import { alarmState, enableAlarms, ringNewEvent, ringUnclaimed } from '../lib/central-alarm.ts';
import { AMBER_AFTER_MS } from '../lib/wait-time.ts';
import { operatorTexts as t } from '../texts.ts';
import { AssignEventDialog } from './assign-event-dialog.tsx';
import { CentralEventRow } from './central-event-row.tsx';
import { CloseEventDialog } from './close-event-dialog.tsx';
import { EventHandling } from './event-handling.tsx';

/**
 * The central's live queue (decision 062): every open and taken event, heard live on the realtime
 * link and asked again after a reconnection. A new event rings; on a supervisor's screen an event
 * still unclaimed at 30 s rings again (the escalation).
 */
export function CentralQueue() {
  const queue = useCentralQueue();
  const now = useSecondClock();
  const link = useRealtimeStatus();
  const [closing, setClosing] = useState<CentralEvent | null>(null);
  const [assigning, setAssigning] = useState<CentralEvent | null>(null);
  const [closedNotice, setClosedNotice] = useState<string | null>(null);
  const [handlingId, setHandlingId] = useState<number | null>(null);

  useRealtimeEvent('centralEvent', ({ event }) => {
    if (applyCentralEvent(event).isNew) ringNewEvent(event);
    // closed by anyone: the history below has one more
    if (event.status === 'closed') void refreshCentralHistory();
  });
  // what was raised or taken while the link was down was not heard
  useOnRealtimeReconnect(() => void refreshCentralQueue());
  useEscalation(queue.data?.events ?? [], now, queue.data?.operator.is_supervisor ?? false);

  // the event handled, while it is still this operator's (or a supervisor looks at it): given back,
  // taken by another or closed, its screen goes
  const operator = queue.data?.operator;
  const handled = queue.data?.events.find(
    (event) =>
      event.id === handlingId &&
      (event.claimed_by?.id === operator?.id || (operator?.is_supervisor && event.status === 'claimed')),
  );

  if (queue.isError && !queue.data) {
    return (
      <ErrorState
        title={t.queueError}
        message={describeErrorDetails(queue.error).join(' ')}
        onRetry={() => void queue.refetch()}
        isRetrying={queue.isFetching}
      />
    );
  }
  return (
    <Stack spacing={1.5}>
      <AlarmsSwitch />
      {link === 'reconnecting' && <Alert severity="warning">{t.reconnecting}</Alert>}
      {closedNotice && (
        <Alert severity="success" onClose={() => setClosedNotice(null)}>
          {closedNotice}
        </Alert>
      )}
      {handled && <EventHandling key={handled.id} eventId={handled.id} onHide={() => setHandlingId(null)} />}
      {!queue.data ? (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Skeleton width="40%" />
          <Skeleton />
          <Skeleton width="70%" />
        </Paper>
      ) : queue.data.events.length === 0 ? (
        <EmptyNotice>{t.queueEmpty}</EmptyNotice>
      ) : (
        <Box component="ul" aria-label={t.queueLabel} sx={{ m: 0, p: 0, display: 'grid', gap: 1.5 }}>
          {queue.data.events.map((event) => (
            <CentralEventRow
              key={event.id}
              event={event}
              now={now}
              operatorId={queue.data.operator.id}
              isSupervisor={queue.data.operator.is_supervisor}
              onClose={setClosing}
              onAssign={setAssigning}
              onHandle={(handledEvent) => setHandlingId(handledEvent.id)}
            />
          ))}
        </Box>
      )}
      <CloseEventDialog
        event={closing}
        onClose={() => setClosing(null)}
        onClosed={(closed) => {
          setClosing(null);
          setClosedNotice(
            fillText(t.closedNotice, {
              id: closed.id,
              outcome: closed.outcome ? CENTRAL_OUTCOME_LABELS[closed.outcome] : '',
            }),
          );
        }}
      />
      <AssignEventDialog event={assigning} onClose={() => setAssigning(null)} />
    </Stack>
  );
}

/** On a supervisor's screen, each event still unclaimed at 30 s rings once more. */
function useEscalation(events: CentralEvent[], now: number, isSupervisor: boolean) {
  const rung = useRef(new Set<number>());
  useEffect(() => {
    if (!isSupervisor) return;
    for (const event of events) {
      const waited = now - new Date(event.created_at).getTime();
      if (event.status !== 'open' || waited < AMBER_AFTER_MS || rung.current.has(event.id)) continue;
      rung.current.add(event.id);
      ringUnclaimed(event);
    }
  }, [events, now, isSupervisor]);
}

/** 'Activar sonido y avisos', then what the browser allowed. */
function AlarmsSwitch() {
  const state = useSyncExternalStore(alarmState.subscribe, alarmState.get);
  if (state !== 'off') {
    const text = { granted: t.alarmsActive, denied: t.alarmsSoundOnly, unsupported: t.alarmsUnsupported }[
      state
    ];
    return (
      <Typography variant="body2" color="text.secondary" role="status">
        {text}
      </Typography>
    );
  }
  return (
    // a standing hint, not news: MUI's Alert would announce it as an alert
    <Alert severity="info" role="note" icon={<NotificationsActive />}>
      {t.alarmsHint}
      <Box sx={{ mt: 1 }}>
        <Button variant="outlined" color="inherit" size="small" onClick={() => void enableAlarms()}>
          {t.alarmsOn}
        </Button>
      </Box>
    </Alert>
  );
}
