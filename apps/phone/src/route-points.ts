/**
 * Live tracking (issue 4): while a route is open the phone walks through Santiago and sends a point
 * every `interval_s` seconds as `routePoints`. Points taken while the link is down are kept and sent
 * together when it is back, at most TRACKING_MAX_POINTS_PER_MESSAGE at a time (one message a tick,
 * which stays under the server's TRACKING_MAX_POINTS_PER_SECOND).
 */
import { TRACKING_MAX_POINTS_PER_MESSAGE, type RoutePoint } from '@escudo/contract';
import { createWalk } from './locations.ts';
import { MAX_TIMER_MS } from './lost-reports.ts';

/** ours: an hour of points at one every 5 s; older ones are dropped rather than filling memory */
const MAX_BUFFERED_POINTS = 720;

export interface RoutePointsOptions {
  /** sends one message if the link is up; false when it is down (the points are kept) */
  send(trackingId: number, points: RoutePoint[]): boolean;
}

export interface RoutePoints {
  start(trackingId: number, intervalS: number): void;
  /** stops if `trackingId` is the route being recorded (or any route when omitted) */
  stop(trackingId?: number): boolean;
  /** sends what was kept while offline (on reconnection) */
  flush(): void;
  readonly trackingId: number | null;
}

export function createRoutePoints({ send }: RoutePointsOptions): RoutePoints {
  let trackingId: number | null = null;
  let timer: NodeJS.Timeout | null = null;
  let buffer: RoutePoint[] = [];
  const walk = createWalk();

  const flush = () => {
    if (trackingId === null || buffer.length === 0) return;
    const batch = buffer.slice(0, TRACKING_MAX_POINTS_PER_MESSAGE);
    if (send(trackingId, batch)) buffer = buffer.slice(batch.length);
  };

  const tick = () => {
    const { lat, lng } = walk.next().value;
    buffer.push({ lat, lng, at: new Date().toISOString() });
    if (buffer.length > MAX_BUFFERED_POINTS) buffer = buffer.slice(-MAX_BUFFERED_POINTS);
    flush();
  };

  const stop = (id?: number) => {
    if (trackingId === null || (id !== undefined && id !== trackingId)) return false;
    if (timer) clearInterval(timer);
    timer = null;
    trackingId = null;
    buffer = [];
    return true;
  };

  return {
    start(id, intervalS) {
      stop();
      trackingId = id;
      timer = setInterval(tick, Math.min(intervalS * 1000, MAX_TIMER_MS));
      tick();
    },
    stop,
    flush,
    get trackingId() {
      return trackingId;
    },
  };
}
