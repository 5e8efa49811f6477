import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { AccountSession } from '@escudo/contract';
import { ErrorState } from '../../../components/error-state.tsx';
import { describeErrorDetails } from '../../../lib/api-client.ts';
import { fillText, formatDateTime } from '../../../lib/format.ts';
import { useUserSessions } from '../api/get-user-sessions.ts';
import { useRevokeOtherSessions } from '../api/revoke-other-sessions.ts';
import { useRevokeSession } from '../api/revoke-session.ts';
import { securityTexts as t } from '../texts.ts';
import { SecuritySection } from './security-section.tsx';

/** what the confirmation dialog is about: one session, or all but this one */
type Confirming = { kind: 'one'; session: AccountSession } | { kind: 'others' } | null;

const browserOf = (session: AccountSession) => session.browser ?? t.sessionUnknownBrowser;

/**
 * Where the account is signed in (decision 036): this browser first with its chip, the others each
 * with 'Cerrar sesión' behind a confirmation, and 'Cerrar las demás sesiones'. An ended session's open
 * panel goes to Login at once (the server closes its realtime link).
 */
export function SessionsSection() {
  const sessions = useUserSessions();
  const revokeSession = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [done, setDone] = useState<string | null>(null);
  const isEnding = revokeSession.isPending || revokeOthers.isPending;
  const failure = revokeSession.error ?? revokeOthers.error;

  const confirm = () => {
    if (!confirming) return;
    setDone(null);
    const close = (message: string) => () => {
      setConfirming(null);
      setDone(message);
    };
    if (confirming.kind === 'one') {
      revokeOthers.reset();
      revokeSession.mutate(confirming.session.id, {
        onSuccess: close(t.endSessionDone),
        onError: () => setConfirming(null),
      });
    } else {
      revokeSession.reset();
      revokeOthers.mutate(undefined, {
        onSuccess: close(t.endOtherSessionsDone),
        onError: () => setConfirming(null),
      });
    }
  };

  // this browser first, then the others as the server sorts them (latest used first)
  const list = sessions.data ? [...sessions.data].sort((a, b) => Number(b.current) - Number(a.current)) : [];
  const others = list.filter((session) => !session.current);

  return (
    <SecuritySection title={t.sessionsTitle} description={t.sessionsDescription}>
      {sessions.isPending ? (
        <SessionsSkeleton />
      ) : sessions.isError ? (
        <ErrorState
          title={t.sessionsLoadFailed}
          message={describeErrorDetails(sessions.error).join(' ')}
          onRetry={() => void sessions.refetch()}
          isRetrying={sessions.isFetching}
        />
      ) : (
        <Stack spacing={2}>
          {done ? <Alert severity="success">{done}</Alert> : null}
          {failure ? <Alert severity="error">{describeErrorDetails(failure).join(' ')}</Alert> : null}
          <List disablePadding aria-label={t.sessionsTitle}>
            {list.map((session) => (
              <SessionRow
                key={session.id}
                session={session}
                onEnd={() => setConfirming({ kind: 'one', session })}
                isDisabled={isEnding}
              />
            ))}
          </List>
          {others.length === 0 ? (
            <Typography color="text.secondary">{t.sessionsOnlyThis}</Typography>
          ) : (
            <Button
              variant="outlined"
              color="error"
              onClick={() => setConfirming({ kind: 'others' })}
              disabled={isEnding}
              sx={{ alignSelf: { sm: 'flex-start' } }}
            >
              {t.endOtherSessions}
            </Button>
          )}
        </Stack>
      )}
      <Dialog
        open={confirming !== null}
        onClose={() => (isEnding ? undefined : setConfirming(null))}
        aria-labelledby="end-session-title"
        aria-describedby="end-session-text"
      >
        <DialogTitle id="end-session-title">
          {confirming?.kind === 'one' ? t.endSessionTitle : t.endOtherSessionsTitle}
        </DialogTitle>
        <DialogContent>
          <DialogContentText id="end-session-text">
            {confirming?.kind === 'one'
              ? fillText(t.endSessionText, {
                  browser: browserOf(confirming.session),
                  address: confirming.session.address ?? t.sessionUnknownAddress,
                })
              : t.endOtherSessionsText}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(null)} disabled={isEnding}>
            {t.cancel}
          </Button>
          <Button variant="contained" color="error" onClick={confirm} loading={isEnding}>
            {confirming?.kind === 'others' ? t.endOtherSessions : t.endSession}
          </Button>
        </DialogActions>
      </Dialog>
    </SecuritySection>
  );
}

function SessionRow({
  session,
  onEnd,
  isDisabled,
}: {
  session: AccountSession;
  onEnd: () => void;
  isDisabled: boolean;
}) {
  const browser = browserOf(session);
  return (
    <ListItem
      divider
      disableGutters
      aria-label={browser}
      sx={{ flexWrap: 'wrap', gap: 1, alignItems: { xs: 'flex-start', sm: 'center' } }}
    >
      <Stack sx={{ flex: '1 1 14rem', minWidth: 0 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{browser}</Typography>
          {session.current ? <Chip size="small" color="primary" label={t.sessionCurrent} /> : null}
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {session.address ?? t.sessionUnknownAddress}
        </Typography>
        {/* one line each, so that a date never breaks in two on a phone */}
        <Typography variant="body2" color="text.secondary">
          {fillText(t.sessionStarted, { date: formatDateTime(session.created_at) })}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {fillText(t.sessionLastUsed, { date: formatDateTime(session.last_used_at) })}
        </Typography>
      </Stack>
      {session.current ? null : (
        <Button
          size="small"
          color="error"
          onClick={onEnd}
          disabled={isDisabled}
          aria-label={fillText(t.endSessionOf, { browser })}
        >
          {t.endSession}
        </Button>
      )}
    </ListItem>
  );
}

function SessionsSkeleton() {
  return (
    <div aria-hidden>
      {[0, 1].map((row) => (
        <div key={row} style={{ padding: '8px 0' }}>
          <Skeleton variant="text" width="50%" />
          <Skeleton variant="text" width="70%" />
        </div>
      ))}
    </div>
  );
}
