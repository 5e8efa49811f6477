import { useMutation } from '@tanstack/react-query';
import type { BodyOf, newPlanPayment } from '@escudo/contract';
import { callApi } from '../../../lib/api-client.ts';

/** POST newPlanPayment: creates the order and Flow's payment; the caller leaves for Flow's page. */
export function useNewPlanPayment() {
  return useMutation({
    mutationFn: (body: BodyOf<typeof newPlanPayment>) => callApi('newPlanPayment', body),
  });
}

/** spec 5: leave only when the answer is code 200 with a url and a token. */
export function paymentPageUrl(answer: { code?: number; flowData?: { url?: string; token?: string } }) {
  const { url, token } = answer.flowData ?? {};
  if (answer.code !== 200 || !url || !token) return null;
  return `${url}?token=${encodeURIComponent(token)}`;
}
