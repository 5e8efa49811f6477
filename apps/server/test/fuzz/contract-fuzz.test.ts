/**
 * The contract fuzz suite (docs/api.md, "Conventions"): every endpoint of the contract and every client →
 * server realtime message gets a valid request derived from its schema, then hostile variants of it (wrong
 * types, NUL, huge strings, odd Unicode, extreme numbers, missing and extra fields, bodies of the wrong
 * shape). Whatever is sent, the server never answers 5xx or INTERNAL, NUL and ids past PostgreSQL's integer
 * are refused, and a refused request leaves every table as it was. Flow's form callbacks and the built-in
 * sandbox, which answer outside the JSON contract, get the same treatment. The cases are seeded: every run
 * sends the same ones, and a finding names its case.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io } from 'socket.io-client';
import * as contract from '@escudo/contract';
import {
  DEVICE_NAMESPACE,
  NUL_TEXT_MESSAGE,
  PANEL_NAMESPACE,
  deviceToServerMessages,
  panelToServerMessages,
  errorStatus,
  routes,
  type Endpoint,
  type ErrorCode,
} from '@escudo/contract';
import { signUpUser, type TestApp } from '../test-app.ts';
import { makeOperator } from '../operators.ts';
import { connect, panelToken, setLostMode, userWithPhone, type TestSocket } from '../sockets.ts';
import { createListeningTestApp } from '../listening-test-app.ts';
import { FLOW_SANDBOX_PATH, resolveFlowSetup } from '../../src/features/payments/flow-setup.ts';
import { signFlowParams } from '../../src/features/payments/flow-client.ts';
import { changedTables, fingerprintDatabase, type Fingerprint } from './db-fingerprint.ts';
import {
  budgetCases,
  mutateBody,
  sampleValue,
  toJsonSchema,
  type FuzzCase,
  type Payload,
} from './fuzz-cases.ts';

/** cases per endpoint or message besides those that must be refused (which are always sent) */
const CASES_PER_TARGET = 60;

// a real 1×1 JPEG that decodes completely (the avatar is decoded, not only checked for SOI … EOI), for
// the lost-mode report and the avatar
const JPEG_BASE64 =
  '/9j/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAABAAEDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAP/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFAEBAAAAAAAAAAAAAAAAAAAAAP/EABQRAQAAAAAAAAAAAAAAAAAAAAD/2gAMAwEAAhEDEQA/AKAA/9k=';

/** replaced, in every request, by an e-mail never used before (sign-up, sign-in, reset) */
const FRESH_EMAIL = 'fresh@fuzz.example';
let freshCount = 0;
const freshen = (text: string) => text.split(FRESH_EMAIL).join(`fresh${++freshCount}@fuzz.example`);

/** a source address of its own for each request, so that per-address limits never decide a case */
let addressCount = 0;
const nextAddress = () => {
  addressCount += 1;
  return `10.${(addressCount >> 16) & 255}.${(addressCount >> 8) & 255}.${addressCount & 255}`;
};

/**
 * Tables that count attempts (wrong passwords, sign-ups and reset requests per address…): a refusal
 * that a handler decides (a wrong password, an e-mail taken) is counted there on purpose, to throttle
 * guessing (decision 010). A refusal by the contract or the authentication comes before any
 * handler, and must leave every table as it was.
 */
const isAttemptCounter = (table: string) => table.startsWith('throttle_') || table.startsWith('login_');
const refusedBeforeHandler = new Set([
  'VALIDATION',
  'MALFORMED_JSON',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'URL_TOO_LONG',
  'UNAUTHENTICATED',
]);

const isEndpoint = (value: unknown): value is Endpoint =>
  typeof value === 'object' &&
  value !== null &&
  'method' in value &&
  'path' in value &&
  'body' in value &&
  'response' in value;

const endpoints = Object.entries(contract as Record<string, unknown>)
  .filter((entry): entry is [string, Endpoint] => isEndpoint(entry[1]))
  .sort(([a], [b]) => a.localeCompare(b));

/** the routes that are not JSON endpoints: Flow's form callbacks, fuzzed on their own below */
const formRoutes = ['flowConfirm', 'flowReturn'] as const;
/**
 * Google sign-in's browser redirects, fuzzed below through their query: they must always answer a
 * redirect (this server has no Google settings; google.test.ts sends odd callbacks to a configured one)
 */
const redirectRoutes = ['googleSignInCallback', 'googleSignInStart'] as const;
/** the multipart upload of an atención's video, fuzzed on its own below */
const multipartRoutes = ['addAtencionEvidence'] as const;

let app: TestApp;
/** every finding of the running test, reported together at its end */
let problems: string[];
let fingerprint: Fingerprint;

interface Answer {
  status: number;
  code?: string | undefined;
  /** when given, a NUL refusal must say so (lib/http/nul-guard.ts) */
  message?: string | undefined;
}

/**
 * Records what is wrong with one answer, and compares the database with what it was after the
 * previous one. `speaksContract` is false for what answers outside the contract (the sandbox imitates
 * Flow, with Flow's own error bodies): there any 4xx is a refusal.
 */
async function check(
  target: string,
  fuzzCase: Pick<FuzzCase, 'label' | 'mustRefuse'>,
  answer: Answer,
  speaksContract = true,
) {
  const where = `${target} (${fuzzCase.label})`;
  const { status, code } = answer;
  if (status >= 500 || code === 'INTERNAL') problems.push(`${where}: answered ${status} ${code ?? ''}`);
  else if (fuzzCase.mustRefuse && !speaksContract && status < 400) {
    problems.push(`${where}: should be refused, answered ${status}`);
  } else if (
    speaksContract &&
    fuzzCase.mustRefuse === 'VALIDATION' &&
    (status !== 400 || code !== 'VALIDATION')
  ) {
    problems.push(`${where}: should be refused 400 VALIDATION, answered ${status} ${code}`);
  } else if (
    speaksContract &&
    fuzzCase.mustRefuse === 'VALIDATION' &&
    answer.message !== undefined &&
    !answer.message.includes(NUL_TEXT_MESSAGE)
  ) {
    problems.push(`${where}: a NUL refused without saying so: ${answer.message}`);
  } else if (
    speaksContract &&
    fuzzCase.mustRefuse === 'VALIDATION_OR_NOT_FOUND' &&
    status !== 400 &&
    status !== 404
  ) {
    problems.push(`${where}: should be refused 400 or 404, answered ${status} ${code}`);
  }
  // what the request started without waiting (sign-up's e-mail link) is its own writing
  await app.ctx.background.settled();
  const after = await fingerprintDatabase(app.ctx);
  if (status >= 400) {
    const written = changedTables(fingerprint, after).filter(
      (table) => refusedBeforeHandler.has(code ?? '') || !isAttemptCounter(table),
    );
    if (written.length > 0)
      problems.push(`${where}: refused ${status} ${code ?? ''} but wrote ${written.join(', ')}`);
  }
  fingerprint = after;
}

