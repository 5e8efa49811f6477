import { authToken } from '../auth-token.ts';
import { queryClient } from '../query-client.ts';
import { clearSelectedDevice } from './selected-device.ts';

/** Forget everything about the signed-in person in this browser (spec 2: 'Cerrar Sesión'). */
export function endSession(): void {
  authToken.remove();
  clearSelectedDevice();
  queryClient.clear();
}
