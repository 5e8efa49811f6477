import type { changeTrackingStatus as changeTrackingStatusEndpoint } from '@escudo/contract';
import { routes } from '@escudo/contract/browser';
import { callApi } from '../../../lib/api-client.ts';

/** POST changeTrackingStatus (API.md): trackingStatus 1 turns tracking on, 2 off. */
export function changeTrackingStatus(deviceId: string, trackingStatus: 1 | 2) {
  return callApi<typeof changeTrackingStatusEndpoint>(routes.changeTrackingStatus, {
    device_id: deviceId,
    trackingStatus,
  });
}
