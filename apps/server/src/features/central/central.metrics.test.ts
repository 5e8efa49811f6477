/**
 * The central's figures on /metrics (central.metrics.ts): the seconds from an event's creation to its
 * claim and to its close, counted where they succeed, and the events waiting now, read from the
 * database at each scrape. The times are made with the test clock.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { centralEventKinds } from '@escudo/contract';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { userWithPhone } from '../../../test/sockets.ts';
import { makeOperator } from '../../../test/operators.ts';
import { centralCalls } from '../../../test/central.ts';
import { createMetrics } from '../../lib/metrics/metrics.ts';
import { centralEvents } from './central.schema.ts';

const METRICS_TOKEN = randomBytes(24).toString('hex');

let app: TestApp;
let central: ReturnType<typeof centralCalls>;
beforeAll(async () => {
  app = await createTestApp({ METRICS_TOKEN });
  central = centralCalls(app);
});
afterAll(() => app.close());

async function scrape(): Promise<string> {
  const response = await app.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  expect(response.statusCode).toBe(200);
  return response.body;
}

/** the value of one line of the exposition, `series` being its name and labels as written */
function valueOf(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  if (!line) throw new Error(`no line ${series} in /metrics`);
  return Number(line.slice(series.length + 1));
}

/** how each named line moved between two scrapes */
const moved = (before: string, after: string, lines: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(lines).map(([name, series]) => [name, valueOf(after, series) - valueOf(before, series)]),
  );

/** a histogram's lines of one kind: the buckets of the bounds given, its sum and its count */
const histogramLines = (name: string, kind: string, bounds: number[]) => ({
  ...Object.fromEntries(bounds.map((le) => [`le${le}`, `${name}_bucket{le="${le}",kind="${kind}"}`])),
  sum: `${name}_sum{kind="${kind}"}`,
  count: `${name}_count{kind="${kind}"}`,
});
const waitingLines = Object.fromEntries(
  centralEventKinds.map((kind) => [kind, `escudo_central_events_waiting{kind="${kind}"}`]),
);

describe('/metrics for the central', () => {
  it('has every kind from the start, at 0, with 30, 60 and 180 s among the buckets', async () => {
    const text = await scrape();
    for (const kind of centralEventKinds) {
      expect(text).toContain(`escudo_central_events_waiting{kind="${kind}"} 0\n`);
      expect(text).toContain(`escudo_central_claim_seconds_count{kind="${kind}"} 0\n`);
      expect(text).toContain(`escudo_central_close_seconds_count{kind="${kind}"} 0\n`);
      for (const le of [30, 60, 180])
        expect(text).toContain(`escudo_central_claim_seconds_bucket{le="${le}",kind="${kind}"} 0\n`);
    }
    expect(text).toContain('# TYPE escudo_central_claim_seconds histogram');
    expect(text).toContain('# TYPE escudo_central_events_waiting gauge');
  });

  it('counts the events waiting by kind as the database has them, whichever process changed them', async () => {
    const operator = await makeOperator(app);
    const start = await scrape();
    const sos = await central.sos(await userWithPhone(app), operator);
    await central.lostPhone(await userWithPhone(app), operator);
    expect(moved(start, await scrape(), waitingLines)).toEqual({ sos: 1, tamper: 0, lost_mode: 1, dark: 0 });

    await central.claim(operator, sos);
    expect(moved(start, await scrape(), waitingLines)).toEqual({ sos: 0, tamper: 0, lost_mode: 1, dark: 0 });
    // given back by another process: only the database knows, and the next scrape says so
    await app.ctx.db
      .update(centralEvents)
      .set({ status: 'open', claimedBy: null, claimedAt: null })
      .where(eq(centralEvents.id, sos.id));
    expect(moved(start, await scrape(), waitingLines)).toEqual({ sos: 1, tamper: 0, lost_mode: 1, dark: 0 });
  });

  it('times a claim from the creation, once: taking again what one holds, or a refused claim, is no claim', async () => {
    const [carla, diego] = [await makeOperator(app), await makeOperator(app)];
    const lines = histogramLines('escudo_central_claim_seconds', 'sos', [30, 60, 180]);
    const event = await central.sos(await userWithPhone(app), carla);
    const before = await scrape();
    app.clock.advance(45_000);
    await central.claim(carla, event);
    await central.claim(carla, event);
    const refused = await app.post('/api/operator/central/claim', { event_id: event.id }, diego.token);
    expect(refused.statusCode).toBe(409);
    expect(moved(before, await scrape(), lines)).toEqual({ le30: 0, le60: 1, le180: 1, sum: 45, count: 1 });

    // given back and taken again 100 s later: a new claim, 145 s after the event arrived
    await central.release(carla, event);
    app.clock.advance(100_000);
    await central.claim(diego, event);
    expect(moved(before, await scrape(), lines)).toEqual({ le30: 0, le60: 1, le180: 2, sum: 190, count: 2 });
  });

  it("counts a supervisor's assignment of an open event as its claim, not a holder's event given to another", async () => {
    const marta = await makeOperator(app, { isSupervisor: true });
    const [carla, diego] = [await makeOperator(app), await makeOperator(app)];
    const lines = histogramLines('escudo_central_claim_seconds', 'lost_mode', [10, 30]);
    const event = await central.lostPhone(await userWithPhone(app), marta);
    const before = await scrape();
    app.clock.advance(20_000);
    await central.assign(marta, event, carla);
    app.clock.advance(60_000);
    expect((await central.assign(marta, event, diego)).claimed_by?.id).toBe(diego.userId);
    expect(moved(before, await scrape(), lines)).toEqual({ le10: 0, le30: 1, sum: 20, count: 1 });
  });

  it('leaves the waiting events out, not the whole scrape, when the database does not answer', async () => {
    const metrics = createMetrics();
    metrics.readCentralWaiting(() => Promise.reject(new Error('connection refused')));
    const { text } = await metrics.render();
    expect(text).not.toContain('escudo_central_events_waiting{');
    expect(text).toContain('escudo_central_claim_seconds_count{kind="sos"} 0\n');
  });

  it('times a close from the creation, by kind, once', async () => {
    const carla = await makeOperator(app);
    const lines = histogramLines('escudo_central_close_seconds', 'sos', [180, 300]);
    const event = await central.sos(await userWithPhone(app), carla);
    const before = await scrape();
    app.clock.advance(15_000);
    await central.claim(carla, event);
    app.clock.advance(225_000);
    await central.close(carla, event, 'falsa_alarma');
    const again = await app.post(
      '/api/operator/central/close',
      { event_id: event.id, outcome: 'falsa_alarma', level: 0, note: '' },
      carla.token,
    );
    expect(again.statusCode).toBe(409);
    const after = await scrape();
    expect(moved(before, after, lines)).toEqual({ le180: 0, le300: 1, sum: 240, count: 1 });
    const otherKind = histogramLines('escudo_central_close_seconds', 'lost_mode', []);
    expect(moved(before, after, otherKind)).toEqual({ sum: 0, count: 0 });
  });
});
