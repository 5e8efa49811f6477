import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { routes } from '@escudo/contract/browser';
import { GOOGLE_CLIENT_ID, OIDC_ISSUER_URL } from './oidc-issuer.ts';

/** The server under test: fresh PGlite data on every run, its outbox read by the journeys. */
/**
 * The journeys' ports are E2E_PORT_BASE (default 3110) plus 1 (server), 2 (bucket) and 9 (OpenID
 * issuer), so that two runs on one machine (two worktrees) can be told apart.
 */
export const E2E_PORT_BASE = Number(process.env.E2E_PORT_BASE ?? 3110);
export const E2E_PORT = E2E_PORT_BASE + 1;
export const E2E_URL = `http://localhost:${E2E_PORT}`;
export const E2E_DATA_DIR = path.join(
  os.tmpdir(),
  E2E_PORT_BASE === 3110 ? 'escudo-e2e-data' : `escudo-e2e-data-${E2E_PORT_BASE}`,
);
/** the local S3-compatible server the journeys' files go to (with-s3-bucket.ts) */
const E2E_S3_PORT = E2E_PORT_BASE + 2;
const root = path.resolve(import.meta.dirname, '..');

/** Debian's Chromium, driven as Desktop Chrome */
const desktopChromium = { ...devices['Desktop Chrome'], channel: undefined };
/** the journeys that wait longest on real timers: the spec's 40 s for a silent phone, the wipe's 5 + 25 s */
const waitingJourneys = ['**/lost-mode-no-answer.spec.ts', '**/wipe-complete.spec.ts'];

export default defineConfig({
  testDir: './tests',
  // the local OpenID issuer that plays Google (oidc-issuer.ts)
  globalSetup: './global-setup.ts',
  outputDir: './test-results',
  fullyParallel: false,
  // a journey waits on its browser, server and phone more than it computes: on this 2-core machine the
  // 62 journeys took 237 s with 2 workers, 209 s with 3 and 203 s with 4 (bench/RESULTS.md)
  workers: 3,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  // Limits against a hang, not measures of speed: a journey runs a real server, a browser and often
  // the phone simulator on a 2-core machine that is at times 3 times slower than at others (Lighthouse's
  // benchmark index, bench/RESULTS.md), and a journey must not fail for that. A journey that waits on
  // the spec's own timers as well asks for 3 times as long (`test.slow()`).
  timeout: 120_000,
  expect: { timeout: 20_000 },
  reporter: process.env.CI
    ? [['list']]
    : [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  use: {
    baseURL: E2E_URL,
    locale: 'es-CL',
    timezoneId: 'America/Santiago',
    // a failed journey keeps its trace (each action with the page's DOM), without the screencast: its
    // frames, encoded for every journey whether it failed or not, were a third of the run (345 s with
    // them, 228 s without, on this 2-core machine); the failure's screenshot is still taken (below)
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true },
    screenshot: 'only-on-failure',
    launchOptions: {
      // Debian's Chromium: Playwright cannot download its own browser on this network
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  // The journeys that mostly wait on real timers go first, so that the other workers run the rest
  // beside them: last in the run, each left its worker alone for half a minute (bench/RESULTS.md).
  projects: [
    { name: 'chromium', testMatch: waitingJourneys, use: desktopChromium },
    { name: 'chromium', testIgnore: waitingJourneys, use: desktopChromium },
  ],
  webServer: {
    // start.mjs builds the panel if it is missing or stale, then runs the server, with its files in
    // a local S3-compatible bucket (with-s3-bucket.ts): every journey's photos and videos go there
    command: `rm -rf "${E2E_DATA_DIR}" && node --import tsx e2e/with-s3-bucket.ts node scripts/start.mjs`,
    cwd: root,
    url: `${E2E_URL}${routes.getConfig.path}`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'test',
      PORT: String(E2E_PORT),
      PUBLIC_URL: E2E_URL,
      DATA_DIR: E2E_DATA_DIR,
      LOG_LEVEL: 'warn',
      // always the embedded database: the API suite covers PostgreSQL
      DATABASE_URL: '',
      PLAY_STORE_URL: 'https://play.google.com/store/apps/details?id=cl.escudo.app',
      APP_STORE_URL: 'https://apps.apple.com/cl/app/escudo/id0000000000',
      // every journey signs up and in from this one machine: the per-address limits are for the
      // Internet, and auth.limits.test.ts tests them
      SIGNUPS_PER_ADDRESS: '10000',
      SIGNIN_FAILURES_PER_ADDRESS: '10000',
      RESET_REQUESTS_PER_ADDRESS: '10000',
      // Google sign-in against the local issuer (the server discovers it on the first sign-in)
      GOOGLE_CLIENT_ID,
      GOOGLE_CLIENT_SECRET: 'escudo-e2e-secret',
      GOOGLE_ISSUER_URL: OIDC_ISSUER_URL,
      // s3rver's bucket and its fixed keys (with-s3-bucket.ts)
      S3_BUCKET: 'escudo-e2e',
      S3_ENDPOINT: `http://127.0.0.1:${E2E_S3_PORT}`,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
  },
});
