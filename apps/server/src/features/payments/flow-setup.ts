/**
 * Which Flow the server talks to (docs/api.md "Flow"; decision 008):
 * - real Flow when FLOW_API_KEY and FLOW_SECRET_KEY are set (FLOW_API_URL, default production Flow);
 * - otherwise the built-in sandbox under <PUBLIC_URL>/flow-sandbox/api, with keys derived from
 *   APP_SECRET so that every process of a deployment shares them. Its payments are tests: no money
 *   moves, so the start banner and the panel say so (decision 008), and in production, where it would hand
 *   out plans for free, the server refuses to start without the keys (env.ts).
 */
import type { Env } from '../../lib/env.ts';
import { createSigner, loadAppSecret } from '../../lib/crypto/signing.ts';
import { createFlowClient, type FlowClient } from './flow-client.ts';

export const FLOW_DEFAULT_API_URL = 'https://www.flow.cl/api';
export const FLOW_SANDBOX_PATH = '/flow-sandbox';
export const FLOW_SANDBOX_API_KEY = 'escudo-sandbox';

export interface SandboxKeys {
  apiKey: string;
  secretKey: string;
}

export type FlowSetup =
  { kind: 'flow'; client: FlowClient } | { kind: 'sandbox'; client: FlowClient; keys: SandboxKeys };

/** Whether payments go to the built-in sandbox: test payments, no real money. */
export function usesFlowSandbox(env: Env): boolean {
  return !(env.FLOW_API_KEY && env.FLOW_SECRET_KEY);
}

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
  // parseEnv refuses this already; an Env built any other way must not get free plans either
  if (env.isProduction) throw new Error('payments need FLOW_API_KEY and FLOW_SECRET_KEY in production');
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
