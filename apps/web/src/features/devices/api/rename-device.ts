import { useMutation } from '@tanstack/react-query';
import type { BodyOf, User, renameDevice } from '@escudo/contract';
import { callApi } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { userQueryOptions } from '../../../lib/session/user-details.ts';

/** POST app/devices/rename (decision 044): the sidebar and every page show the new name at once
 * (the phone's last state stays as it was: the answer is the device without it). */
export function useRenameDevice() {
  return useMutation({
    mutationFn: (body: BodyOf<typeof renameDevice>) => callApi('renameDevice', body),
    onSuccess: ({ device }) => {
      queryClient.setQueryData(userQueryOptions.queryKey, (user: User | undefined) =>
        user
          ? {
              ...user,
              dispositivos: user.dispositivos.map((d) => (d.id === device.id ? { ...d, ...device } : d)),
            }
          : user,
      );
      void queryClient.invalidateQueries({ queryKey: userQueryOptions.queryKey });
    },
  });
}