/** a realtime acknowledgement as the HTTP answer its code would be */
const answerOf = (ack: { ok: boolean; code?: string; message?: string }): Answer =>
  ack.ok
    ? { status: 200 }
    : { status: errorStatus[ack.code as ErrorCode] ?? 500, code: ack.code, message: ack.message ?? '' };

const textOf = (payload: Payload) =>
  freshen(payload.kind === 'json' ? (JSON.stringify(payload.value) ?? '') : payload.text);

function messageOf(body: string): string | undefined {
  try {
    const message = (JSON.parse(body) as { message?: unknown }).message;
    return typeof message === 'string' ? message : undefined;
  } catch {
    return undefined;
  }
}

function codeOf(body: string): string | undefined {
  try {
    const code = (JSON.parse(body) as { code?: unknown }).code;
    return typeof code === 'string' ? code : undefined;
  } catch {
    return undefined;
  }
}

/** Overlays `hints` on a derived body; a hint of `undefined` removes the field. */
function withHints(body: unknown, hints: Record<string, unknown>): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
  const merged: Record<string, unknown> = { ...(body as Record<string, unknown>) };
  for (const [key, value] of Object.entries(hints)) {
    if (value === undefined) delete merged[key];
    else merged[key] = value;
  }
  return merged;
}

type Account = Awaited<ReturnType<typeof userWithPhone>>;

/** Pays for `planId` through the sandbox, as a buyer would: the account gets the plan's functions. */
async function upgradePlan(account: Account, planId: number) {
  const payment = await app.post(
    '/api/app/pagos/newPlanPayment',
    { plan_id: planId, months_paid: 1 },
    account.token,
  );
  if (payment.statusCode !== 200) throw new Error(`newPlanPayment: ${payment.body}`);
  const { token } = (payment.json() as { flowData: { token: string } }).flowData;
  const paid = await app.app.inject({
    method: 'POST',
    url: `${FLOW_SANDBOX_PATH}/pay/accept`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ token }).toString(),
  });
  if (paid.statusCode !== 307) throw new Error(`sandbox accept: ${paid.statusCode}`);
}

beforeAll(async () => {
  // listening: payments go through the built-in Flow sandbox over HTTP, as with real Flow
  app = await createListeningTestApp();
  // the scheduled jobs work on their own timers and the test clock, which the fuzz moves past rate
  // limits: the central's escalation would e-mail its supervisor in the middle of a message's check,
  // and read as the message's writing. No call the fuzz makes waits on a job.
  await app.jobs.stop();
}, 60_000);
afterAll(() => app?.close());

/**
 * What the HTTP fuzz calls endpoints as and about: the owner (a plan with every function, a lost phone,
 * a paid-for order, an open alert and its page, an operator's open atención of theirs and its shared
 * evidence, an order waiting for the phone), and accounts of their own for the calls that would spoil
 * the owner's session or phone.
 */
async function httpFuzzWorld() {
  // the account the user endpoints are called as: a plan with every function, and a lost phone
  const owner = await userWithPhone(app);
  await upgradePlan(owner, 3);
  await setLostMode(app, owner, true);
  const { user } = (await app.post('/api/app/user/details', {}, owner.token)).json() as {
    user: { id: number };
  };
  // registering again rotates a phone's token: that fuzz gets an account and a phone of its own
  const registrar = await userWithPhone(app);
  // signing out revokes the token: that fuzz signs in again whenever it succeeded
  const leaver = await signUpUser(app);
  // closing an account takes its password, counted per session like every password re-entered
  // (decision 052): the fuzz's wrong passwords go through an account of their own
  const closer = await signUpUser(app);
  // removing a phone takes the password too: a phone and a session of its own (decision 044)
  const remover = await userWithPhone(app);
  // the other calls that re-ask the password share that one limit per session too: each is fuzzed
  // through an account of its own (the owner's other sessions end with revokeOtherSessions), so that
  // no call's wrong passwords hold another back
  const passwordSessions = new Map<string, string>();
  for (const name of ['validatePass', 'requestDataExport', 'changePassword', 'twoFactorStart']) {
    passwordSessions.set(name, (await signUpUser(app)).token);
  }
  const payment = await app.post(
    '/api/app/pagos/newPlanPayment',
    { plan_id: 2, months_paid: 1 },
    owner.token,
  );
  const orderToken = (payment.json() as { flowData: { token: string } }).flowData.token;
  // an open alert of the owner's phone, its page's token, and time for its next position
  const alert = await app.post('/api/device/alert', { lat: -33.45, lng: -70.66 }, owner.deviceToken);
  expect(alert.statusCode, alert.body).toBe(201);
  const alertId = (alert.json() as { alert_id: number }).alert_id;
  const alertPage = (await app.post('/api/app/alertas/abiertas', {}, owner.token)).json() as {
    alerts: { url: string }[];
  };
  const alertToken = alertPage.alerts[0]!.url.split('/').pop()!;
  app.clock.advance(contract.ALERT_POSITION_MIN_INTERVAL_MS);
  // an operator, an open atención of the owner's, and its shared evidence page's token
  // a supervisor, so that giving an event to someone is reached too
  const operator = await makeOperator(app, { isSupervisor: true });
  const opened = await app.post('/api/operator/atenciones/open', { email: owner.email }, operator.token);
  expect(opened.statusCode, opened.body).toBe(201);
  // the central's events of the owner's SOS and lost phone: the SOS is given, taken and closed by
  // the fuzz (in that order, by name), the lost phone taken here for the fuzz to give back
  const centralEvents = async () =>
    (
      (await app.post('/api/operator/central/queue', {}, operator.token)).json() as {
        events: { id: number; kind: string }[];
      }
    ).events;
  await expect.poll(async () => (await centralEvents()).length).toBe(2);
  const [sosEvent, lostEvent] = await centralEvents();
  expect([sosEvent!.kind, lostEvent!.kind]).toEqual(['sos', 'lost_mode']);
  const claimed = await app.post('/api/operator/central/claim', { event_id: lostEvent!.id }, operator.token);
  expect(claimed.statusCode, claimed.body).toBe(200);
  const atencionId = (opened.json() as { atencion: { id: number } }).atencion.id;
  const shared = await app.post(
    '/api/app/atenciones/shareEvidence',
    { atencion_id: atencionId, hours: 24 },
    owner.token,
  );
  const evidenceToken = (shared.json() as { url: string }).url.split('/').pop()!;
  // an order still waiting for the owner's phone, for cancelCommand to cancel
  const waiting = await app.post(
    '/api/app/lostphone/blockMyPhoneNotification',
    { device_id: owner.deviceId, pin: '1234' },
    owner.token,
  );
  expect(waiting.statusCode, waiting.body).toBe(200);
  const waitingId = (waiting.json() as { command: { id: number } }).command.id;
  return {
    owner,
    user,
    registrar,
    leaver,
    closer,
    remover,
    passwordSessions,
    orderToken,
    alertId,
    alertToken,
    operator,
    atencionId,
    evidenceToken,
    waitingId,
    sosEventId: sosEvent!.id,
    lostEventId: lostEvent!.id,
  };
}

