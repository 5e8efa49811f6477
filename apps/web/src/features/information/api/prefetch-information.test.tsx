import type { LostPhoneInfoItem } from '@escudo/contract';
import { act, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { queryClient } from '../../../lib/query-client.ts';
import { clearSelectedDevice, selectDevice } from '../../../lib/session/selected-device.ts';
import { answer, calls, isLinkOpen, sendToPanel } from '../../../testing/fake-network.ts';
import { device, iphone, user } from '../../../testing/fixtures.ts';
import { lostPhoneInfoQueryOptions } from './get-lost-my-phone-info.ts';
import { prefetchInformation } from './prefetch-information.ts';

// Información's route asks for the selected phone's reports while the page's code downloads, and
// follows the live ones from then on.

const report = (id: number, createdAt: string): LostPhoneInfoItem => ({
  id,
  position: { lat: -33.45, lng: -70.66 },
  image: `foto-${id}.jpg`,
  image_url: `/api/files/lost/${id}.jpg?expires=1&signature=0`,
  created_at: createdAt,
});
const older = report(1, '2026-11-20T13:00:00.000Z');
const newer = report(2, '2026-11-20T14:00:00.000Z');
const reportsOf = (deviceId: string) =>
  queryClient.getQueryData(lostPhoneInfoQueryOptions(deviceId).queryKey);

beforeEach(() => clearSelectedDevice());

describe('prefetchInformation', () => {
  it("asks for the selected phone's reports, and a report that arrives before the page mounts joins them", async () => {
    answer('getLostMyPhoneInfo', { status: 200, info: [older] });
    selectDevice(device);
    prefetchInformation();
    await waitFor(() => expect(reportsOf(device.device_id)).toEqual([older]));
    expect(calls.filter((call) => call.name === 'getLostMyPhoneInfo')).toEqual([
      { name: 'getLostMyPhoneInfo', body: { device_id: device.device_id } },
    ]);
    expect(calls.some((call) => call.name === 'getConfig')).toBe(true);

    await waitFor(() => expect(isLinkOpen()).toBe(true));
    act(() => sendToPanel('lostReport', { device_id: device.device_id, info: newer }));
    expect(reportsOf(device.device_id)).toEqual([newer, older]);
  });

  it('asks for nothing of an iPhone', async () => {
    answer('userDetails', { user: { ...user, dispositivos: [device, iphone] } });
    selectDevice(iphone);
    prefetchInformation();
    await waitFor(() => expect(calls.some((call) => call.name === 'userDetails')).toBe(true));
    await waitFor(() => expect(isLinkOpen()).toBe(true));
    expect(calls.some((call) => call.name === 'getLostMyPhoneInfo')).toBe(false);
  });
});
