/**
 * The server's Prometheus metrics (decision 030), read at GET /metrics (lib/http/health.ts).
 * One registry per app, not prom-client's global one, so that the many apps a test file builds in one
 * process never clash over a series' name. What each series means and when it is alarming:
 * docs/metrics.md.
 *
 * Features count through `ctx.metrics` (lib/context.ts), one line where the thing happens; parts of
 * lib/ that know nothing of the context (the admission gate, the mailer, the hub) are handed a
 * callback by the assembly.
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { centralEventKinds, type CentralEventKind } from '@escudo/contract';
import { CONNECTION_REFUSALS, type ConnectionRefusal } from '../http/connection-caps.ts';
import { RouteHistogram } from './route-histogram.ts';

/** what a run of a periodic job ended as (`countJobRun`) */
export type JobOutcome = 'completed' | 'failed';

export interface Metrics {
  registry: Registry;
  /** every answer Fastify sent, by route pattern (never the raw URL), method and status */
  httpDuration: RouteHistogram;
  /** commands that reached a final state (done, failed, cancelled, expired), by kind */
  commands: Counter<'kind' | 'state'>;
  routePointsStored: Counter;
  /** e-mails handed to the mail server (or the outbox), and those it did not take */
  emails: Counter<'outcome'>;
  /** requests the admission gate refused (503 SERVER_BUSY before Fastify saw them) */
  admissionRefusals: Counter;
  /**
   * connections refused as they were accepted, by a per-address cap or by the cap on all connections
   * (lib/http/connection-caps.ts' ConnectionRefusal names the reasons)
   */
  connectionRefusals: { inc(labels: { reason: ConnectionRefusal }): void };
  /** 429s and refused realtime messages, by error code and by channel (http or realtime) */
  rateLimitRefusals: Counter<'code' | 'channel'>;
  /** runs of the periodic jobs (`countJobRun`) */
  jobRuns: Counter<'job' | 'outcome'>;
  /** seconds from a central event's creation to its claim, by kind (central/central.metrics.ts) */
  centralClaimSeconds: Histogram<'kind'>;
  /** seconds from a central event's creation to its close, by kind */
  centralCloseSeconds: Histogram<'kind'>;
  /** tells the metrics how to read the realtime connections of this process (called once by the assembly) */
  readConnections(read: () => { phones: number; panels: number }): void;
  /**
   * tells the metrics how to count the central's events waiting now, by kind, in the database that
   * every process shares (called once by the assembly)
   */
  readCentralWaiting(read: () => Promise<Record<CentralEventKind, number>>): void;
  /** the exposition text (Prometheus text format 0.0.4) and its content type */
  render(): Promise<{ text: string; contentType: string }>;
}

/** ours: from 5 ms (a cached look-up) to 10 s (the panel's REQUEST_TIMEOUT_MS); past it is a time-out */
const HTTP_BUCKETS_S = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * ours, for the central's times: a central is judged by the share of events it takes within 30, 60
 * and 180 s, so each is a bound and that share is read from its bucket exactly, not interpolated; 5,
 * 10 and 15 s tell a quick answer from a prompt one, and the bounds from 5 minutes to a day hold
 * the closes, which come after the attention itself (a call, a dispatch to Carabineros, a lost phone
 * found hours later) and an event nobody took for long.
 */
const CENTRAL_BUCKETS_S = [5, 10, 15, 30, 60, 120, 180, 300, 600, 1800, 3600, 14_400, 86_400];

/** the error codes that say "too many, wait" (contract error-codes.ts) */
const RATE_LIMIT_CODES = new Set(['RATE_LIMITED', 'TOO_MANY_ATTEMPTS', 'TOO_MANY_REQUESTS']);

export function isRateLimitCode(code: string): boolean {
  return RATE_LIMIT_CODES.has(code);
}

