import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import type { NetworkPerson } from '@escudo/contract';
import { describeErrorDetails } from '../../../lib/api-client.ts';
import { fillText, formatDateTime } from '../../../lib/format.ts';
import { useSignedInUser } from '../../../lib/session/user-details.ts';
import { myInviteesQueryOptions, myNetworksQueryOptions } from '../api/get-network.ts';
import { useLeaveNetwork } from '../api/leave-network.ts';
import { useRemoveMember } from '../api/remove-member.ts';
import { networkTexts as t } from '../texts.ts';
import { InviteForm } from './invite-form.tsx';

type Tab = 'mine' | 'belong';
/** what the confirmation dialog is about */
type Pending = { kind: 'remove' | 'leave'; id: number; name: string; isInvitation: boolean };

/**
 * spec 2 (Modals: security network): the Home tile opens it. First tab: the people I invited and the
 * invitation form; second: the networks I belong to. Full screen on a phone.
 */
export function SecurityNetworkDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const isPhone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [tab, setTab] = useState<Tab>('mine');
  const [pending, setPending] = useState<Pending | null>(null);
  const [result, setResult] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);
  const removeMember = useRemoveMember();
  const leaveNetwork = useLeaveNetwork();
  const isConfirming = removeMember.isPending || leaveNetwork.isPending;

  const confirm = () => {
    if (!pending) return;
    const mutation = pending.kind === 'remove' ? removeMember : leaveNetwork;
    mutation.mutate(pending.id, {
      onSuccess: () =>
        setResult({
          severity: 'success',
          text: fillText(pending.kind === 'remove' ? t.removed : t.left, { name: pending.name }),
        }),
      onError: (error) => setResult({ severity: 'error', text: describeErrorDetails(error).join(' ') }),
      onSettled: () => setPending(null),
    });
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby="network-dialog-title"
      maxWidth="md"
      fullWidth
      fullScreen={isPhone}
    >
      <DialogTitle id="network-dialog-title">{t.title}</DialogTitle>
      <Box sx={{ borderBottom: 1, borderColor: 'divider', px: { xs: 1, sm: 3 } }}>
        <Tabs
          value={tab}
          onChange={(_, next: Tab) => {
            setTab(next);
            setResult(null);
          }}
          variant="fullWidth"
          aria-label={t.title}
        >
          <Tab value="mine" label={t.tabMine} id="network-tab-mine" aria-controls="network-panel-mine" />
          <Tab
            value="belong"
            label={t.tabBelong}
            id="network-tab-belong"
            aria-controls="network-panel-belong"
          />
        </Tabs>
      </Box>
      <DialogContent sx={{ pt: 2 }}>
        {result ? (
          <Alert severity={result.severity} onClose={() => setResult(null)} sx={{ mb: 2 }}>
            {result.text}
          </Alert>
        ) : null}
        {open && tab === 'mine' ? (
          <div role="tabpanel" id="network-panel-mine" aria-labelledby="network-tab-mine">
            <MyNetwork onRemove={setPending} />
          </div>
        ) : null}
        {open && tab === 'belong' ? (
          <div role="tabpanel" id="network-panel-belong" aria-labelledby="network-tab-belong">
            <NetworksIBelongTo onLeave={setPending} />
          </div>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t.close}</Button>
      </DialogActions>

      <Dialog
        open={pending !== null}
        onClose={() => setPending(null)}
        aria-labelledby="network-confirm-title"
        maxWidth="xs"
      >
        {pending ? (
          <>
            <DialogTitle id="network-confirm-title">
              {pending.kind === 'remove' ? t.removeTitle : t.leaveTitle}
            </DialogTitle>
            <DialogContent>
              <DialogContentText>
                {fillText(
                  pending.kind === 'leave'
                    ? t.leaveText
                    : pending.isInvitation
                      ? t.removePendingText
                      : t.removeText,
                  { name: pending.name },
                )}
              </DialogContentText>
            </DialogContent>
            <DialogActions>
              <Button onClick={() => setPending(null)} disabled={isConfirming}>
                {t.cancel}
              </Button>
              <Button color="error" variant="contained" onClick={confirm} loading={isConfirming}>
                {pending.kind === 'remove' ? t.confirmRemove : t.confirmLeave}
              </Button>
            </DialogActions>
          </>
        ) : null}
      </Dialog>
    </Dialog>
  );
}

