/**
 * Scheduled work that must run once across every server process (decision 029). A feature
 * declares a job with `defineJob` in its own `<feature>.jobs.ts`; `context.ts` lists them and
 * `app.ts` starts one runner for the process: pg-boss on PostgreSQL (its schema `pgboss` in the same
 * database, so any number of processes share one queue), or timers in the process on the embedded
 * PGlite, which only one process can open. Handlers are idempotent: a job may run late, or twice
 * around a slot's edge, and must leave the same result.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { AppContext } from '../context.ts';

export interface JobDefinition {
  /** the queue's name: kebab-case, unique */
  name: string;
  /** how often the job is due; JOBS_SWEEP_SECONDS, when set, replaces it for every job (tests) */
  everySeconds: number;
  /** tries after a failed one, each waiting twice as long as the one before (from `delaySeconds`) */
  retry: { limit: number; delaySeconds: number };
  /**
   * The handler claims its own rows (a lease), so two runs at once do no harm. On pg-boss such a job
   * runs in any process whatever another's run is doing: a run left active by a process that died
   * would otherwise keep every other process from running it until the run expires. The in-process
   * runner has one process only, and still never runs a job twice at once.
   */
  canOverlap?: boolean;
  run(ctx: AppContext): Promise<void>;
}

export const defineJob = (definition: JobDefinition): JobDefinition => definition;

/** how a run ended: a failed run is retried while its job's `retry.limit` allows */
export type JobOutcome = 'completed' | 'failed';
/** told after every run (a metric counts job runs by name and outcome) */
export type OnJobRun = (job: string, outcome: JobOutcome) => void;

export interface JobRunner {
  kind: 'pg-boss' | 'in-process';
  start(): Promise<void>;
  /** starts one run of `name` (with its retries) now, outside its schedule, without waiting for it */
  trigger(name: string): Promise<void>;
  /** no new runs; the runs under way finish (pg-boss: or go back to the queue after a timeout) */
  stop(): Promise<void>;
}

export interface JobRunnerOptions {
  ctx: AppContext;
  jobs: JobDefinition[];
  /** replaces every job's `everySeconds` (JOBS_SWEEP_SECONDS), and caps its first retry's wait */
  everySeconds?: number | undefined;
  /**
   * pg-boss only: how often each worker looks for its job (at least 0.5 s, pg-boss's floor). Unset,
   * half the job's interval, from 0.5 to 5 s: the server's own. A test sets it short, so that a
   * triggered run or a retry is taken as soon as it is due instead of up to 5 s later.
   */
  pollSeconds?: number | undefined;
  onRun?: OnJobRun | undefined;
}

export const intervalOf = (job: JobDefinition, options: JobRunnerOptions) =>
  options.everySeconds ?? job.everySeconds;

/**
 * The wait before a job's first retry. With JOBS_SWEEP_SECONDS (tests) it is no longer than that
 * interval: a run failing once under a loaded machine would otherwise hold its queue for a minute.
 */
export const retryDelayOf = (job: JobDefinition, options: JobRunnerOptions) =>
  options.everySeconds === undefined
    ? job.retry.delaySeconds
    : Math.min(job.retry.delaySeconds, options.everySeconds);

/** One run of a job's handler: a failure is logged with the job's name and thrown on for a retry. */
export async function runJob(options: JobRunnerOptions, job: JobDefinition): Promise<void> {
  try {
    await job.run(options.ctx);
    options.onRun?.(job.name, 'completed');
  } catch (error) {
    options.ctx.log.error({ err: error, job: job.name }, 'scheduled job failed');
    options.onRun?.(job.name, 'failed');
    throw error;
  }
}

/**
 * The embedded database's runner: one timer per job in this process (PGlite is one process's, so
 * there is no other to share with). A run that fails is tried again after `delaySeconds`, then twice
 * as long, up to `limit` times; a job is never run twice at once; stopping cancels the waiting
 * retries and waits for the runs under way.
 */
export function createInProcessRunner(options: JobRunnerOptions): JobRunner {
  const timers: NodeJS.Timeout[] = [];
  const running = new Map<string, Promise<void>>();
  const stopping = new AbortController();

  const runWithRetries = async (job: JobDefinition) => {
    for (let attempt = 0; !stopping.signal.aborted; attempt += 1) {
      try {
        await runJob(options, job);
        return;
      } catch {
        if (attempt >= job.retry.limit) return;
        const waitMs = retryDelayOf(job, options) * 1000 * 2 ** attempt;
        const isStopped = await sleep(waitMs, false, { signal: stopping.signal, ref: false }).catch(
          () => true,
        );
        if (isStopped) return;
      }
    }
  };
  const start = (job: JobDefinition) => {
    const underWay = running.get(job.name);
    if (underWay) return underWay;
    const run = runWithRetries(job).finally(() => running.delete(job.name));
    running.set(job.name, run);
    return run;
  };
  return {
    kind: 'in-process',
    async start() {
      for (const job of options.jobs) {
        timers.push(setInterval(() => void start(job), intervalOf(job, options) * 1000).unref());
      }
    },
    async trigger(name) {
      // started, not awaited: as on pg-boss, where it is queued for any process's worker
      void start(findJob(options.jobs, name));
    },
    async stop() {
      for (const timer of timers) clearInterval(timer);
      stopping.abort();
      await Promise.all(running.values());
    },
  };
}

export function findJob(jobs: JobDefinition[], name: string): JobDefinition {
  const job = jobs.find((candidate) => candidate.name === name);
  if (!job) throw new Error(`no job named ${name}`);
  return job;
}
