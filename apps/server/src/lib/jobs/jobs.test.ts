/**
 * The job runners themselves (decision 029): a failed run is tried again, with the job's name in the
 * log and the outcomes told to onRun; the in-process runner on PGlite, and pg-boss on the machine's
 * PostgreSQL when the project says so. Real databases, real timers, no mock.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createJobRunner } from './job-runner.ts';
import { defineJob, type JobOutcome, type JobRunner } from './jobs.ts';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

/** waits until `isDone` holds, checking every 100 ms, for at most `ms` */
async function waitFor(isDone: () => boolean, ms = 40_000) {
  for (let waited = 0; !isDone() && waited < ms; waited += 100) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
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
    runner = createJobRunner(app.database, {
      ctx: app.ctx,
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
    const other = createJobRunner(app.database, {
      ctx: app.ctx,
      jobs: [broken],
      onRun: (_job, outcome) => outcomes.push(outcome),
    });
    await other.start();
    await other.trigger(broken.name);
    await waitFor(() => outcomes.length >= 2);
    // a third try would come 2 s after the second (backoff): give it the time to show up
    await new Promise((resolve) => setTimeout(resolve, 4_000));
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
    const stopping = createJobRunner(app.database, { ctx: app.ctx, jobs: [slow] });
    await stopping.start();
    await stopping.trigger(slow.name);
    await waitFor(() => isStarted);
    expect(isStarted).toBe(true);
    await stopping.stop();
    expect(isFinished).toBe(true);
  }, 90_000);
});