function MyNetwork({ onRemove }: { onRemove: (pending: Pending) => void }) {
  const user = useSignedInUser();
  const invitees = useQuery(myInviteesQueryOptions);
  const maxRed = user.plan?.plan.max_red ?? null;
  return (
    <Stack spacing={3}>
      <Typography variant="body2" color="text.secondary">
        {t.intro}
      </Typography>
      <InviteForm maxRed={maxRed} used={invitees.data?.length ?? 0} />
      <Divider />
      <ListState
        query={invitees}
        empty={[t.emptyMine, t.emptyMineHint]}
        render={(data) => (
          <List disablePadding aria-label={t.tabMine}>
            {data.map((entry) => {
              const person = entry.personas[0];
              const isAccepted = entry.estado === 'aceptada';
              return (
                <PersonItem
                  key={entry.id}
                  person={person}
                  extra={
                    <>
                      <Chip
                        size="small"
                        label={isAccepted ? t.statusAccepted : t.statusPending}
                        color={isAccepted ? 'success' : 'default'}
                        variant={isAccepted ? 'filled' : 'outlined'}
                      />{' '}
                      {fillText(t.invitedOn, { date: formatDateTime(entry.created_at) })}
                    </>
                  }
                  action={
                    <Button
                      color="error"
                      size="small"
                      aria-label={fillText(t.removeLabel, { name: person?.name ?? '' })}
                      onClick={() =>
                        onRemove({
                          kind: 'remove',
                          id: entry.id,
                          name: person?.name ?? '',
                          isInvitation: !isAccepted,
                        })
                      }
                    >
                      {t.remove}
                    </Button>
                  }
                />
              );
            })}
          </List>
        )}
      />
    </Stack>
  );
}

function NetworksIBelongTo({ onLeave }: { onLeave: (pending: Pending) => void }) {
  const networks = useQuery(myNetworksQueryOptions);
  return (
    <ListState
      query={networks}
      empty={[t.emptyBelong, t.emptyBelongHint]}
      render={(data) => (
        <List disablePadding aria-label={t.tabBelong}>
          {data.map((entry) => {
            const host = entry.anfitrion[0];
            return (
              <PersonItem
                key={entry.id}
                person={host}
                extra={fillText(t.hostOf, { name: host?.name ?? '' })}
                action={
                  <Button
                    color="error"
                    size="small"
                    aria-label={fillText(t.leaveLabel, { name: host?.name ?? '' })}
                    onClick={() =>
                      onLeave({ kind: 'leave', id: entry.id, name: host?.name ?? '', isInvitation: false })
                    }
                  >
                    {t.leave}
                  </Button>
                }
              />
            );
          })}
        </List>
      )}
    />
  );
}

function PersonItem({
  person,
  extra,
  action,
}: {
  person: NetworkPerson | undefined;
  extra: ReactNode;
  action: ReactNode;
}) {
  return (
    // the text keeps clear of the button ('Eliminar', 'Salir'), and a long e-mail or name wraps
    // anywhere rather than pushing the button off a phone's screen
    <ListItem divider secondaryAction={action} sx={{ pr: 13, alignItems: 'flex-start' }}>
      <ListItemText
        sx={{ minWidth: 0, overflowWrap: 'anywhere' }}
        primary={person?.name}
        secondary={
          <>
            <Box component="span" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
              {person?.email}
            </Box>
            {person?.info.telefono ? (
              <Box component="span" sx={{ display: 'block' }}>
                {fillText(t.phone, { phone: person.info.telefono })}
              </Box>
            ) : null}
            <Box component="span" sx={{ display: 'block', mt: 0.5 }}>
              {extra}
            </Box>
          </>
        }
      />
    </ListItem>
  );
}

/** loading, failure with retry, empty state, or the list */
function ListState<T>({
  query,
  empty,
  render,
}: {
  query: {
    data: T[] | undefined;
    isPending: boolean;
    isError: boolean;
    error: unknown;
    refetch: () => unknown;
    isFetching: boolean;
  };
  empty: [string, string];
  render: (data: T[]) => ReactNode;
}) {
  if (query.isPending) {
    return (
      <Box
        sx={{ display: 'flex', alignItems: 'center', gap: 1.5, py: 4, justifyContent: 'center' }}
        role="status"
      >
        <CircularProgress size={24} />
        <Typography color="text.secondary">{t.loading}</Typography>
      </Box>
    );
  }
  if (query.isError || !query.data) {
    return (
      <Alert
        severity="error"
        action={
          <Button
            color="inherit"
            size="small"
            onClick={() => void query.refetch()}
            loading={query.isFetching}
          >
            {t.retry}
          </Button>
        }
      >
        {t.loadError} {describeErrorDetails(query.error).join(' ')}
      </Alert>
    );
  }
  if (query.data.length === 0) {
    return (
      <Box sx={{ textAlign: 'center', py: 4, px: 2 }}>
        <Typography sx={{ fontWeight: 600 }}>{empty[0]}</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {empty[1]}
        </Typography>
      </Box>
    );
  }
  return render(query.data);
}
