/**
 * Setup of the web-dom test project: the network edge is simulated (fake-network.ts), each test
 * starts signed in with a session of its own (so the realtime link and the command store start
 * afresh) and an empty query cache.
 */
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { authToken } from '../lib/auth-token.ts';
import { queryClient } from '../lib/query-client.ts';
import { answer, fakeFetch, resetNetwork } from './fake-network.ts';
import { config, user } from './fixtures.ts';

// findBy and waitFor give up after 1 s by default; on a slow, busy machine a render can take longer
configure({ asyncUtilTimeout: 5_000 });

vi.mock('socket.io-client', async () => ({ io: (await import('./fake-network.ts')).fakeIo }));

let session = 0;

beforeEach(() => {
  resetNetwork();
  vi.stubGlobal('fetch', fakeFetch);
  answer('getConfig', config);
  answer('userDetails', { user });
  answer('createFirebaseAuthToken', { customToken: 'panel-token' } as never);
  session += 1;
  authToken.set(`test-session-${session}`);
});

afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});
