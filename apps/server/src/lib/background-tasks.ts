/**
 * Work a request starts and does not wait for, such as the security e-mail after a sign-in or a wipe
 * order (the answer must not wait for the mail server). Each task is kept until it ends, so that a
 * server shutting down waits for it before the database closes, instead of cutting it off halfway.
 * A task that fails is logged; it never reaches the request that started it.
 */
import type { FastifyBaseLogger } from 'fastify';

export interface BackgroundTasks {
  /** starts `task` now; `label` names it in the log if it fails */
  run(label: string, task: () => Promise<unknown>): void;
  /** resolves once every task started so far has ended */
  settled(): Promise<void>;
}

export function createBackgroundTasks(log: FastifyBaseLogger): BackgroundTasks {
  const running = new Set<Promise<unknown>>();
  return {
    run(label, task) {
      const promise = task()
        .catch((error: unknown) => log.error({ err: error, task: label }, 'a background task failed'))
        .finally(() => running.delete(promise));
      running.add(promise);
    },
    async settled() {
      while (running.size > 0) await Promise.all(running);
    },
  };
}