/** Fields of the valid body of these endpoints that a body derived from the contract cannot guess. */
function httpHints({
  owner,
  user,
  registrar,
  remover,
  orderToken,
  alertId,
  atencionId,
  waitingId,
  operator,
  sosEventId,
  lostEventId,
}: Awaited<ReturnType<typeof httpFuzzWorld>>): Record<string, Record<string, unknown>> {
  return {
    login: { email: FRESH_EMAIL, password: 'una-clave-equivocada' },
    // no invitation code: a made-up one is refused before anything is written (network.test.ts)
    signUpByCode: {
      email: FRESH_EMAIL,
      name: 'Fuzz Pérez',
      password: 'una-clave-segura',
      code: undefined,
      security_code: undefined,
      // nor a share or sponsor code: made-up ones are refused first too (sales.test.ts, sponsors.test.ts)
      sharecode: undefined,
      share_code: undefined,
      sponsor_code: undefined,
    },
    enviarInvitacion: { name: 'Invitada Fuzz', phone: '56912345678', invitado: FRESH_EMAIL },
    forgotPass: { email: FRESH_EMAIL },
    // a made-up password: a right one would send a link to the address
    changeEmail: { email: FRESH_EMAIL, password: 'una-clave-equivocada' },
    resetPass: { email: FRESH_EMAIL },
    registerDevice: {
      device_id: registrar.deviceId,
      device_brand: 'Samsung',
      device_name: 'Teléfono de prueba',
      device_model: 'Galaxy A54',
    },
    // a made-up password: the right one would remove the phone
    removeDevice: { device_id: remover.deviceId, password: 'una-clave-equivocada' },
    createFirebaseAuthToken: { device_id: `panel-${user.id}` },
    changeLostStatus: { device_id: owner.internalId },
    getOrderStatusByToken: { order_token: orderToken },
    lostPhoneReport: { lat: -33.45, lng: -70.66, image: JPEG_BASE64 },
    addDeviceAlertPosition: { alert_id: alertId },
    closeAlert: { alert_id: alertId },
    cancelCommand: { command_id: waitingId },
    closeDeviceAlert: { alert_id: alertId },
    updateAvatar: { avatar: JPEG_BASE64 },
    updateBankAccount: {
      bank: 'Banco Estado',
      account_type: 'vista',
      account_number: '12345678',
      holder: 'Fuzz Pérez',
      rut: '123456785',
    },
    openAtencion: { email: owner.email },
    addAtencionNote: { atencion_id: atencionId },
    closeAtencion: { atencion_id: atencionId },
    getOperatorAtencion: { atencion_id: atencionId },
    assignCentralEvent: { event_id: sosEventId, operator_id: operator.userId },
    claimCentralEvent: { event_id: sosEventId },
    closeCentralEvent: { event_id: sosEventId },
    releaseCentralEvent: { event_id: lostEventId },
    getCentralEventDetail: { event_id: lostEventId },
    openCentralAtencion: { event_id: lostEventId },
    getAtencionDetail: { atencion_id: atencionId },
    shareEvidence: { atencion_id: atencionId },
    revokeShare: { atencion_id: atencionId },
    updateInfo: {
      // the account's own e-mail: updateInfo changes no e-mail (changeEmail does)
      email: owner.email,
      telefono: '56912345678',
      rut: '123456785',
      pais: 1,
      region: 13,
      comuna: 13101,
      nacimiento: '1990-05-17',
    },
  };
}

