import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TRACKING_MAX_POINTS_PER_MESSAGE, type RoutePoint } from '@escudo/contract';
import { createRoutePoints } from './route-points.ts';
import { distanceM } from './locations.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('route points', () => {
  it('sends a point at once and then every interval, a few metres apart', () => {
    const sent: RoutePoint[][] = [];
    const route = createRoutePoints({ send: (_id, points) => (sent.push(points), true) });
    route.start(3, 5);
    expect(route.trackingId).toBe(3);
    vi.advanceTimersByTime(5_000 * 3);
    expect(sent.map((points) => points.length)).toEqual([1, 1, 1, 1]);
    const [a, b] = [sent[0]![0]!, sent[1]![0]!];
    expect(distanceM(a, b)).toBeLessThan(12);
    expect(Date.parse(b.at) - Date.parse(a.at)).toBe(5_000);
    expect(route.stop(99)).toBe(false);
    expect(route.stop(3)).toBe(true);
    vi.advanceTimersByTime(60_000);
    expect(sent).toHaveLength(4);
  });

  it('keeps the points taken offline and sends them in batches when the link is back', () => {
    let isOnline = false;
    const sent: RoutePoint[][] = [];
    const route = createRoutePoints({
      send: (_id, points) => {
        if (!isOnline) return false;
        sent.push(points);
        return true;
      },
    });
    route.start(1, 5);
    vi.advanceTimersByTime(5_000 * 60);
    expect(sent).toEqual([]);
    isOnline = true;
    route.flush();
    expect(sent[0]).toHaveLength(TRACKING_MAX_POINTS_PER_MESSAGE);
    vi.advanceTimersByTime(5_000);
    expect(sent[1]).toHaveLength(61 - TRACKING_MAX_POINTS_PER_MESSAGE + 1);
    // oldest first, no point lost or repeated
    const times = sent.flat().map((point) => Date.parse(point.at));
    expect(times).toEqual([...times].sort((x, y) => x - y));
    expect(new Set(times).size).toBe(62);
    route.stop();
  });
});
