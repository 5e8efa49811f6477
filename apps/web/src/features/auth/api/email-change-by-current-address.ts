import { useMutation, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';

/** POST /api/auth/emailChange/find: the change the current address's link is about (decision 050) */
export function useEmailChangeOfLink(token: string) {
  return useQuery({
    queryKey: ['email-change', token],
    queryFn: async ({ signal }) => (await callApi('findEmailChange', { token }, { signal })).change,
    // a link that no longer works stays so; asking again would only delay the message
    retry: false,
    refetchOnWindowFocus: false,
  });
}

/** POST /api/auth/emailChange/answer: the current address confirms the change, or cancels it */
export function useAnswerEmailChange() {
  return useMutation({
    mutationFn: (body: { token: string; answer: 'confirm' | 'cancel' }) => callApi('answerEmailChange', body),
  });
}