/** what the valid request of these is refused with: it is as deep as they can be reached */
const VALID_REFUSALS: Record<string, string> = {
  login: 'INVALID_CREDENTIALS',
  findResetToken: 'RESET_TOKEN_INVALID',
  resetPass: 'RESET_TOKEN_INVALID',
  loginWithGoogleToken: 'SOCIAL_TOKEN_INVALID',
  wipePhoneDataNotification: 'PASSWORD_CONFIRMATION_REQUIRED',
  // a made-up password: a right one would start an export, made in the background by its job
  requestDataExport: 'WRONG_PASSWORD',
  // a made-up invitation code, and entries of nobody's network
  getUserByCode: 'INVITATION_INVALID',
  aceptarInvitacion: 'INVITATION_INVALID',
  eliminarDeRed: 'FORBIDDEN',
  salirDeRed: 'FORBIDDEN',
  // an account that is nobody's referred of the owner, and a made-up sponsor
  getUserPaymentStatus: 'FORBIDDEN',
  getSponsorById: 'NOT_FOUND',
  // a made-up session id (someone else's or none: the same answer), and a made-up current password
  revokeSession: 'FORBIDDEN',
  changePassword: 'CURRENT_PASSWORD_WRONG',
  // a made-up password (the right one would close the account), and a made-up cancel link
  deleteAccount: 'WRONG_PASSWORD',
  removeDevice: 'WRONG_PASSWORD',
  cancelAccountDeletion: 'DELETION_LINK_INVALID',
  // two-step sign-in: a made-up challenge, a start with a made-up password, a confirm of the owner,
  // who has started no secret, and turning off what the owner does not have on
  loginTwoFactor: 'TWO_FACTOR_CHALLENGE_INVALID',
  twoFactorStart: 'WRONG_PASSWORD',
  twoFactorConfirm: 'TWO_FACTOR_NOT_STARTED',
  twoFactorDisable: 'TWO_FACTOR_OFF',
  // a made-up e-mail link, and a wrong password
  verifyEmail: 'EMAIL_LINK_INVALID',
  changeEmail: 'WRONG_PASSWORD',
  // a change of e-mail (decision 050): made-up links, and none under way to cancel
  confirmEmailChange: 'EMAIL_LINK_INVALID',
  findEmailChange: 'EMAIL_LINK_INVALID',
  answerEmailChange: 'EMAIL_LINK_INVALID',
  cancelEmailChange: 'EMAIL_CHANGE_NOT_PENDING',
  // the owner's account was never reclaimed: it has a password, and nothing to review
  accountReviewPassword: 'PASSWORD_ALREADY_SET',
  accountReviewDecide: 'NOT_FOUND',
};

describe('contract fuzz: HTTP endpoints', () => {
  it('covers every route of the contract', () => {
    expect(
      [...endpoints.map(([name]) => name), ...formRoutes, ...redirectRoutes, ...multipartRoutes].sort(),
    ).toEqual(Object.keys(routes).sort());
  });

  it('never answers 5xx or INTERNAL, refuses NUL and ids past PostgreSQL integers, and a refusal writes nothing', async () => {
    problems = [];
    const world = await httpFuzzWorld();
    const {
      owner,
      registrar,
      leaver,
      closer,
      remover,
      passwordSessions,
      operator,
      evidenceToken,
      alertToken,
    } = world;
    let leaverToken = leaver.token;
    const hints = httpHints(world);
    const signsOut = new Set(['logout', 'revokeSession']);
    const tokenFor = (name: string, auth: Endpoint['auth']) => {
      if (auth === 'none') return undefined;
      if (auth === 'device') return owner.deviceToken;
      if (auth === 'operator') return operator.token;
      if (name === 'registerDevice') return registrar.token;
      if (name === 'deleteAccount') return closer.token;
      if (name === 'removeDevice') return remover.token;
      // changeEmail re-asks the password too (decision 052), as registrar's own session
      if (name === 'changeEmail') return registrar.token;
      const passwordSession = passwordSessions.get(name);
      if (passwordSession) return passwordSession;
      // calls that may end the caller's own session: an account of their own, signed in again after
      return signsOut.has(name) ? leaverToken : owner.token;
    };

    // the payout account is kept on an activated sales profile
    const sales = await app.post('/api/app/sales/changeStatus', { status: 1 }, owner.token);
    expect(sales.statusCode, sales.body).toBe(200);

    fingerprint = await fingerprintDatabase(app.ctx);
    for (const [name, endpoint] of endpoints) {
      const send = (payload: Payload, token: string | undefined) =>
        app.app.inject({
          method: endpoint.method,
          // the public pages' data are the routes with a parameter in their path; a GET's payload is
          // its query string (getSponsorById)
          url:
            endpoint.path.replace(':token', name === 'getPublicEvidence' ? evidenceToken : alertToken) +
            (endpoint.method === 'GET' && payload.kind === 'json' && payload.value
              ? `?${new URLSearchParams(payload.value as Record<string, string>).toString()}`
              : ''),
          remoteAddress: nextAddress(),
          headers: {
            ...(endpoint.method === 'GET' ? {} : { 'content-type': 'application/json' }),
            ...(token ? { authorization: `Bearer ${token}` } : {}),
          },
          ...(endpoint.method === 'GET' ? {} : { payload: textOf(payload) }),
        });
      const derived = sampleValue(toJsonSchema(endpoint.body), name);
      // a phone's own identifier is the owner's phone, unless the endpoint says otherwise
      const isAboutPhone = typeof (derived as { device_id?: unknown } | undefined)?.device_id === 'string';
      const valid = withHints(
        isAboutPhone ? { ...(derived as object), device_id: owner.deviceId } : derived,
        hints[name] ?? {},
      );
      // the derived body must pass the contract, or the fuzz would only ever meet its first check
      const parsed = endpoint.body.safeParse(valid);
      expect(parsed.success, `${name}: derived body ${JSON.stringify(valid)} ${parsed.error?.message}`).toBe(
        true,
      );

      const cases: FuzzCase[] = [
        { label: 'valid', payload: { kind: 'json', value: valid } },
        // a GET has no body to mutate: NUL in each field of its query string
        ...(endpoint.method === 'GET'
          ? Object.keys((valid ?? {}) as object).map((key) => ({
              label: `query ${key}: NUL inside`,
              payload: { kind: 'json' as const, value: { ...(valid as object), [key]: 'a\u0000b' } },
              mustRefuse: 'VALIDATION' as const,
            }))
          : budgetCases(mutateBody(valid), CASES_PER_TARGET, name)),
      ];
      for (const fuzzCase of cases) {
        const response = await send(fuzzCase.payload, tokenFor(name, endpoint.auth));
        const answer = {
          status: response.statusCode,
          code: codeOf(response.body),
          message: messageOf(response.body),
        };
        await check(name, fuzzCase, answer);
        if (fuzzCase.label === 'valid' && answer.status >= 400 && answer.code !== VALID_REFUSALS[name]) {
          problems.push(
            `${name} (valid): refused ${answer.status} ${answer.code}, so the fuzz goes no deeper`,
          );
        }
        if (signsOut.has(name) && response.statusCode < 300) {
          const signedIn = await app.post('/api/auth/login', {
            email: leaver.email,
            password: leaver.password,
          });
          leaverToken = (signedIn.json() as { access_token: string }).access_token;
          fingerprint = await fingerprintDatabase(app.ctx);
        }
      }
      // the caller's token: none, garbage, or the other kind's; always 401
      if (endpoint.auth !== 'none') {
        const wrongTokens: [string, string | undefined][] = [
          ['no token', undefined],
          ['garbage token', 'x'.repeat(5000)],
          ['token with odd characters', 'ñ\u00ff'],
          [
            endpoint.auth === 'device' ? "a user's token" : "a phone's token",
            endpoint.auth === 'device' ? owner.token : owner.deviceToken,
          ],
        ];
        for (const [label, token] of wrongTokens) {
          const response = await send({ kind: 'json', value: valid }, token);
          await check(name, { label }, { status: response.statusCode, code: codeOf(response.body) });
          if (response.statusCode !== 401)
            problems.push(`${name} (${label}): answered ${response.statusCode}`);
        }
      }
      // an operator route called with a customer's valid session, or a customer's route with an
      // operator's (decision 036): 403, and nothing written
      if (endpoint.auth === 'operator' || endpoint.auth === 'user') {
        const [label, token] =
          endpoint.auth === 'operator'
            ? ["a customer's token", owner.token]
            : ["an operator's token", operator.token];
        const response = await send({ kind: 'json', value: valid }, token);
        await check(name, { label }, { status: response.statusCode, code: codeOf(response.body) });
        if (response.statusCode !== 403) problems.push(`${name} (${label}): answered ${response.statusCode}`);
      }
    }
    expect(problems).toEqual([]);
  }, 180_000);
});

