import type { Plan } from '@escudo/contract';
import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authToken } from '../../../lib/auth-token.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { answer, calls } from '../../../testing/fake-network.ts';
import { toPayDataQueryOptions } from './get-to-pay-data.ts';
import { prefetchPlanes } from './prefetch-planes.ts';

// Planes' route asks for the catalogue, and then each plan's price, while the page's code downloads.

const plan = (id: number, name: string): Plan => ({
  id,
  name,
  description: name,
  image: null,
  max_red: 1,
  max_devices: 1,
  includes: [],
  price: 2990 * id,
});
const basico = plan(1, 'Básico');
const familia = plan(3, 'Familia');

describe('prefetchPlanes', () => {
  it("asks for the plan catalogue, the public settings, and each plan's price for 6 months", async () => {
    answer('getPlanes', { planes: [basico, familia], includes: [] });
    answer('getToPayData', (body) => ({
      amount: (body as { plan_id: number }).plan_id * 1_000,
      detail: '6 meses',
    }));
    prefetchPlanes();
    const quoteOf = (planId: number) =>
      queryClient.getQueryData(toPayDataQueryOptions({ plan_id: planId, months_paid: 6 }).queryKey);
    await waitFor(() => expect(quoteOf(familia.id)).toEqual({ amount: 3_000, detail: '6 meses' }));
    expect(quoteOf(basico.id)).toEqual({ amount: 1_000, detail: '6 meses' });
    expect(calls.map((call) => call.name).sort()).toEqual([
      'getConfig',
      'getPlanes',
      'getToPayData',
      'getToPayData',
    ]);
  });

  it('asks for nothing without a session', () => {
    authToken.remove();
    prefetchPlanes();
    expect(calls).toEqual([]);
  });
});
