import { callApi } from '../../../lib/api-client.ts';

/** POST changeTrackingStatus (docs/api.md): trackingStatus 1 turns tracking on, 2 off. */
export function changeTrackingStatus(deviceId: string, trackingStatus: 1 | 2) {
  return callApi('changeTrackingStatus', {
    device_id: deviceId,
    trackingStatus,
  });
}