/** form-encoded as browsers and Flow send it; an array is a repeated key */
const form = (values: Record<string, unknown>) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      params.append(key, typeof item === 'string' ? item : JSON.stringify(item));
    }
  }
  return params.toString();
};
const inject = (method: 'GET' | 'POST', url: string, payload?: string, contentType?: string) =>
  app.app.inject({
    method,
    url,
    remoteAddress: nextAddress(),
    ...(payload === undefined ? {} : { payload }),
    headers: contentType ? { 'content-type': contentType } : {},
  });
const formType = 'application/x-www-form-urlencoded';
/** hostile variants of one token field, as plain values (JSON-only cases are left out) */
const tokenCases = (valid: string, target: string) =>
  budgetCases(mutateBody({ token: valid }), CASES_PER_TARGET, target).flatMap((fuzzCase) => {
    const { payload } = fuzzCase;
    if (payload.kind !== 'json' || !payload.value || typeof payload.value !== 'object') return [];
    return [{ ...fuzzCase, body: payload.value as { token?: unknown } }];
  });

/** flowReturn and flowConfirm, as form and JSON; Google sign-in's redirects, whatever the query */
async function fuzzFormAndRedirectRoutes() {
  // flowReturn and flowConfirm: form-encoded as Flow sends them, and JSON
  for (const name of formRoutes) {
    const path = routes[name].path;
    for (const fuzzCase of tokenCases('UNKNOWNTOKEN0123', name)) {
      const asForm = await inject('POST', path, form(fuzzCase.body), formType);
      await check(
        name,
        { ...fuzzCase, label: `form ${fuzzCase.label}` },
        {
          status: asForm.statusCode,
          code: codeOf(asForm.body),
        },
      );
      const asJson = await inject('POST', path, JSON.stringify(fuzzCase.body), 'application/json');
      await check(
        name,
        { ...fuzzCase, label: `JSON ${fuzzCase.label}` },
        {
          status: asJson.statusCode,
          code: codeOf(asJson.body),
        },
      );
    }
  }

  // Google sign-in's start and callback: hostile queries still get a redirect, never JSON or a 5xx
  for (const name of redirectRoutes) {
    const path = routes[name].path;
    for (const fuzzCase of budgetCases(
      mutateBody({ code: 'UNKNOWNCODE0123', state: 'UNKNOWNSTATE0123', error: 'access_denied' }),
      CASES_PER_TARGET,
      name,
    )) {
      const { payload } = fuzzCase;
      if (payload.kind !== 'json' || !payload.value || typeof payload.value !== 'object') continue;
      const response = await inject('GET', `${path}?${form(payload.value as Record<string, unknown>)}`);
      // a refusal here is the redirect back to Login with its reason, checked just below
      await check(name, { label: fuzzCase.label }, { status: response.statusCode }, false);
      if (response.statusCode !== 302 || !String(response.headers.location).startsWith('/login?')) {
        problems.push(
          `${name} (${fuzzCase.label}): answered ${response.statusCode}, not a redirect to Login`,
        );
      }
    }
  }
}

