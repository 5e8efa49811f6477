import { queryClient } from '../../../lib/query-client.ts';
import { onRealtimeReconnect, subscribe } from '../../../lib/realtime/realtime-client.ts';
import { appendActivePoints, refreshTrackings } from './get-trackings.ts';

let isFollowing = false;

/**
 * From Tracking's first visit on, for as long as the panel is open: the active route's live points
 * (`trackingPoints`) join every cached page of its phone's routes whatever page is shown, a route that
 * starts or ends has its phone's pages asked for again, and so has every phone's when the realtime
 * link comes back after a loss. So cached routes are never missing what came while the page was
 * closed, and the route can ask for them before the page's code is there (prefetch-tracking.ts)
 * without losing points that arrive in between. Opens the realtime link; calling it again does
 * nothing.
 */
export function followTrackings(): void {
  if (isFollowing) return;
  isFollowing = true;
  subscribe('trackingPoints', ({ device_id, tracking_id, points }) =>
    appendActivePoints(device_id, tracking_id, points),
  );
  subscribe('trackingStarted', ({ device_id }) => void refreshTrackings(device_id));
  subscribe('trackingEnded', ({ device_id }) => void refreshTrackings(device_id));
  onRealtimeReconnect(() => void queryClient.invalidateQueries({ queryKey: ['trackings'] }));
}
