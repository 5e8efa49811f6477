/**
 * The contract for the benches (docs/style.md #3), which are plain .mjs run by node: tsx's tsImport loads
 * the TypeScript at run time. Setup calls (sign-ups, sign-ins, tokens) go through the contract-checked
 * client of apps/phone, `callApi(base, 'login', body, token)`: the endpoint named once, the body checked
 * before it leaves, the status and answer after. The load itself (autocannon, the timed loops) sends
 * its own requests to `route(name)`: checking every answer would spend the load generator's CPU, and
 * the figures must stay comparable with earlier runs.
 */
import { tsImport } from 'tsx/esm/api';

// the zod-free entry, routes and constants only: the benches' child processes (phones, panels) load
// this file for the namespaces and must stay light; the client (zod and all) loads on first use
const contract = await tsImport('@escudo/contract/browser', import.meta.url);
let client = null;

export const { DEVICE_NAMESPACE, PANEL_DEVICE_ID_PREFIX, PANEL_NAMESPACE, centralOutcomes } = contract;

/** ours: a bench's setup waits for a busy server rather than failing at the panel's 10 s */
const SETUP_TIMEOUT_MS = 120_000;

/** Method and path of the endpoint `name` (a key of the contract's `routes`). */
export function route(name) {
  const found = contract.routes[name];
  if (!found) throw new Error(`no route ${name} in the contract`);
  return found;
}

/** `POST /api/auth/login`: how a measurement of the endpoint `name` is labelled in the tables. */
export const routeLabel = (name) => `${route(name).method} ${route(name).path}`;

/** Calls the endpoint `name` on `base` with `body` (and a bearer `token`); resolves with its answer. */
export async function callApi(base, name, body, token) {
  client ??= await tsImport('@escudo/phone/api-client', import.meta.url);
  try {
    return await client.callApi(base, name, body, { token, timeoutMs: SETUP_TIMEOUT_MS });
  } catch (error) {
    if (!(error instanceof client.ApiCallError)) throw error;
    throw new Error(`${routeLabel(name)}: ${error.status} ${error.code} ${error.message}`, { cause: error });
  }
}

/**
 * What the panel keeps in localStorage after `credentials` sign in (apps/web/src/lib/auth-token.ts,
 * lib/session/selected-device.ts): the session's token and the first phone, selected. For the web
 * benches, which load signed-in pages as a returning customer would.
 */
export async function panelStorageAfterSignIn(base, credentials) {
  const { access_token: token } = await callApi(base, 'login', credentials);
  const { user } = await callApi(base, 'userDetails', {}, token);
  const deviceId = user.dispositivos[0]?.id;
  return {
    'escudo.auth_token': token,
    ...(deviceId ? { 'escudo.selected_device_id': String(deviceId) } : {}),
  };
}