/** the built-in Flow sandbox: its pay page, the buyer's choice, and its API signed as the merchant signs it */
async function fuzzSandbox(
  setup: Extract<Awaited<ReturnType<typeof resolveFlowSetup>>, { kind: 'sandbox' }>,
  orderToken: string,
) {
  // the sandbox's pay page and the buyer's choice, with an unknown token and variants of it
  for (const fuzzCase of tokenCases('UNKNOWNTOKEN0123', 'sandbox pay')) {
    const { token } = fuzzCase.body;
    const query = token === undefined ? '' : `?${form({ token })}`;
    const page = await inject('GET', `${FLOW_SANDBOX_PATH}/pay${query}`);
    await check('sandbox pay', fuzzCase, { status: page.statusCode }, false);
    for (const choice of ['accept', 'reject']) {
      const chosen = await inject(
        'POST',
        `${FLOW_SANDBOX_PATH}/pay/${choice}`,
        form(fuzzCase.body),
        formType,
      );
      await check(`sandbox ${choice}`, fuzzCase, { status: chosen.statusCode }, false);
    }
  }

  // the sandbox's API, signed as the merchant signs it, so that every call gets past the signature
  const signed = (params: Record<string, unknown>) => {
    const flat = Object.fromEntries(
      Object.entries(params).map(([key, value]) => [
        key,
        typeof value === 'string' ? value : JSON.stringify(value),
      ]),
    );
    return { ...flat, s: signFlowParams(flat, setup.keys.secretKey) };
  };
  const validCreate = {
    apiKey: setup.keys.apiKey,
    commerceOrder: 'FUZZ0001',
    subject: 'Escudo: plan Protección, 1 mes',
    currency: 'CLP',
    amount: 4990,
    email: 'fuzz@example.cl',
    urlConfirmation: `${app.ctx.env.PUBLIC_URL}/api/pagos/flowConfirm`,
    urlReturn: `${app.ctx.env.PUBLIC_URL}/api/pagos/flowReturn`,
  };
  let orders = 0;
  for (const fuzzCase of [
    { label: 'valid', payload: { kind: 'json', value: validCreate } } satisfies FuzzCase,
    ...budgetCases(mutateBody(validCreate), CASES_PER_TARGET, 'sandbox payment/create'),
  ]) {
    const { payload } = fuzzCase;
    if (payload.kind !== 'json' || !payload.value || typeof payload.value !== 'object') continue;
    // a new order number each time, so that a good call is not refused as a repeat
    const params = { ...(payload.value as Record<string, unknown>) };
    if (params.commerceOrder === validCreate.commerceOrder) params.commerceOrder = `FUZZ${++orders}`;
    const response = await inject(
      'POST',
      `${FLOW_SANDBOX_PATH}/api/payment/create`,
      form(signed(params)),
      formType,
    );
    await check('sandbox payment/create', fuzzCase, { status: response.statusCode }, false);
  }
  for (const fuzzCase of tokenCases(orderToken, 'sandbox payment/getStatus')) {
    const params = signed({ apiKey: setup.keys.apiKey, ...fuzzCase.body });
    const response = await inject('GET', `${FLOW_SANDBOX_PATH}/api/payment/getStatus?${form(params)}`);
    await check('sandbox payment/getStatus', fuzzCase, { status: response.statusCode }, false);
  }
}

/** the open alert page's token, in its path: anything unknown is a 404 (a too long one, 414) */
async function fuzzPublicAlertTokens() {
  for (const token of [
    'x'.repeat(43),
    '%00',
    'ñ%C3%B1',
    '..%2F..%2Fetc%2Fpasswd',
    `${'a'.repeat(5000)}`,
    '%F0%9F%98%80',
    '1%20OR%201%3D1',
    '',
  ]) {
    const response = await inject('GET', routes.getPublicAlert.path.replace(':token', token));
    await check(
      'getPublicAlert',
      { label: `token ${token.slice(0, 30)}`, mustRefuse: 'VALIDATION_OR_NOT_FOUND' },
      {
        status: response.statusCode,
        code: codeOf(response.body),
      },
      false,
    );
    if (response.statusCode !== 404 && response.statusCode !== 414) {
      problems.push(`getPublicAlert (token ${token.slice(0, 30)}): answered ${response.statusCode}`);
    }
  }
}

/** the evidence upload (multipart): odd forms are refused, never a 5xx, and nothing is stored */
async function fuzzEvidenceUpload() {
  const operator = await makeOperator(app);
  const customer = await signUpUser(app);
  const opened = await app.post('/api/operator/atenciones/open', { email: customer.email }, operator.token);
  const atencionId = String((opened.json() as { atencion: { id: number } }).atencion.id);
  fingerprint = await fingerprintDatabase(app.ctx);
  const boundary = 'fuzz-boundary';
  const field = (name: string, value: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const filePart = (name: string, data: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="v.webm"\r\nContent-Type: video/webm\r\n\r\n${data}\r\n`;
  const end = `--${boundary}--\r\n`;
  const notVideo = 'no soy un video, solo texto';
  const forms: [string, string, string][] = [
    ['no boundary', 'multipart/form-data', field('atencion_id', atencionId) + end],
    ['garbage', `multipart/form-data; boundary=${boundary}`, '\u0000\u0001garbage'],
    ['empty', `multipart/form-data; boundary=${boundary}`, ''],
    [
      'not a video',
      `multipart/form-data; boundary=${boundary}`,
      field('atencion_id', atencionId) + filePart('file', notVideo) + end,
    ],
    [
      'file before the id',
      `multipart/form-data; boundary=${boundary}`,
      filePart('file', notVideo) + field('atencion_id', atencionId) + end,
    ],
    [
      'NUL in the id',
      `multipart/form-data; boundary=${boundary}`,
      field('atencion_id', `1\u0000`) + filePart('file', notVideo) + end,
    ],
    [
      'id past integer',
      `multipart/form-data; boundary=${boundary}`,
      field('atencion_id', '99999999999') + filePart('file', notVideo) + end,
    ],
    [
      'huge id field',
      `multipart/form-data; boundary=${boundary}`,
      field('atencion_id', '1'.repeat(100_000)) + filePart('file', notVideo) + end,
    ],
    [
      'two ids',
      `multipart/form-data; boundary=${boundary}`,
      field('atencion_id', atencionId) + field('atencion_id', atencionId) + filePart('file', notVideo) + end,
    ],
    [
      'two files',
      `multipart/form-data; boundary=${boundary}`,
      field('atencion_id', atencionId) + filePart('file', notVideo) + filePart('file', notVideo) + end,
    ],
    [
      'other file field',
      `multipart/form-data; boundary=${boundary}`,
      field('atencion_id', atencionId) + filePart('photo', notVideo) + end,
    ],
    [
      'cut short',
      `multipart/form-data; boundary=${boundary}`,
      field('atencion_id', atencionId) +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="v.webm"\r\n\r\n\u001aE`,
    ],
    ['JSON', 'application/json', JSON.stringify({ atencion_id: Number(atencionId) })],
  ];
  for (const [label, contentType, payload] of forms) {
    const response = await app.app.inject({
      method: 'POST',
      url: routes.addAtencionEvidence.path,
      headers: { authorization: `Bearer ${operator.token}`, 'content-type': contentType },
      payload,
    });
    await check(
      'addAtencionEvidence',
      { label, mustRefuse: 'VALIDATION_OR_NOT_FOUND' },
      {
        status: response.statusCode,
        code: codeOf(response.body),
      },
      false,
    );
  }
}

