import { useMutation } from '@tanstack/react-query';
import type { BodyOf, accountReviewDecide } from '@escudo/contract';
import { callApi } from '../../../lib/api-client.ts';
import { showWhatIsLeft } from './get-account-review.ts';

/** POST app/account/review/decide: "¿Es tuyo?" for one item, kept or removed at once */
export function useDecideReviewItem() {
  return useMutation({
    mutationFn: (body: BodyOf<typeof accountReviewDecide>) => callApi('accountReviewDecide', body),
    onSuccess: showWhatIsLeft,
  });
}
