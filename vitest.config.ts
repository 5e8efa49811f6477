import os from 'node:os';
import { defineConfig } from 'vitest/config';

// API tests run against PGlite always, and once more against the machine's PostgreSQL when
// DATABASE_URL is set (each test file then gets a fresh database of its own on that server).
const postgres = process.env.DATABASE_URL;

export default defineConfig({
  test: {
    // Most test files wait more than they compute (databases, sockets, timers, a child server), so
    // at least 3 run at once even on 2 CPUs, where Vitest's default (CPUs − 1) runs one at a time:
    // on a 2-CPU machine the whole run took 676 s with 1 worker, 377 s with 3 and 395 s with 4.
    maxWorkers: Math.max(3, os.availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'contract',
          include: ['packages/contract/src/**/*.test.ts'],
        },
      },
      {
        // the checks `npm test` runs on the repository itself (licences, bundle budgets)
        test: {
          name: 'scripts',
          include: ['scripts/**/*.test.mjs'],
        },
      },
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.ts', 'apps/web/vite-plugins/**/*.test.ts'],
        },
      },
      {
        // the panel's components and the command store, rendered in a DOM with Testing Library; the
        // server is another process, so the network edge (fetch, the realtime socket) is simulated
        test: {
          name: 'web-dom',
          include: ['apps/web/src/**/*.test.tsx'],
          environment: 'happy-dom',
          setupFiles: ['apps/web/src/testing/setup.ts'],
          // a test types into several fields: a second on a quiet machine, more than Vitest's default
          // 5 s on a slow, busy one (CI once ran out there)
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'phone',
          include: ['apps/phone/src/**/*.test.ts'],
          // the integration test starts the real server, which takes a few seconds, or a minute on a
          // slow, busy machine
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
      {
        test: {
          name: 'server-pglite',
          include: ['apps/server/{src,test}/**/*.test.ts'],
          env: { ESCUDO_TEST_DB: 'pglite' },
          // migrates once, to a template each test file copies (apps/server/test/global-setup.ts)
          globalSetup: ['apps/server/test/global-setup.ts'],
          // the files of a worker share one module graph: importing the server took several seconds of each
          // file; every file opens its own server and database, and nothing in the server is mocked
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(postgres
        ? [
            {
              test: {
                name: 'server-postgres',
                include: ['apps/server/{src,test}/**/*.test.ts'],
                env: { ESCUDO_TEST_DB: 'postgres' },
                // migrates once, to a template each test file copies (apps/server/test/global-setup.ts)
                globalSetup: ['apps/server/test/global-setup.ts'],
                // the files of a worker share one module graph: importing the server took several seconds of each
                // file; every file opens its own server and database, and nothing in the server is mocked
                isolate: false,
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
    ],
  },
});