describe("contract fuzz: outside the JSON endpoints (Flow's callbacks, the sandbox, file links)", () => {
  it('never answers 5xx, refuses NUL, and a refusal writes nothing', async () => {
    problems = [];
    const setup = await resolveFlowSetup(app.ctx.env);
    if (setup.kind !== 'sandbox') throw new Error('expected the built-in sandbox');
    const owner = await signUpUser(app);
    const payment = await app.post(
      '/api/app/pagos/newPlanPayment',
      { plan_id: 2, months_paid: 1 },
      owner.token,
    );
    const orderToken = (payment.json() as { flowData: { token: string } }).flowData.token;

    fingerprint = await fingerprintDatabase(app.ctx);
    // flowReturn and flowConfirm, form-encoded and JSON; Google sign-in's start and callback
    await fuzzFormAndRedirectRoutes();

    // the sandbox's pay page and the buyer's choice, and its API
    await fuzzSandbox(setup, orderToken);

    await fuzzPublicAlertTokens();

    await fuzzEvidenceUpload();

    // the shared evidence page's token, in its path: anything unknown is a 404 (a too long one, 414)
    for (const token of ['x'.repeat(43), '%00', 'ñ%C3%B1', '..%2F..%2Fetc%2Fpasswd', 'a'.repeat(5000), '']) {
      const response = await inject('GET', routes.getPublicEvidence.path.replace(':token', token));
      if (response.statusCode !== 404 && response.statusCode !== 414) {
        problems.push(`getPublicEvidence (token ${token.slice(0, 30)}): answered ${response.statusCode}`);
      }
    }

    // a signed file link (contract files.ts): its query, and its key
    const validLink = {
      expires: Math.floor(app.clock.now.getTime() / 1000) + 600,
      signature: '0'.repeat(64),
    };
    for (const fuzzCase of budgetCases(mutateBody(validLink), CASES_PER_TARGET, 'files')) {
      const { payload } = fuzzCase;
      if (payload.kind !== 'json' || !payload.value || typeof payload.value !== 'object') continue;
      for (const key of [
        'lost/fuzz.jpg',
        'lost/fuzz%00.jpg',
        '..%2F..%2Fetc%2Fpasswd',
        `${'a'.repeat(5000)}.jpg`,
      ]) {
        const response = await inject(
          'GET',
          `/api/files/${key}?${form(payload.value as Record<string, unknown>)}`,
        );
        await check(
          'files',
          { ...fuzzCase, label: `${key.slice(0, 30)} ${fuzzCase.label}` },
          {
            status: response.statusCode,
            code: codeOf(response.body),
          },
        );
      }
    }
    expect(problems).toEqual([]);
  }, 120_000);
});

/** Several sockets of each kind, taken in turn, each kept under its rate limit (20 a second). */
async function socketPools(url: string, owner: Account) {
  const POOL = 6;
  const MIN_GAP_MS = 1000 / 15;
  const panels: TestSocket[] = [];
  const phones: TestSocket[] = [];
  for (let i = 0; i < POOL; i++) {
    panels.push(await connect(`${url}${PANEL_NAMESPACE}`, await panelToken(app, owner)));
    phones.push(await connect(`${url}${DEVICE_NAMESPACE}`, owner.deviceToken));
  }
  const lastSent = new Map<TestSocket, number>();
  let turn = 0;
  const nextSocket = async (pool: TestSocket[]) => {
    const socket = pool[turn++ % pool.length]!;
    const wait = (lastSent.get(socket) ?? 0) + MIN_GAP_MS - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    lastSent.set(socket, Date.now());
    return socket;
  };
  return { panels, phones, nextSocket };
}

/** Messages no map defines, and odd shapes of a call: answered, never dropped; then every socket closed. */
async function fuzzOddMessages(
  { panels, phones, nextSocket }: Awaited<ReturnType<typeof socketPools>>,
  trackingId: number,
  liveLostOn: number,
) {
  const odd: [TestSocket[], string, unknown[]][] = [
    [phones, 'unknownType', [{}]],
    [phones, 'rejected', [{}]],
    [panels, 'routePoints', [{ tracking_id: trackingId, points: [] }]],
    [panels, 'ayThere\u0000', [{}]],
    [phones, 'imHere', []],
    [phones, 'imHere', [{ command_id: liveLostOn }, 'extra', 42]],
  ];
  for (const [pool, type, args] of odd) {
    const label = `${JSON.stringify(type)} with ${args.length} arguments`;
    try {
      const socket = await nextSocket(pool);
      const ack = (await socket.timeout(5000).emitWithAck(type, ...args)) as { ok: boolean; code?: string };
      await check('odd message', { label }, answerOf(ack));
    } catch {
      problems.push(`odd message (${label}): no answer`);
    }
  }
  for (const socket of [...panels, ...phones]) {
    if (!socket.connected) problems.push('a socket was disconnected by the fuzz');
    socket.close();
  }
}

/** The handshake: whatever the token, the connection is refused as UNAUTHENTICATED. */
async function fuzzHandshake(url: string, owner: Account) {
  const tokens: unknown[] = [
    '\u0000',
    'x'.repeat(100_000),
    12,
    {},
    [],
    null,
    true,
    'a.b',
    `${owner.deviceToken}\u0000`,
  ];
  for (const namespace of [PANEL_NAMESPACE, DEVICE_NAMESPACE]) {
    for (const token of tokens) {
      const socket = io(`${url}${namespace}`, {
        auth: { token },
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
      });
      const outcome = await new Promise<string>((resolve) => {
        socket.once('connect', () => resolve('connected'));
        socket.once('connect_error', (error: Error & { data?: { code?: string } }) =>
          resolve(error.data?.code ?? error.message),
        );
      });
      socket.close();
      if (outcome !== 'UNAUTHENTICATED') {
        problems.push(`${namespace} handshake with token ${JSON.stringify(token)?.slice(0, 40)}: ${outcome}`);
      }
    }
  }
}

