/**
 * Alerts heard live on every signed-in page (decision 039): someone whose security network this
 * user belongs to opened an alert (a notification with the link to its page), or one of the user's
 * own opened or ended (Home's banner asks again). Loaded lazily by the signed-in layout, with the
 * realtime link it opens; the notice itself (alert-notice.tsx, MUI's) only once there is one to show,
 * so that a signed-in page without alerts loads no MUI for it (docs/decisions/017).
 */
import { Suspense, useState } from 'react';
import type { ServerToPanel } from '@escudo/contract';
import { lazyThemed } from '../../../components/lazy-themed.tsx';
import { queryClient } from '../../../lib/query-client.ts';
import { useOnRealtimeReconnect, useRealtimeEvent } from '../../../lib/realtime/use-realtime.ts';
import { openAlertsQueryOptions } from '../api/get-open-alerts.ts';
import { networkAlertsQueryOptions, useNetworkAlerts } from '../api/get-network-alerts.ts';

const AlertNotice = lazyThemed(async () => (await import('./alert-notice.tsx')).AlertNotice);

type AlertChanged = ServerToPanel['alertChanged'];

export default function AlertNotifications() {
  const [heard, setHeard] = useState<AlertChanged | null>(null);
  // alerts already open when the panel opened (the member signed in during one), until closed here
  const { data: openInMyNetworks } = useNetworkAlerts();
  const [dismissed, setDismissed] = useState<ReadonlySet<number>>(new Set());
  // mounted from the first notice on, so that it can close with its transition
  const [hasNotified, setHasNotified] = useState(false);
  const stillOpen = openInMyNetworks?.find((alert) => !dismissed.has(alert.id));
  const notice: AlertChanged | null =
    heard ??
    (stillOpen
      ? {
          alert_id: stillOpen.id,
          is_own: false,
          open: true,
          name: stillOpen.name,
          started_at: stillOpen.started_at,
          url: stillOpen.url,
        }
      : null);

  useRealtimeEvent('alertChanged', (message) => {
    if (message.is_own) {
      void queryClient.invalidateQueries({ queryKey: openAlertsQueryOptions.queryKey });
      // the owner's own alert is on Home's banner; only its end by the central is news to tell
      if (!message.open && message.central_outcome !== undefined) setHeard(message);
      return;
    }
    void queryClient.invalidateQueries({ queryKey: networkAlertsQueryOptions.queryKey });
    setHeard(message);
  });

  // the central took, gave back or closed one of the owner's: Home's banner says so
  useRealtimeEvent('alertCentral', (message) => {
    if (message.is_own) void queryClient.invalidateQueries({ queryKey: openAlertsQueryOptions.queryKey });
  });

  // an alert opened or closed while the link was down was not heard
  useOnRealtimeReconnect(() => {
    void queryClient.invalidateQueries({ queryKey: openAlertsQueryOptions.queryKey });
    void queryClient.invalidateQueries({ queryKey: networkAlertsQueryOptions.queryKey });
  });

  const close = () => {
    if (notice) setDismissed((ids) => new Set(ids).add(notice.alert_id));
    setHeard(null);
  };
  if (notice && !hasNotified) setHasNotified(true);
  if (!hasNotified) return null;
  return (
    <Suspense fallback={null}>
      <AlertNotice notice={notice} onClose={close} />
    </Suspense>
  );
}
