/**
 * What every journey needs (docs/style.md #9): accounts made through the real API, sign-in through the
 * real form, the e-mails the server wrote to its outbox, and simulated phones (apps/phone).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { createInterface } from 'node:readline';
import { simpleParser } from 'mailparser';
import { test as base, expect, type Page } from '@playwright/test';
import type { BodyOf, EndpointName, EndpointsByRoute, ResponseOf } from '@escudo/contract';
import { chileDateParts } from '@escudo/contract/browser';
import { callApi as callApiOn } from '@escudo/phone/api-client';
import { E2E_DATA_DIR, E2E_URL } from '../playwright.config.ts';

export { expect };
export { ApiCallError } from '@escudo/phone/api-client';

/**
 * Calls the server under test as another client of the product would, through the contract-checked
 * client the phone simulator uses: `callApi('login', body)` names the endpoint once, its body is
 * checked before it leaves, and anything but the endpoint's success status and answer throws an
 * ApiCallError (with the server's `code` and HTTP `status`).
 */
export function callApi<N extends EndpointName>(
  name: N,
  body: BodyOf<EndpointsByRoute[N]>,
  token?: string,
): Promise<ResponseOf<EndpointsByRoute[N]>> {
  return callApiOn(E2E_URL, name, body, { token });
}

/**
 * Signs in through the API and returns the session token; an account with two-step sign-in on needs
 * `code` (the app's or a recovery code) for the second step.
 */
export async function signInToken(
  account: { email: string; password: string },
  code?: string,
): Promise<string> {
  const answer = await callApi('login', { email: account.email, password: account.password });
  if ('access_token' in answer) return answer.access_token;
  if (!code) throw new Error(`${account.email} has two-step sign-in on: a code is needed`);
  return (await callApi('loginTwoFactor', { challenge: answer.challenge, code })).access_token;
}

export interface Account {
  name: string;
  email: string;
  password: string;
}

/** seeded by the server at start-up outside production (two phones: Android and iPhone) */
export const demoAccount: Account = {
  name: 'Camila Rojas',
  email: 'demo@escudo.cl',
  password: 'escudo-demo',
};

/** the central's operator seeded beside it (docs/api.md, "Atenciones"): signs in to /operador */
export const demoOperator: Account = {
  name: 'Operador Demo',
  email: 'operador@escudo.cl',
  password: 'escudo-operador',
};

export function newAccount(): Account {
  const id = randomBytes(4).toString('hex');
  return {
    name: `Valentina Muñoz ${id}`,
    email: `valentina.${id}@example.cl`,
    password: `clave-${id}-segura`,
  };
}

/** Creates an account through the API, as another client of the product would. */
export async function createAccount(account: Account = newAccount()): Promise<Account> {
  await callApi('signUpByCode', account);
  return account;
}

/** Protección: a plan that includes tracking (a new account's Esencial trial does not) */
export const PLAN_WITH_TRACKING = 2;

/**
 * Pays a month of a plan for the account with `token` (a session's access token), through the API and
 * the built-in Flow sandbox's 'Pagar', for journeys that need more than the starter plan
 * (planes.spec.ts pays through the page itself).
 */
export async function payForPlan(token: string, planId: number): Promise<void> {
  const { flowData } = await callApi('newPlanPayment', { plan_id: planId, months_paid: 1 }, token);
  const paid = await fetch(`${flowData.url}/accept`, {
    method: 'POST',
    body: new URLSearchParams({ token: flowData.token }),
    redirect: 'manual',
  });
  await paid.body?.cancel();
  const { orderStatus } = await callApi('getOrderStatusByToken', { order_token: flowData.token }, token);
  if (orderStatus.status !== 2 || orderStatus.plan_id !== planId) {
    throw new Error(`the plan was not paid: ${JSON.stringify(orderStatus)}`);
  }
}

/** Signs in through the Login form and waits for Home. */
export async function signIn(page: Page, account: Account): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Contraseña', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page).toHaveURL(`${E2E_URL}/`);
  await expect(page.getByRole('button', { name: 'Cerrar Sesión' })).toBeVisible();
}

/** the 30-second step of RFC 6238 a moment falls in */
export const totpStepAt = (date = new Date()) => Math.floor(date.getTime() / 30_000);

/**
 * An authenticator app's 6-digit code (RFC 6238: HMAC-SHA1 of the step) for a base32 secret, as the
 * page shows it (groups of 4 letters), so that a journey turns two-step sign-in on as a person would.
 */
