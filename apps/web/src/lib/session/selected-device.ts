import { useSyncExternalStore } from 'react';
import type { Device, UserDevice } from '@escudo/contract';
import { createStoredValue } from '../local-store.ts';
import { queryClient } from '../query-client.ts';
import { useUser, userQueryOptions } from './user-details.ts';

// The internal `id` of the device chosen in the sidebar; kept across reloads (spec 3: client state).
const selectedDeviceId = createStoredValue('escudo.selected_device_id');

export function selectDevice(device: Device): void {
  selectedDeviceId.set(String(device.id));
}

/** the stored choice, as a string id, or null */
export function getSelectedDeviceId(): string | null {
  return selectedDeviceId.get();
}

export function clearSelectedDevice(): void {
  selectedDeviceId.remove();
}

/** The selected device, or null when none is selected or it no longer belongs to the account. */
export function useSelectedDevice(): UserDevice | null {
  const storedId = useSyncExternalStore(selectedDeviceId.subscribe, selectedDeviceId.get);
  const { data: user } = useUser();
  if (storedId === null || !user) return null;
  return user.dispositivos.find((device) => String(device.id) === storedId) ?? null;
}

/**
 * For a page's route start (app/router.tsx): once the user's details and the page's follower of live
 * data (`loadFollower`, its own chunk) are there, starts the follower, then hands `prefetch` the
 * selected device, if it is still the account's, to ask for its data. The follower listens before
 * the request leaves, so nothing that arrives in between is lost (docs/decisions/048). A failure
 * does nothing: the page asks again, and says what went wrong.
 */
export function prefetchForSelectedDevice(
  loadFollower: () => Promise<() => void>,
  prefetch: (device: UserDevice) => void,
): void {
  void Promise.all([loadFollower(), queryClient.fetchQuery(userQueryOptions)]).then(
    ([follow, user]) => {
      follow();
      const device = user.dispositivos.find((candidate) => String(candidate.id) === getSelectedDeviceId());
      if (device) prefetch(device);
    },
    () => undefined,
  );
}
