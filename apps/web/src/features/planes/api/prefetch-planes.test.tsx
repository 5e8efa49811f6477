import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authToken } from '../../../lib/auth-token.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { answer, calls } from '../../../testing/fake-network.ts';
import { planesQueryOptions } from './get-planes.ts';
import { prefetchPlanes } from './prefetch-planes.ts';

// Planes' route asks for the catalogue while the page's code downloads.

describe('prefetchPlanes', () => {
  it('asks for the plan catalogue and the public settings', async () => {
    answer('getPlanes', { planes: [], includes: [] });
    prefetchPlanes();
    await waitFor(() =>
      expect(queryClient.getQueryState(planesQueryOptions.queryKey)?.status).not.toBe('pending'),
    );
    expect(calls.map((call) => call.name).sort()).toEqual(['getConfig', 'getPlanes']);
  });

  it('asks for nothing without a session', () => {
    authToken.remove();
    prefetchPlanes();
    expect(calls).toEqual([]);
  });
});