export function totpCode(secret: string, step = totpStepAt()): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of secret.replace(/\s/g, '').toUpperCase())
    bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  const key = Buffer.from((bits.match(/.{8}/g) ?? []).map((byte) => parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const digest = createHmac('sha1', key).update(counter).digest();
  const offset = digest[digest.length - 1]! & 0x0f;
  return String((digest.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

export interface DeviceNames {
  brand: string;
  name: string;
  model: string;
}

/** The simulator's default phones (apps/phone/src/args.ts). */
export const simulatedAndroid: DeviceNames = {
  brand: 'Samsung',
  name: 'Teléfono simulado',
  model: 'Galaxy A54',
};
export const simulatedIphone: DeviceNames = { brand: 'Apple', name: 'Teléfono simulado', model: 'iPhone 13' };

/**
 * Registers the simulator's phone of `account` through the API without starting it: a phone that is
 * off. `startPhone(account)` later registers the same `device_id` again and connects, as
 * that phone switched on would (the simulator's default id: apps/phone/src/args.ts `defaultDeviceId`).
 */
export async function registerPhoneThatIsOff(account: Account): Promise<void> {
  const token = await signInToken(account);
  const deviceId = `sim-${createHash('sha256').update(account.email.trim().toLowerCase()).digest('hex').slice(0, 12)}`;
  await callApi(
    'registerDevice',
    {
      device_id: deviceId,
      device_brand: simulatedAndroid.brand,
      device_name: simulatedAndroid.name,
      device_model: simulatedAndroid.model,
      device_so: 'android',
      device_soversion: 14,
    },
    token,
  );
}

/** Selects a device in the sidebar's 'Dispositivos registrados' and waits for Home to say so. */
export async function selectDevice(page: Page, device: DeviceNames): Promise<void> {
  await page
    .getByRole('button', { name: new RegExp(`${device.brand} ${device.name}.*${device.model}`) })
    .click();
  await expect(
    page.getByText(`Dispositivo seleccionado: ${device.brand} ${device.name} (${device.model})`),
  ).toBeVisible();
}

/**
 * The orders of a device waiting or moving in the sidebar (features/lostphone/components/pending-orders.tsx); on a
 * phone-sized screen the sidebar is a drawer, opened first.
 */
export async function deviceOrders(page: Page, device: DeviceNames) {
  const menu = page.getByRole('button', { name: 'Abrir menú' });
  if (await menu.isVisible()) await menu.click();
  return page.getByRole('group', { name: `Órdenes para ${device.brand} ${device.name}` });
}

/** The link of the newest e-mail to `email` in the server's outbox, waiting for it to arrive. */
export async function readLinkFromOutbox(email: string, pattern: RegExp): Promise<string> {
  const dir = path.join(E2E_DATA_DIR, 'outbox');
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const files = (await fs.readdir(dir).catch(() => [])).sort().reverse();
    for (const file of files) {
      const mail = await simpleParser(await fs.readFile(path.join(dir, file)));
      const to = Array.isArray(mail.to) ? mail.to[0] : mail.to;
      const match = to?.text === email ? pattern.exec(mail.text ?? '') : null;
      if (match) return match[0];
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no e-mail to ${email} matching ${pattern}`);
}

/** The repository root: the phone simulator runs from there, as `npm run phone` does. */
const repoRoot = path.resolve(import.meta.dirname, '../..');

/**
 * Runs `npm run admin -- <args>` as an administrator would, beside the server under test (same data
 * folder, so it runs inside that server through its admin socket); resolves with the printed lines.
 */
export async function runAdmin(args: string[]): Promise<string[]> {
  const child = spawn('npm', ['run', '--silent', 'admin', '--', ...args], {
    cwd: repoRoot,
    env: { ...process.env, NODE_ENV: 'test', DATA_DIR: E2E_DATA_DIR, DATABASE_URL: '', PUBLIC_URL: E2E_URL },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  if (code !== 0) throw new Error(`npm run admin -- ${args.join(' ')} failed (${code}): ${stderr}`);
  return stdout.trimEnd().split('\n');
}

export interface PhoneOptions {
  so?: 'android' | 'ios';
  /** another phone of the same account (the simulator's own is derived from the e-mail) */
  deviceId?: string;
  /** connects but never answers (to see the panel's time-outs) */
  silent?: boolean;
  /** seconds between two lost-mode reports, instead of the order's hour */
  reportEvery?: number;
  /** raises an SOS once connected and walks, a position every `sos` seconds while it is open */
  sos?: number;
  /** the battery level its `status` reports (the simulator's default: 80) */
  battery?: number;
}

export interface SimulatedPhone {
  /** the phone's own identifier (the label of every line it prints) */
  deviceId: string;
  /** every line printed so far */
  lines: string[];
  /** resolves with the first line, printed before or after this call, that matches */
  waitForLine(pattern: RegExp, timeoutMs?: number): Promise<string>;
  /** stops the simulator as Ctrl-C does (it closes its link first) and waits for it to exit */
  stop(): Promise<void>;
}

/** The output's shape (apps/phone/src/output.ts): `HH:MM:SS.mmm <device_id> <mark> <text>`. */
const OUTPUT_LINE = /^\d{2}:\d{2}:\d{2}\.\d{3} (\S+) [←→·] /;

/**
 * Runs `apps/phone` against the server under test for `account`, and resolves once the phone is
 * registered and connected. The process is killed when the test ends.
 */
async function runPhone(
  account: Account,
  options: PhoneOptions,
  onSpawn: (stop: () => void) => void,
): Promise<SimulatedPhone> {
  const args = ['--import', 'tsx', 'apps/phone/src/main.ts', '--server', E2E_URL];
  args.push('--email', account.email, '--password', account.password);
  if (options.so) args.push('--so', options.so);
  if (options.deviceId) args.push('--device-id', options.deviceId);
  if (options.silent) args.push('--silent');
  if (options.reportEvery !== undefined) args.push('--report-every', String(options.reportEvery));
  if (options.sos !== undefined) args.push('--sos', '--sos-every', String(options.sos));
  if (options.battery !== undefined) args.push('--battery', String(options.battery));
  const child = spawn(process.execPath, args, { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
  onSpawn(() => child.kill('SIGTERM'));

  const lines: string[] = [];
  const waiters = new Set<{ pattern: RegExp; resolve: (line: string) => void }>();
  let exit: string | null = null;
  const onLine = (line: string) => {
    lines.push(line);
    for (const waiter of waiters) {
      if (waiter.pattern.test(line)) {
        waiters.delete(waiter);
        waiter.resolve(line);
      }
    }
  };
  createInterface({ input: child.stdout }).on('line', onLine);
  createInterface({ input: child.stderr }).on('line', onLine);
  const exited = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      exit = `the phone simulator exited (${signal ?? code})`;
      resolve();
    }),
  );

  const waitForLine = async (pattern: RegExp, timeoutMs = 20_000): Promise<string> => {
    const earlier = lines.find((line) => pattern.test(line));
    if (earlier) return earlier;
    let waiter: { pattern: RegExp; resolve: (line: string) => void } | undefined;
    let timer: NodeJS.Timeout | undefined;
    const found = new Promise<string>((resolve) => {
      waiter = { pattern, resolve };
      waiters.add(waiter);
    });
    const failure = new Promise<never>((_resolve, reject) => {
      const fail = (why: string) =>
        reject(new Error(`${why} before a line matched ${pattern}; it printed:\n${lines.join('\n')}`));
      timer = setTimeout(() => fail(`no line within ${timeoutMs} ms`), timeoutMs);
      void exited.then(() => fail(exit ?? 'the phone simulator exited'));
    });
    try {
      return await Promise.race([found, failure]);
    } finally {
      clearTimeout(timer);
      if (waiter) waiters.delete(waiter);
    }
  };

  const registered = await waitForLine(/ · registered as device /);
  await waitForLine(/ · connected$/);
  const deviceId = OUTPUT_LINE.exec(registered)?.[1];
  if (!deviceId) throw new Error(`unexpected simulator output: ${registered}`);
  const stop = async () => {
    child.kill('SIGTERM');
    await exited;
  };
  return { deviceId, lines, waitForLine, stop };
}

export const test = base.extend<{
  /** starts a simulated phone on `account` (registers it, connects it); stopped after the test */
  startPhone: (account: Account, options?: PhoneOptions) => Promise<SimulatedPhone>;
  /** what the browser refused under the panel's Content-Security-Policy: nothing, in every journey */
  cspViolations: string[];
}>({
  cspViolations: [
    async ({ context }, use) => {
      const violations: string[] = [];
      await context.exposeBinding('reportCspViolation', (_source, violation: string) => {
        violations.push(violation);
      });
      await context.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          const report = (window as unknown as { reportCspViolation: (violation: string) => void })
            .reportCspViolation;
          report(`${event.violatedDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}`);
        });
      });
      await use(violations);
      // a refusal is something of ours that did not run, or an error report in every customer's browser
      expect(violations, "refused by the panel's Content-Security-Policy").toEqual([]);
    },
    { auto: true },
  ],
  // Playwright reads a fixture's dependencies from this pattern: it must be an object, even empty
  // eslint-disable-next-line no-empty-pattern
  startPhone: async ({}, use, testInfo) => {
    const stops: (() => void)[] = [];
    const started: SimulatedPhone[] = [];
    await use(async (account, options = {}) => {
      const phone = await runPhone(account, options, (stop) => stops.push(stop));
      started.push(phone);
      return phone;
    });
    for (const stop of stops) stop();
    // what the phones printed helps to understand a failure
    if (testInfo.status !== testInfo.expectedStatus) {
      for (const phone of started) {
        await testInfo.attach(`phone ${phone.deviceId}`, { body: phone.lines.join('\n') });
      }
    }
  },
});

/** Mis planes shows `planName` as the current plan, until `months` from now (as a paid plan shows). */
export async function expectCurrentPlan(page: Page, planName: string, months: number): Promise<void> {
  await page.getByRole('button', { name: 'Mis planes' }).click();
  const current = page.getByRole('region', { name: 'Plan Actual' }).getByRole('article', { name: planName });
  await expect(current).toBeVisible();
  const until = new Date();
  until.setMonth(until.getMonth() + months);
  const expected = chileDateParts(until)!;
  await expect(
    current.getByText(new RegExp(`^Vence el \\d{2}-${expected.month}-${expected.year}$`)),
  ).toBeVisible();
}
