import Alert from '@mui/material/Alert';
import { useRealtimeStatus } from '../lib/realtime/use-realtime.ts';
import { componentsTexts } from './texts.ts';

/**
 * Says so when the realtime link is down: the phone's answers cannot arrive meanwhile, and a person
 * waiting for them must know why nothing happens. Nothing is shown while the link works.
 */
export function RealtimeConnectionNotice() {
  const status = useRealtimeStatus();
  if (status !== 'reconnecting') return null;
  return (
    <Alert severity="warning" variant="outlined" role="status" sx={{ mb: 2 }}>
      {componentsTexts.realtimeReconnecting}
    </Alert>
  );
}
