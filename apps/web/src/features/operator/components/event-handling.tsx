import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Phone from '@mui/icons-material/Phone';
import { lazy, Suspense, type ReactNode } from 'react';
import { CENTRAL_KIND_LABELS } from '@escudo/contract/browser';
import type { CentralEventDetail } from '@escudo/contract';
import { ErrorState } from '../../../components/error-state.tsx';
import { describeErrorDetails } from '../../../lib/api-client.ts';
import { useConfig } from '../../../lib/config/get-config.ts';
import { fillText, formatDateTime } from '../../../lib/format.ts';
import { useCentralEventDetail } from '../api/get-central-event.ts';
import { useOpenCentralAtencion } from '../api/open-central-atencion.ts';
import { operatorTexts as t } from '../texts.ts';
import { CurrentAtencion } from './current-atencion.tsx';

const PathMap = lazy(() => import('../../../components/map/path-map.tsx'));

const networkNames = { wifi: t.phoneNetworkWifi, cellular: t.phoneNetworkCellular, none: t.phoneNetworkNone };

/**
 * The event an operator handles, on one screen (decision 062): the customer to call, the phone and
 * its last state, a map that follows its positions, the network with their numbers, the earlier
 * atenciones, and the event's own atención for notes and videos.
 */
export function EventHandling({ eventId, onHide }: { eventId: number; onHide: () => void }) {
  const detail = useCentralEventDetail(eventId);
  if (detail.isError && !detail.data) {
    return (
      <Paper variant="outlined" sx={{ p: 1 }}>
        <ErrorState
          title={t.handlingError}
          message={describeErrorDetails(detail.error).join(' ')}
          onRetry={() => void detail.refetch()}
          isRetrying={detail.isFetching}
        />
        <Box sx={{ textAlign: 'center', pb: 2 }}>
          <Button onClick={onHide}>{t.stopHandling}</Button>
        </Box>
      </Paper>
    );
  }
  if (!detail.data) {
    return (
      <Paper variant="outlined" sx={{ p: 3 }}>
        <Skeleton width="50%" height={32} />
        <Skeleton />
        <Skeleton variant="rectangular" height={200} sx={{ mt: 1 }} />
      </Paper>
    );
  }
  return <Handling detail={detail.data} onHide={onHide} />;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title}>
      <Typography variant="subtitle2" component="h4" sx={{ fontWeight: 700, mb: 0.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function Handling({ detail, onHide }: { detail: CentralEventDetail; onHide: () => void }) {
  const { event, customer, device } = detail;
  const open = useOpenCentralAtencion(event.id);
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={fillText(t.handlingLabel, { id: event.id })}
      sx={{ p: { xs: 2, sm: 3 }, borderColor: 'primary.main', borderWidth: 2 }}
    >
      <Stack spacing={2}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', justifyContent: 'space-between' }}>
          <Typography variant="h6" component="h3" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
            {fillText(t.handlingTitle, { kind: CENTRAL_KIND_LABELS[event.kind], name: customer.name })}
          </Typography>
          <Button size="small" onClick={onHide} sx={{ flexShrink: 0 }}>
            {t.stopHandling}
          </Button>
        </Stack>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          <Section title={t.customerSection}>
            <Typography sx={{ fontWeight: 600 }}>{customer.name}</Typography>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {customer.email}
              {customer.rut ? ` · ${fillText(t.customerRut, { rut: customer.rut })}` : ''}
            </Typography>
            {customer.telefono ? (
              <Button
                variant="contained"
                color="error"
                startIcon={<Phone />}
                href={`tel:+${customer.telefono}`}
                sx={{ mt: 1 }}
              >
                {fillText(t.callCustomerButton, { name: customer.name.split(' ')[0] ?? customer.name })}
              </Button>
            ) : (
              <Typography variant="body2">{t.noPhone}</Typography>
            )}
          </Section>
          <Section title={t.phoneSection}>
            <PhoneState device={device} />
          </Section>
        </Box>
        <Section title={t.mapSection}>
          <EventMap positions={detail.positions} label={t.mapLabel} />
        </Section>
        {detail.route && (
          <Section title={t.routeSection}>
            <EventMap positions={detail.route} label={t.routeLabel} />
          </Section>
        )}
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          <Section title={t.networkSection}>
            <NetworkList network={detail.network} />
          </Section>
          <Section title={t.earlierSection}>
            {detail.atenciones.length === 0 ? (
              <Typography variant="body2" color="text.secondary">
                {t.earlierEmpty}
              </Typography>
            ) : (
              <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                {detail.atenciones.map((atencion) => (
                  <Typography component="li" variant="body2" key={atencion.id}>
                    {fillText(t.earlierLine, {
                      id: atencion.id,
                      date: formatDateTime(atencion.start),
                      notes:
                        atencion.notes_count === 1
                          ? t.notesOne
                          : fillText(t.notesMany, { count: atencion.notes_count }),
                    })}
                  </Typography>
                ))}
              </Box>
            )}
          </Section>
        </Box>
        {detail.atencion_id === null ? (
          <Box>
            <Button variant="contained" loading={open.isPending} onClick={() => open.mutate()}>
              {t.openAtencion}
            </Button>
            {open.isError && (
              <Alert severity="error" sx={{ mt: 1 }}>
                {describeErrorDetails(open.error).join(' ')}
              </Alert>
            )}
          </Box>
        ) : (
          <>
            <Alert severity="info">{fillText(t.atencionOpened, { id: detail.atencion_id })}</Alert>
            <CurrentAtencion key={detail.atencion_id} atencionId={detail.atencion_id} />
          </>
        )}
      </Stack>
    </Paper>
  );
}

function PhoneState({ device }: { device: CentralEventDetail['device'] }) {
  if (!device) return <Typography variant="body2">{t.phoneRemoved}</Typography>;
  const facts = [
    device.online
      ? t.phoneOnline
      : device.last_seen_at
        ? fillText(t.phoneLastSeen, { date: formatDateTime(device.last_seen_at) })
        : t.phoneOffline,
    device.battery === null ? null : fillText(t.phoneBattery, { battery: device.battery }),
    device.network ? (networkNames[device.network as keyof typeof networkNames] ?? null) : null,
  ].filter((fact): fact is string => fact !== null);
  return (
    <>
      <Typography sx={{ fontWeight: 600 }}>
        {fillText(t.phoneLine, {
          name: device.device_name,
          brand: device.device_brand,
          model: device.device_model,
          so: device.device_so,
        })}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {facts.join(' · ')}
      </Typography>
      {device.is_lost && <Chip size="small" color="warning" label={t.phoneLost} sx={{ mt: 0.5 }} />}
    </>
  );
}

function EventMap({ positions, label }: { positions: CentralEventDetail['positions']; label: string }) {
  const config = useConfig();
  if (positions.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        {t.mapEmpty}
      </Typography>
    );
  const placeholder = <Skeleton variant="rectangular" height={320} />;
  return (
    <>
      {config.data ? (
        <Suspense fallback={placeholder}>
          <PathMap config={config.data} positions={positions} label={label} lastLabel={t.mapLastPin} />
        </Suspense>
      ) : (
        placeholder
      )}
      <Typography variant="caption" color="text.secondary">
        {t.mapLive}
      </Typography>
    </>
  );
}

function NetworkList({ network }: { network: CentralEventDetail['network'] }) {
  if (network.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        {t.networkEmpty}
      </Typography>
    );
  return (
    <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
      {network.map((member) => (
        <Typography component="li" variant="body2" key={member.email}>
          {member.name} ·{' '}
          {member.telefono ? (
            <Link href={`tel:+${member.telefono}`}>
              {fillText(t.networkCall, { telefono: member.telefono })}
            </Link>
          ) : (
            t.networkNoPhone
          )}
        </Typography>
      ))}
    </Box>
  );
}
