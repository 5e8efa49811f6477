import { useSyncExternalStore } from 'react';
import type { Device, UserDevice } from '@escudo/contract';
import { createStoredValue } from '../local-store.ts';
import { useUser } from './user-details.ts';

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
