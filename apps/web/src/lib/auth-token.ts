import { useSyncExternalStore } from 'react';
import { createStoredValue } from './local-store.ts';

/** The bearer token of the signed-in user (spec section 4: a stored token means signed in). */
export const authToken = createStoredValue('escudo.auth_token');

export function useHasSession(): boolean {
  return useSyncExternalStore(authToken.subscribe, () => authToken.get() !== null);
}
