/**
 * Which Flow the server talks to (API.md "Flow"; decision 008):
 * - real Flow when FLOW_API_KEY and FLOW_SECRET_KEY are set (FLOW_API_URL, default production Flow);
 * - otherwise, outside production, the built-in sandbox under <PUBLIC_URL>/flow-sandbox/api, with
 *   keys derived from APP_SECRET so that every process of a deployment shares them;
 * - in production without keys, none: starting a payment answers PAYMENT_PROVIDER_ERROR, because a
 *   sandbox there would hand out plans for free.
 */
import type { Env } from '../env.ts';
import { createSigner, loadAppSecret } from '../lib/crypto/signing.ts';
import { createFlowClient, type FlowClient } from './flow-client.ts';

export const FLOW_DEFAULT_API_URL = 'https://www.flow.cl/api';
export const FLOW_SANDBOX_PATH = '/flow-sandbox';
export const FLOW_SANDBOX_API_KEY = 'escudo-sandbox';

export interface SandboxKeys {
  apiKey: string;
  secretKey: string;
}

export type FlowSetup =
  | { kind: 'flow'; client: FlowClient }
  | { kind: 'sandbox'; client: FlowClient; keys: SandboxKeys }
  | { kind: 'none'; client: null };

export async function resolveFlowSetup(env: Env): Promise<FlowSetup> {
  if (env.FLOW_API_KEY && env.FLOW_SECRET_KEY) {
    return {
      kind: 'flow',
      client: createFlowClient({
        apiUrl: env.FLOW_API_URL ?? FLOW_DEFAULT_API_URL,
        apiKey: env.FLOW_API_KEY,
        secretKey: env.FLOW_SECRET_KEY,
      }),
    };
  }
  if (env.isProduction) return { kind: 'none', client: null };
  const keys: SandboxKeys = {
    apiKey: FLOW_SANDBOX_API_KEY,
    secretKey: createSigner(await loadAppSecret(env), 'flow-sandbox').sign('secret-key'),
  };
  return {
    kind: 'sandbox',
    keys,
    client: createFlowClient({ apiUrl: `${env.PUBLIC_URL}${FLOW_SANDBOX_PATH}/api`, ...keys }),
  };
}
