import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { showWhatIsLeft } from './get-account-review.ts';

/** POST app/account/review/password: the reclaimed account's new password, while it has none */
export function useChooseReviewPassword() {
  return useMutation({
    mutationFn: (body: { password: string; password_confirmation: string }) =>
      callApi('accountReviewPassword', body),
    onSuccess: showWhatIsLeft,
  });
}
