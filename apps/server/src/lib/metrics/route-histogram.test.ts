import { Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { RouteHistogram } from './route-histogram.ts';

const BOUNDS = [0.005, 0.01, 0.1, 1];
const NAME = 'http_request_duration_seconds';
const HELP = 'Time to answer.';

/** the same answers, counted by prom-client's own Histogram and by ours */
function bothCounting(answers: Array<[route: string, method: string, status: number, seconds: number]>) {
  const theirs = new Registry();
  const histogram = new Histogram({
    name: NAME,
    help: HELP,
    labelNames: ['route', 'method', 'status'],
    buckets: BOUNDS,
    registers: [theirs],
  });
  const ours = new Registry();
  const routeHistogram = new RouteHistogram(NAME, HELP, BOUNDS, ours);
  for (const [route, method, status, seconds] of answers) {
    histogram.observe({ route, method, status: String(status) }, seconds);
    routeHistogram.observe(route, method, status, seconds);
  }
  return { theirs, ours, routeHistogram };
}

describe('RouteHistogram', () => {
  it("writes the exposition text prom-client's Histogram writes for the same answers", async () => {
    const { theirs, ours } = bothCounting([
      ['/api/app/user/details', 'POST', 200, 0.003],
      ['/api/app/user/details', 'POST', 200, 0.005], // on a bound: counted in it
      ['/api/app/user/details', 'POST', 200, 0.04],
      ['/api/app/user/details', 'POST', 401, 0.002],
      ['/api/auth/login', 'POST', 429, 0.2],
      ['/api/auth/login', 'POST', 200, 7], // past the last bound: +Inf only
      ['unmatched', 'GET', 404, 0.001],
    ]);
    const text = await ours.metrics();
    expect(text).toBe(await theirs.metrics());
    expect(text).toContain(
      'http_request_duration_seconds_bucket{le="0.005",route="/api/app/user/details",method="POST",status="200"} 2',
    );
    expect(text).toContain(
      'http_request_duration_seconds_bucket{le="1",route="/api/auth/login",method="POST",status="200"} 0',
    );
    expect(text).toContain(
      'http_request_duration_seconds_bucket{le="+Inf",route="/api/auth/login",method="POST",status="200"} 1',
    );
    expect(text).toContain(
      'http_request_duration_seconds_sum{route="/api/auth/login",method="POST",status="200"} 7',
    );
  });

  it('forgets every series when the registry is reset, as prom-client does', async () => {
    const { theirs, ours } = bothCounting([['/api/app/user/details', 'POST', 200, 0.003]]);
    theirs.resetMetrics();
    ours.resetMetrics();
    const text = await ours.metrics();
    expect(text).toBe(await theirs.metrics());
    expect(text).not.toContain('status="200"');
  });
});
