import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { userQueryOptions } from '../../../lib/session/user-details.ts';

/**
 * POST updateAvatar: the cropped picture as JPEG base64 (spec 5). The server answers the new picture's
 * signed URL: the cached user takes it at once, so the sidebar shows it without waiting for a reload.
 */
export function useUpdateAvatar() {
  return useMutation({
    mutationFn: (avatar: string) => callApi('updateAvatar', { avatar }),
    onSuccess: ({ avatar }) => {
      queryClient.setQueryData(userQueryOptions.queryKey, (user) =>
        user ? { ...user, info: { ...user.info, avatar } } : user,
      );
      void queryClient.invalidateQueries({ queryKey: userQueryOptions.queryKey });
    },
  });
}
