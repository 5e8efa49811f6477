import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TRACKING_MAX_POINTS_PER_MESSAGE, type RoutePoint } from '@escudo/contract';
import { createRoutePoints, type SendResult } from './route-points.ts';
import { distanceM } from './locations.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** a server that answers each message with the next of `answers` ('stored' once they run out) */
function fakeServer(answers: SendResult[] = []) {
  const sent: RoutePoint[][] = [];
  const stored: RoutePoint[] = [];
  let isOnline = true;
  return {
    sent,
    stored,
    setOnline(value: boolean) {
      isOnline = value;
    },
    send(_id: number, points: RoutePoint[]): Promise<SendResult> | null {
      if (!isOnline) return null;
      sent.push(points);
      const answer = answers.shift() ?? 'stored';
      if (answer === 'stored') stored.push(...points);
      return Promise.resolve(answer);
    },
  };
}
const timesOf = (points: RoutePoint[]) => points.map((point) => Date.parse(point.at));

describe('route points', () => {
  it('sends a point at once and then every interval, a few metres apart', async () => {
    const server = fakeServer();
    const route = createRoutePoints({ send: server.send });
    route.start(3, 5);
    expect(route.trackingId).toBe(3);
    await vi.advanceTimersByTimeAsync(5_000 * 3);
    expect(server.sent.map((points) => points.length)).toEqual([1, 1, 1, 1]);
    const [a, b] = [server.sent[0]![0]!, server.sent[1]![0]!];
    expect(distanceM(a, b)).toBeLessThan(12);
    expect(Date.parse(b.at) - Date.parse(a.at)).toBe(5_000);
    expect(route.stop(99)).toBe(false);
    expect(route.stop(3)).toBe(true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(server.sent).toHaveLength(4);
  });

  it('keeps the points taken offline and sends them in batches when the link is back', async () => {
    const server = fakeServer();
    server.setOnline(false);
    const route = createRoutePoints({ send: server.send });
    route.start(1, 5);
    await vi.advanceTimersByTimeAsync(5_000 * 60);
    expect(server.sent).toEqual([]);
    server.setOnline(true);
    route.flush();
    await vi.advanceTimersByTimeAsync(0);
    expect(server.sent[0]).toHaveLength(TRACKING_MAX_POINTS_PER_MESSAGE);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(server.sent[1]).toHaveLength(61 - TRACKING_MAX_POINTS_PER_MESSAGE + 1);
    // oldest first, no point lost or repeated
    const times = timesOf(server.stored);
    expect(times).toEqual([...times].sort((x, y) => x - y));
    expect(new Set(times).size).toBe(62);
    route.stop();
  });

  it('ordered the same route again, goes on with the points it kept', async () => {
    const server = fakeServer();
    server.setOnline(false);
    const route = createRoutePoints({ send: server.send });
    route.start(4, 5);
    await vi.advanceTimersByTimeAsync(5_000 * 3);
    route.start(4, 5);
    server.setOnline(true);
    route.flush();
    await vi.advanceTimersByTimeAsync(0);
    // four points taken before, and the one of the second start
    expect(server.sent).toEqual([expect.any(Array)]);
    expect(server.sent[0]).toHaveLength(5);
    // a different route starts afresh
    route.start(5, 5);
    await vi.advanceTimersByTimeAsync(0);
    expect(route.trackingId).toBe(5);
    expect(server.sent[1]).toHaveLength(1);
    route.stop();
  });

  it('sends again what the server refused for now or never answered, and drops what it refused for good', async () => {
    // first point: busy, then no answer, then stored; second point: refused as invalid
    const server = fakeServer(['resend', 'resend', 'stored', 'dropped']);
    const route = createRoutePoints({ send: server.send });
    route.start(7, 5);
    await vi.advanceTimersByTimeAsync(0);
    expect(server.sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(5_000);
    // the refused point goes again, with the new one behind it, oldest first
    expect(server.sent[1]!.map((point) => point.at)).toEqual([server.sent[0]![0]!.at, expect.any(String)]);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(server.sent[2]).toHaveLength(3);
    expect(server.stored).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(5_000 * 2);
    // the fourth message (one new point) was dropped, the fifth carries only the next point
    expect(server.sent.slice(3).map((points) => points.length)).toEqual([1, 1]);
    expect(server.stored).toHaveLength(4);
    expect(new Set(timesOf(server.stored)).size).toBe(4);
    route.stop();
  });

  it('sends nothing new while a message waits for its answer, so the points stay in order', async () => {
    let answer: (result: SendResult) => void = () => undefined;
    const sent: RoutePoint[][] = [];
    const route = createRoutePoints({
      send: (_id, points) => {
        sent.push(points);
        return new Promise((resolve) => (answer = resolve));
      },
    });
    route.start(2, 5);
    await vi.advanceTimersByTimeAsync(5_000 * 2);
    expect(sent).toHaveLength(1);
    answer('stored');
    await vi.advanceTimersByTimeAsync(5_000);
    // the two points taken meanwhile, and the new one, in one message
    expect(sent[1]).toHaveLength(3);
    route.stop();
  });
});
