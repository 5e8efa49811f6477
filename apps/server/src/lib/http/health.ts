/**
 * What a load balancer and Prometheus ask a server process (decision 030), outside /api and
 * so outside the admission gate (which queues /api only): a busy server still says it is alive.
 *
 * - GET /healthz: 200 `{ status: 'ok' }` while the process can answer at all.
 * - GET /readyz: 200 `{ status: 'ok' }`, or 503 `{ status: 'unavailable', failing: [...] }` naming what
 *   is missing: the database, its migrations, Redis, the file storage, or 'shutting-down' from the
 *   moment a SIGTERM arrives. The checks' result is kept READINESS_CACHE_MS, so that a storm of probes
 *   asks the database once; shutting down is told at once.
 * - GET /metrics: the Prometheus text, only with `Authorization: Bearer $METRICS_TOKEN` (401 without it
 *   or with another, and no figures), 404 when METRICS_TOKEN is not set.
 *
 * None of them is the panel's page: they are real routes, found before the history fallback.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { errorMessages } from '@escudo/contract';
import type { Metrics } from '../metrics/metrics.ts';

export const HEALTH_PATH = '/healthz';
export const READY_PATH = '/readyz';
export const METRICS_PATH = '/metrics';

export type ReadinessPart = 'database' | 'migrations' | 'redis' | 'storage' | 'shutting-down';

/** one readiness check: resolves when its part is reachable, throws (or times out) when not */
export type ReadinessCheck = () => Promise<void>;

/** ours: a probe every second or two from each balancer asks the parts once per this */
export const READINESS_CACHE_MS = 1_000;
/** ours: a part that has not answered in this long is taken as unreachable (probes time out at ~2 s) */
export const READINESS_CHECK_TIMEOUT_MS = 1_500;

export interface Readiness {
  /** what is not ready now, in a fixed order; empty when ready */
  failing(): Promise<ReadinessPart[]>;
}

export function createReadiness(options: {
  checks: Partial<Record<Exclude<ReadinessPart, 'shutting-down'>, ReadinessCheck>>;
  isShuttingDown: () => boolean;
  cacheMs?: number;
  timeoutMs?: number;
}): Readiness {
  const cacheMs = options.cacheMs ?? READINESS_CACHE_MS;
  const timeoutMs = options.timeoutMs ?? READINESS_CHECK_TIMEOUT_MS;
  const entries = Object.entries(options.checks) as [ReadinessPart, ReadinessCheck][];
  let cached: { at: number; failing: Promise<ReadinessPart[]> } | null = null;

  async function runChecks(): Promise<ReadinessPart[]> {
    const results = await Promise.all(
      entries.map(async ([part, check]) => ((await passes(check, timeoutMs)) ? null : part)),
    );
    const failing = results.filter((part) => part !== null);
    // an unreachable database cannot say whether its migrations ran: name only the database
    return failing.includes('database') ? failing.filter((part) => part !== 'migrations') : failing;
  }

  return {
    async failing() {
      const now = Date.now();
      // concurrent probes share one run of the checks (the promise is cached, not only its result)
      if (!cached || now - cached.at >= cacheMs) cached = { at: now, failing: runChecks() };
      const failing = await cached.failing;
      return options.isShuttingDown() ? ['shutting-down', ...failing] : failing;
    },
  };
}

async function passes(check: ReadinessCheck, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([check().then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/** Compares in constant time whatever the lengths (both sides hashed first). */
function isSameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

function noStore(reply: FastifyReply): FastifyReply {
  return reply.header('cache-control', 'no-store');
}

export function registerHealthRoutes(
  app: FastifyInstance,
  options: { readiness: Readiness; metrics: Metrics; metricsToken: string | undefined },
): void {
  // not part of the API: kept out of the OpenAPI document
  const schema = { hide: true };
  app.get(HEALTH_PATH, { schema }, async (_request, reply) => noStore(reply).send({ status: 'ok' }));

  app.get(READY_PATH, { schema }, async (_request, reply) => {
    const failing = await options.readiness.failing();
    if (failing.length === 0) return noStore(reply).send({ status: 'ok' });
    return noStore(reply).status(503).send({ status: 'unavailable', failing });
  });

  app.get(METRICS_PATH, { schema }, async (request, reply) => {
    noStore(reply);
    const { metricsToken } = options;
    if (!metricsToken) {
      return reply.status(404).send({ code: 'ROUTE_NOT_FOUND', message: errorMessages.ROUTE_NOT_FOUND });
    }
    const header = request.headers.authorization ?? '';
    const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
    if (!isSameSecret(given, metricsToken)) {
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer')
        .send({ code: 'UNAUTHENTICATED', message: errorMessages.UNAUTHENTICATED });
    }
    const { text, contentType } = await options.metrics.render();
    return reply.type(contentType).send(text);
  });
}
