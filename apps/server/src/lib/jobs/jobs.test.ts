/**
 * The job runners themselves (decision 029): a failed run is tried again, with the job's name in the
 * log and the outcomes told to onRun; the in-process runner on PGlite, and pg-boss on the machine's
 * PostgreSQL when the project says so. Real databases, real timers, no mock.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createJobRunner } from './job-runner.ts';
import { defineJob, type JobOutcome, type JobRunner, type JobRunnerOptions } from './jobs.ts';
import { JOBS_SCHEMA } from './pg-boss-runner.ts';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

/**
 * pg-boss's floor: its workers look for a triggered run or a due retry this often, where the server's
 * would wait up to 5 s for a job due hourly (the in-process runner does not poll)
 */
const POLL_SECONDS = 0.5;
const runnerOf = (options: Omit<JobRunnerOptions, 'ctx' | 'pollSeconds'>) =>
  createJobRunner(app.database, { ctx: app.ctx, pollSeconds: POLL_SECONDS, ...options });

/** waits until `isDone` holds, checking every 100 ms, for at most `ms` */
async function waitFor(isDone: () => boolean | Promise<boolean>, ms = 40_000) {
  for (let waited = 0; !(await isDone()) && waited < ms; waited += 100) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** the states of the runs pg-boss holds for queue `name`, in its own table of the same database */
async function pgBossStatesOf(name: string): Promise<string[]> {
  const result = await app.ctx.db.execute(
    sql`select state from ${sql.identifier(JOBS_SCHEMA)}.job where name = ${name} order by created_on`,
  );
  return (('rows' in result ? result.rows : result) as { state: string }[]).map((row) => row.state);
}

describe('a scheduled job', () => {
  let runner: JobRunner | undefined;
  afterAll(() => runner?.stop());

  it('that fails is tried again after its delay, and each run is told with its outcome', async () => {
    const outcomes: [string, JobOutcome][] = [];
    let calls = 0;
    const flaky = defineJob({
      name: `flaky-${Math.random().toString(36).slice(2, 8)}`,
      // due rarely: the second run can only be the retry
      everySeconds: 3600,
      retry: { limit: 2, delaySeconds: 1 },
      async run() {
        calls += 1;
        if (calls === 1) throw new Error('the mail server is down');
      },
    });
    runner = runnerOf({
      jobs: [flaky],
      onRun: (job, outcome) => outcomes.push([job, outcome]),
    });
    expect(runner.kind).toBe(app.database.driver === 'postgres' ? 'pg-boss' : 'in-process');
    await runner.start();
    await runner.trigger(flaky.name);
    await waitFor(() => outcomes.length >= 2);
    expect(outcomes).toEqual([
      [flaky.name, 'failed'],
      [flaky.name, 'completed'],
    ]);
    expect(calls).toBe(2);
  }, 90_000);

  it('gives up after its retries, and a stopped runner runs nothing more', async () => {
    const outcomes: JobOutcome[] = [];
    const broken = defineJob({
      name: `broken-${Math.random().toString(36).slice(2, 8)}`,
      everySeconds: 3600,
      retry: { limit: 1, delaySeconds: 1 },
      async run() {
        throw new Error('always');
      },
    });
    const other = runnerOf({ jobs: [broken], onRun: (_job, outcome) => outcomes.push(outcome) });
    await other.start();
    await other.trigger(broken.name);
    await waitFor(() => outcomes.length >= 2);
    if (other.kind === 'pg-boss') {
      // pg-boss marks the run `failed` once no retry is left (a run that still has one is `retry`), and
      // never takes a failed run again: waiting for that state is waiting for the last try
      await waitFor(async () => (await pgBossStatesOf(broken.name)).join() === 'failed');
      expect(await pgBossStatesOf(broken.name)).toEqual(['failed']);
    } else {
      // a third try would come 2 s after the second (backoff): give it the time to show up
      await new Promise((resolve) => setTimeout(resolve, 4_000));
    }
    await other.stop();
    expect(outcomes).toEqual(['failed', 'failed']);
  }, 90_000);

  it('lets a run under way finish when the runner stops', async () => {
    let isStarted = false;
    let isFinished = false;
    const slow = defineJob({
      name: `slow-${Math.random().toString(36).slice(2, 8)}`,
      everySeconds: 3600,
      retry: { limit: 0, delaySeconds: 1 },
      async run() {
        isStarted = true;
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        isFinished = true;
      },
    });
    const stopping = runnerOf({ jobs: [slow] });
    await stopping.start();
    await stopping.trigger(slow.name);
    await waitFor(() => isStarted);
    expect(isStarted).toBe(true);
    await stopping.stop();
    expect(isFinished).toBe(true);
  }, 90_000);

  // A run that never ends stands for the run of a process killed in the middle of it: pg-boss keeps
  // that run active until it expires, minutes later. Another process's runner must still run a job
  // that can overlap, and (the control) not an exclusive one.
  it.skipIf(process.env.ESCUDO_TEST_DB !== 'postgres')(
    'that can overlap runs in another process while a dead one still holds its run',
    async () => {
      const suffix = Math.random().toString(36).slice(2, 8);
      const names = [`overlapping-${suffix}`, `exclusive-${suffix}`];
      let endHeldRuns: () => void = () => {};
      const held = new Promise<void>((resolve) => (endHeldRuns = resolve));
      const heldRuns: string[] = [];
      const runsAfter: string[] = [];
      const jobsOf = (onRun: (name: string) => Promise<void>, isOlderVersion = false) =>
        names.map((name) =>
          defineJob({
            name,
            everySeconds: 3600,
            retry: { limit: 0, delaySeconds: 1 },
            canOverlap: !isOlderVersion && name.startsWith('overlapping'),
            run: () => onRun(name),
          }),
        );
      // the queues as a version before `canOverlap` made them: the runners below must change them
      const older = runnerOf({ jobs: jobsOf(async () => {}, true) });
      await older.start();
      await older.stop();
      const dead = runnerOf({
        jobs: jobsOf(async (name) => {
          heldRuns.push(name);
          await held;
        }),
      });
      const alive = runnerOf({ jobs: jobsOf(async (name) => void runsAfter.push(name)) });
      try {
        await dead.start();
        for (const name of names) await dead.trigger(name);
        await waitFor(() => heldRuns.length === 2);
        expect(heldRuns.sort()).toEqual([`exclusive-${suffix}`, `overlapping-${suffix}`]);

        await alive.start();
        for (const name of names) await alive.trigger(name);
        await waitFor(() => runsAfter.length > 0);
        // the exclusive one's worker polls every POLL_SECONDS: four more polls for it to show up
        await new Promise((resolve) => setTimeout(resolve, 4 * POLL_SECONDS * 1000));
        expect(runsAfter).toEqual([`overlapping-${suffix}`]);
        // still waiting, not lost: pg-boss holds it back behind the dead process's run
        expect(await pgBossStatesOf(`exclusive-${suffix}`)).toEqual(['active', 'created']);
      } finally {
        endHeldRuns();
        await Promise.all([dead.stop(), alive.stop()]);
      }
    },
    90_000,
  );
});