export function createMetrics(): Metrics {
  const registry = new Registry();
  // process CPU, memory, event-loop lag, handles, GC: the usual `process_*` and `nodejs_*` series
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  let readConnections: () => { phones: number; panels: number } = () => ({ phones: 0, panels: 0 });
  new Gauge({
    name: 'escudo_connected_phones',
    help: 'Phones connected to /device on this process.',
    registers,
    collect() {
      this.set(readConnections().phones);
    },
  });
  new Gauge({
    name: 'escudo_connected_panels',
    help: 'Panels connected to /panel on this process.',
    registers,
    collect() {
      this.set(readConnections().panels);
    },
  });
  const connectionRefusals = new Counter({
    name: 'escudo_connections_refused_total',
    help: 'Connections refused as they were accepted, by reason (a per-address cap, or max connections).',
    labelNames: ['reason'],
    registers,
  });
  // every reason is a series from the start, at 0, so that a rate over it means something at once
  for (const reason of CONNECTION_REFUSALS) connectionRefusals.inc({ reason }, 0);
  let readCentralWaiting: () => Promise<Record<CentralEventKind, number> | null> = () =>
    Promise.resolve(null);
  new Gauge({
    name: 'escudo_central_events_waiting',
    help: "Central events waiting now to be taken (status open), by kind: the whole deployment's, from the database.",
    labelNames: ['kind'],
    registers,
    async collect() {
      // a database that does not answer leaves this series out rather than failing the whole scrape,
      // when the process's other series matter most; /readyz names the database then
      const waiting = await readCentralWaiting().catch(() => null);
      this.reset();
      if (waiting) for (const kind of centralEventKinds) this.set({ kind }, waiting[kind]);
    },
  });
  const centralHistogram = (name: string, help: string) => {
    const histogram = new Histogram({
      name,
      help,
      labelNames: ['kind'],
      buckets: CENTRAL_BUCKETS_S,
      registers,
    });
    // every kind a series from the start, as the refusals' reasons above
    for (const kind of centralEventKinds) histogram.zero({ kind });
    return histogram;
  };
  return {
    registry,
    httpDuration: new RouteHistogram(
      'http_request_duration_seconds',
      'Time to answer an HTTP request, by route pattern, method and status.',
      HTTP_BUCKETS_S,
      registry,
    ),
    commands: new Counter({
      name: 'escudo_commands_total',
      help: 'Commands to phones that reached a final state, by kind and state.',
      labelNames: ['kind', 'state'],
      registers,
    }),
    routePointsStored: new Counter({
      name: 'escudo_route_points_stored_total',
      help: 'Route points stored.',
      registers,
    }),
    emails: new Counter({
      name: 'escudo_emails_total',
      help: 'E-mails sent (taken by the mail server or written to the outbox) and failed.',
      labelNames: ['outcome'],
      registers,
    }),
    admissionRefusals: new Counter({
      name: 'escudo_admission_refusals_total',
      help: 'Requests refused by admission control (503 SERVER_BUSY, server overloaded).',
      registers,
    }),
    connectionRefusals,
    rateLimitRefusals: new Counter({
      name: 'escudo_rate_limit_refusals_total',
      help: 'Requests and realtime messages refused by a rate limit, by error code and channel.',
      labelNames: ['code', 'channel'],
      registers,
    }),
    jobRuns: new Counter({
      name: 'escudo_job_runs_total',
      help: 'Runs of periodic jobs, by job and outcome.',
      labelNames: ['job', 'outcome'],
      registers,
    }),
    centralClaimSeconds: centralHistogram(
      'escudo_central_claim_seconds',
      'Seconds from a central event being raised to an operator taking it (or a supervisor giving it), by kind.',
    ),
    centralCloseSeconds: centralHistogram(
      'escudo_central_close_seconds',
      'Seconds from a central event being raised to its close, by kind.',
    ),
    readConnections(read) {
      readConnections = read;
    },
    readCentralWaiting(read) {
      readCentralWaiting = read;
    },
    async render() {
      return { text: await registry.metrics(), contentType: registry.contentType };
    },
  };
}

/**
 * Counts one run of a periodic job: what a job runner calls after each run, e.g.
 * `countJobRun(ctx.metrics, 'expire-commands', 'completed')`. `job` is a fixed name in kebab-case, never
 * anything that varies per run (a Prometheus label value makes a series of its own).
 */
export function countJobRun(metrics: Pick<Metrics, 'jobRuns'>, job: string, outcome: JobOutcome): void {
  metrics.jobRuns.inc({ job, outcome });
}
