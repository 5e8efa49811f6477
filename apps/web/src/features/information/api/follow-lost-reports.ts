import { queryClient } from '../../../lib/query-client.ts';
import { onRealtimeReconnect, subscribe } from '../../../lib/realtime/realtime-client.ts';
import { addLostPhoneReport, lostPhoneInfoKeyPrefix } from './get-lost-my-phone-info.ts';

let isFollowing = false;

/**
 * From Información's first visit on, for as long as the panel is open: each report that arrives live
 * (`lostReport`) joins its phone's cached list whatever page is shown, and the lists are asked for
 * again when the realtime link comes back after a loss. So a cached list is never missing what came
 * while the page was closed, the page need not ask again each time it mounts, and the route can ask
 * for the list before the page's code is there (prefetch-information.ts) without losing what arrives
 * in between. Opens the realtime link; calling it again does nothing.
 */
export function followLostReports(): void {
  if (isFollowing) return;
  isFollowing = true;
  subscribe('lostReport', ({ device_id, info }) => addLostPhoneReport(device_id, info));
  onRealtimeReconnect(() => void queryClient.invalidateQueries({ queryKey: lostPhoneInfoKeyPrefix }));
}
