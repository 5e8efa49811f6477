/**
 * Live tracking (docs/device-protocol.md section 4): a point every `interval_s` seconds, kept until the
 * server says it stored it; kept points go oldest first, one message a tick (under the server's
 * TRACKING_MAX_POINTS_PER_SECOND).
 */
import { TRACKING_MAX_POINTS_PER_MESSAGE, type RoutePoint } from '@escudo/contract';
import { createWalk } from './locations.ts';
import { MAX_TIMER_MS } from './lost-reports.ts';

/** ours: an hour of points at one every 5 s; older ones are dropped rather than filling memory */
const MAX_BUFFERED_POINTS = 720;

/** what became of one message: stored; to be sent again; or refused for good (bad points) */
export type SendResult = 'stored' | 'resend' | 'dropped';

export interface RoutePointsOptions {
  /** sends one message if the link is up and tells what became of it; null when the link is down */
  send(trackingId: number, points: RoutePoint[]): Promise<SendResult> | null;
}

export interface RoutePoints {
  /** starts recording route `trackingId`; the same route again goes on with the points kept */
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

  /** the message waiting for its answer; no other goes meanwhile, so points stay in order */
  let inFlight: Promise<SendResult> | null = null;

  const flush = () => {
    if (trackingId === null || buffer.length === 0 || inFlight) return;
    const batch = buffer.slice(0, TRACKING_MAX_POINTS_PER_MESSAGE);
    const sending = send(trackingId, batch);
    if (!sending) return;
    const route = trackingId;
    inFlight = sending;
    void sending
      .catch((): SendResult => 'resend')
      .then((result) => {
        if (inFlight === sending) inFlight = null;
        if (result === 'resend' || route !== trackingId) return;
        // by identity: the buffer may have lost its oldest points (MAX_BUFFERED_POINTS) meanwhile
        const done = new Set(batch);
        buffer = buffer.filter((point) => !done.has(point));
      });
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
    inFlight = null;
    return true;
  };

  return {
    start(id, intervalS) {
      // the same route again (the owner pressed 'Activar Tracking' twice) keeps the points not yet sent
      if (id !== trackingId) {
        stop();
        trackingId = id;
      }
      if (timer) clearInterval(timer);
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