describe('contract fuzz: realtime messages', () => {
  it('never acknowledges INTERNAL, refuses NUL and ids past PostgreSQL integers, and a refused message writes nothing', async () => {
    problems = [];
    const owner = await userWithPhone(app);
    await upgradePlan(owner, 3);
    const url = app.ctx.env.PUBLIC_URL;
    // several sockets of each kind, taken in turn, each kept under its rate limit (20 a second)
    const { panels, phones, nextSocket } = await socketPools(url, owner);

    // what the messages refer to: the phone's open orders and its open route
    const post = (path: string, body: unknown) => app.post(path, body, owner.token);
    const openCommand = async (kind: 'lostOn' | 'wipe') => {
      const give = async () => {
        if (kind === 'wipe') await post('/api/app/user/validatePass', { password: owner.password });
        return post(
          kind === 'wipe'
            ? '/api/app/lostphone/wipePhoneDataNotification'
            : '/api/app/lostphone/lostMyPhoneSubscribeNotification',
          { device_id: owner.deviceId },
        );
      };
      let response = await give();
      // a phone takes ORDERS_PER_PHONE_MAX orders in its window: the clock moves past the wait asked
      if (response.statusCode === 429) {
        app.clock.advance(Number(response.headers['retry-after']) * 1000);
        response = await give();
      }
      if (response.statusCode !== 200) throw new Error(`${kind}: ${response.body}`);
      // its security e-mail, when one is due, goes out now, not in the middle of a later message's check
      await app.ctx.background.settled();
      return (response.json() as { command: { id: number } }).command.id;
    };
    const route = await post('/api/app/tracking/changeTrackingStatus', {
      device_id: owner.deviceId,
      trackingStatus: 1,
    });
    expect(route.statusCode, route.body).toBe(200);
    const trackingId = (route.json() as { tracking: { id: number } }).tracking.id;
    /** a stand-in for "the open order", replaced at send time: an answer may close the one before */
    const LIVE_COMMAND = 2_000_000_001;
    const live = { lostOn: await openCommand('lostOn'), wipe: await openCommand('wipe') };
    const commandKind: Record<string, 'lostOn' | 'wipe'> = {
      'device imHere': 'lostOn',
      'device commandResult': 'lostOn',
      'device deleting': 'wipe',
      'device cancelingWipe': 'wipe',
      'panel cancelingWipe': 'wipe',
    };
    const hints: Record<string, Record<string, unknown>> = {
      'panel ayThere': { device_id: owner.deviceId, probe_id: 'probe-fuzz-0001' },
      'panel cancelingWipe': { device_id: owner.deviceId, command_id: LIVE_COMMAND },
      'device imHere': { command_id: LIVE_COMMAND, probe_id: undefined },
      'device commandResult': {
        command_id: LIVE_COMMAND,
        outcome: 'failed',
        reason: 'Sin permiso de ubicación',
      },
      'device deleting': { command_id: LIVE_COMMAND },
      'device cancelingWipe': { command_id: LIVE_COMMAND },
      'device routePoints': {
        tracking_id: trackingId,
        points: [{ lat: -33.44, lng: -70.65, at: app.clock.now.toISOString() }],
      },
    };
    // the live command id sits near the top; deeper levels (the 'deeply nested' case) are sent as they are
    const substitute = (value: unknown, id: number, depth = 0): unknown => {
      if (value === LIVE_COMMAND) return id;
      if (depth > 8) return value;
      if (Array.isArray(value)) return value.map((item) => substitute(item, id, depth + 1));
      if (value && typeof value === 'object' && !Buffer.isBuffer(value)) {
        return Object.fromEntries(
          Object.entries(value).map(([key, item]) => [key, substitute(item, id, depth + 1)]),
        );
      }
      return value;
    };

    // a phone that just connected is told what to run and sent its pending orders; let that settle
    await new Promise((resolve) => setTimeout(resolve, 300));
    fingerprint = await fingerprintDatabase(app.ctx);
    const targets = [
      ...Object.entries(panelToServerMessages).map(([type, schema]) => ({
        side: 'panel',
        type,
        schema,
        pool: panels,
      })),
      ...Object.entries(deviceToServerMessages).map(([type, schema]) => ({
        side: 'device',
        type,
        schema,
        pool: phones,
      })),
    ];
    for (const { side, type, schema, pool } of targets) {
      const target = `${side} ${type}`;
      const kind = commandKind[target];
      const valid = withHints(sampleValue(toJsonSchema(schema), target), hints[target] ?? {});
      const parsed = schema.safeParse(substitute(valid, kind ? live[kind] : 0));
      expect(
        parsed.success,
        `${target}: derived payload ${JSON.stringify(valid)} ${parsed.error?.message}`,
      ).toBe(true);
      const cases: FuzzCase[] = [
        { label: 'valid', payload: { kind: 'json', value: valid } },
        ...budgetCases(mutateBody(valid), CASES_PER_TARGET, target),
        // Socket.IO carries more than JSON: a binary attachment
        { label: 'binary payload', payload: { kind: 'json', value: Buffer.from([0, 1, 2, 255]) } },
      ];
      for (const fuzzCase of cases) {
        let payload: unknown;
        try {
          payload =
            fuzzCase.payload.kind === 'raw' ? JSON.parse(fuzzCase.payload.text) : fuzzCase.payload.value;
        } catch {
          continue; // not a value Socket.IO could carry
        }
        payload = substitute(payload, kind ? live[kind] : 0);
        const socket = await nextSocket(pool);
        let ack: { ok: boolean; code?: string };
        try {
          ack = (await socket.timeout(5000).emitWithAck(type, payload)) as typeof ack;
        } catch {
          problems.push(`${target} (${fuzzCase.label}): no answer`);
          continue;
        }
        // every handler answers after its writes, so the database is settled by now
        await check(target, fuzzCase, answerOf(ack));
        if (fuzzCase.label === 'valid' && !ack.ok) {
          problems.push(`${target} (valid): refused ${ack.code}, so the fuzz goes no deeper`);
        }
        if (ack.ok && kind) {
          // the answer may have closed the order: the next cases get a fresh one
          live[kind] = await openCommand(kind);
          fingerprint = await fingerprintDatabase(app.ctx);
        }
      }
    }

    // messages no map defines, and odd shapes of a call; then every socket must still be connected
    await fuzzOddMessages({ panels, phones, nextSocket }, trackingId, live.lostOn);

    // the handshake: whatever the token, the connection is refused as UNAUTHENTICATED
    await fuzzHandshake(url, owner);
    expect(problems).toEqual([]);
  }, 180_000);
});
