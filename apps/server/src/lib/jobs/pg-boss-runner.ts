/**
 * The PostgreSQL runner (decision 029): pg-boss keeps the jobs in its own schema of the same database,
 * so every server process shares one queue. Each process offers each job once per interval, as a
 * throttled send (`singletonSeconds`: one job per time slot, whoever offers it first); a worker in
 * any process takes it (FOR UPDATE SKIP LOCKED), so it runs once across processes. The queue's
 * policy, 'stately', keeps at most one of a job waiting and one running; a job that `canOverlap`
 * gets 'standard', so a run left active by a dead process blocks nobody. A failed run goes back to
 * the queue with pg-boss's exponential backoff.
 */
import PgBoss from 'pg-boss';
import { findJob, intervalOf, retryDelayOf, runJob, type JobRunner, type JobRunnerOptions } from './jobs.ts';

/** pg-boss's tables live in this schema of the application's database */
export const JOBS_SCHEMA = 'pgboss';
/** ours: a run still going after this long is taken as lost (its process died) and retried */
const JOB_EXPIRE_SECONDS = 5 * 60;
/** ours: how long stopping waits for the runs under way before handing them back to the queue */
const STOP_TIMEOUT_MS = 20_000;

export function createPgBossRunner(options: JobRunnerOptions & { connectionString: string }): JobRunner {
  const { ctx, jobs } = options;
  const boss = new PgBoss({
    connectionString: options.connectionString,
    schema: JOBS_SCHEMA,
    // the queue's own few connections, beside the application's pool
    max: 2,
    application_name: 'escudo-jobs',
    // no cron: each process offers the jobs on its own timers (above)
    schedule: false,
  });
  // pg-boss reports its own failures (a lost connection, maintenance) here; unheard, they would crash
  boss.on('error', (error) => ctx.log.error({ err: error }, 'job queue error'));
  const timers: NodeJS.Timeout[] = [];

  const offer = (name: string, everySeconds: number) =>
    boss
      .send(name, {}, { singletonKey: name, singletonSeconds: everySeconds })
      .catch((error: unknown) => ctx.log.error({ err: error, job: name }, 'could not queue a scheduled job'));

  return {
    kind: 'pg-boss',
    async start() {
      await boss.start();
      for (const job of jobs) {
        const everySeconds = intervalOf(job, options);
        const queue: PgBoss.Queue = {
          name: job.name,
          policy: job.canOverlap ? 'standard' : 'stately',
          retryLimit: job.retry.limit,
          retryDelay: retryDelayOf(job, options),
          retryBackoff: true,
          expireInSeconds: JOB_EXPIRE_SECONDS,
        };
        // creating leaves a queue that exists as it was: the update brings a changed definition in
        await boss.createQueue(job.name, queue);
        await boss.updateQueue(job.name, queue);
        await boss.work(
          job.name,
          // ours: a worker looks for its job at least every 5 s, so a retry or a triggered run waits
          // little; more often only when the job itself is due more often (JOBS_SWEEP_SECONDS), or
          // when the runner is told to (`pollSeconds`, tests)
          { pollingIntervalSeconds: options.pollSeconds ?? Math.min(Math.max(everySeconds / 2, 0.5), 5) },
          () => runJob(options, job),
        );
        timers.push(setInterval(() => void offer(job.name, everySeconds), everySeconds * 1000).unref());
      }
    },
    async trigger(name) {
      findJob(jobs, name);
      await boss.send(name, {});
    },
    async stop() {
      for (const timer of timers) clearInterval(timer);
      // waits for the runs under way; one still going at the timeout is marked failed, so retried
      await boss.stop({ graceful: true, wait: true, timeout: STOP_TIMEOUT_MS });
    },
  };
}
