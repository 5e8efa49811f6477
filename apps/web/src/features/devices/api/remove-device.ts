import { useMutation } from '@tanstack/react-query';
import type { BodyOf, Device, User, removeDevice } from '@escudo/contract';
import { callApi } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { clearSelectedDevice, getSelectedDeviceId } from '../../../lib/session/selected-device.ts';
import { userQueryOptions } from '../../../lib/session/user-details.ts';

/**
 * POST app/devices/remove (decision 044). The device leaves the account's list when
 * the owner has read the confirmation (`forgetRemovedDevice`), not at once: the dialog that says it
 * went well is drawn inside the device's row.
 */
export function useRemoveDevice() {
  return useMutation({
    mutationFn: (body: BodyOf<typeof removeDevice>) => callApi('removeDevice', body),
  });
}

/** The removed device leaves the list (and the selection, if it was selected); the plan's count follows. */
export function forgetRemovedDevice(device: Device): void {
  if (getSelectedDeviceId() === String(device.id)) clearSelectedDevice();
  queryClient.setQueryData(userQueryOptions.queryKey, (user: User | undefined) =>
    user ? { ...user, dispositivos: user.dispositivos.filter((d) => d.id !== device.id) } : user,
  );
  void queryClient.invalidateQueries({ queryKey: userQueryOptions.queryKey });
}
