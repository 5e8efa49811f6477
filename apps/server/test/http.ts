/**
 * HTTP to real server processes (server-process.ts), as the phone and the panel speak it: JSON POSTs,
 * and the steps those tests begin with (an account, its phone, the panel's token, a sign-in), each
 * through whichever `post` the test gives: one process's, or a balancer's that picks the process.
 */
import { randomBytes } from 'node:crypto';

export interface JsonAnswer<T> {
  status: number;
  body: T;
}

/** POSTs a JSON body to an API path, with the bearer token if given */
export type PostJson = <T = unknown>(path: string, body: unknown, token?: string) => Promise<JsonAnswer<T>>;

/** POSTs a JSON body to a full URL, with the bearer token if given, and reads the JSON answer */
export async function postJson<T = unknown>(
  url: string,
  body: unknown,
  token?: string,
): Promise<JsonAnswer<T>> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as T };
}

/** the PostJson of one server (its `http://host:port`) */
export const postTo =
  (server: string): PostJson =>
  (path, body, token) =>
    postJson(`${server}${path}`, body, token);

/** Signs up a fresh account (an owner: a customer on the starter plan) and returns it with its token. */
export async function signUp(post: PostJson, overrides: Partial<{ name: string; email: string }> = {}) {
  const input = {
    name: 'Ana',
    email: `ana.${randomBytes(4).toString('hex')}@example.cl`,
    password: 'una-clave-segura',
    ...overrides,
  };
  const answer = await post<{ access_token: string }>('/api/auth/signUpByCode', input);
  if (answer.status !== 201) throw new Error(`sign-up: ${answer.status} ${JSON.stringify(answer.body)}`);
  return { ...input, token: answer.body.access_token };
}

/** Signs in and returns the access token. */
export async function signIn(post: PostJson, email: string, password: string): Promise<string> {
  const answer = await post<{ access_token: string }>('/api/auth/login', { email, password });
  if (answer.status !== 200) throw new Error(`sign-in: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.access_token;
}

/** Registers an Android phone of the account's and returns its device id and device token. */
export async function registerPhone(post: PostJson, token: string) {
  const deviceId = `android-${randomBytes(4).toString('hex')}`;
  const answer = await post<{ device_token: string }>(
    '/api/device/register',
    {
      device_id: deviceId,
      device_brand: 'Samsung',
      device_name: 'Teléfono de Ana',
      device_model: 'Galaxy A54',
      device_so: 'android',
      device_soversion: 14,
    },
    token,
  );
  if (answer.status !== 200) throw new Error(`register: ${answer.status} ${JSON.stringify(answer.body)}`);
  return { deviceId, deviceToken: answer.body.device_token };
}

/** The customToken with which the account's panel connects, from the real endpoint. */
export async function panelCustomToken(post: PostJson, token: string): Promise<string> {
  const details = await post<{ user: { id: number } }>('/api/app/user/details', {}, token);
  if (details.status !== 200) throw new Error(`details: ${details.status} ${JSON.stringify(details.body)}`);
  const answer = await post<{ customToken: string }>(
    '/api/app/user/createFirebaseAuthToken',
    { device_id: `panel-${details.body.user.id}` },
    token,
  );
  if (answer.status !== 200) throw new Error(`panel token: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.customToken;
}
