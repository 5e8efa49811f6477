import { useRealtimeStatus } from '../lib/realtime/use-realtime.ts';
import { PlainAlert } from './plain-alert.tsx';
import { componentsTexts } from './texts.ts';

/**
 * Says so when the realtime link is down: the phone's answers cannot arrive meanwhile, and a person
 * waiting for them must know why nothing happens. Nothing is shown while the link works. MUI's
 * outlined Alert in plain markup (plain-alert.tsx): it is on Tracking's and Información's first load,
 * which did not need MUI's Alert otherwise (decision 017's addenda).
 */
export function RealtimeConnectionNotice() {
  const status = useRealtimeStatus();
  if (status !== 'reconnecting') return null;
  return (
    <div style={{ marginBottom: 16 }}>
      <PlainAlert severity="warning" variant="outlined" role="status">
        {componentsTexts.realtimeReconnecting}
      </PlainAlert>
    </div>
  );
}
