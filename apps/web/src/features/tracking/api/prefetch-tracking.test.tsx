import { act, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { queryClient } from '../../../lib/query-client.ts';
import { clearSelectedDevice, selectDevice } from '../../../lib/session/selected-device.ts';
import { answer, calls, isLinkOpen, sendToPanel } from '../../../testing/fake-network.ts';
import { device, liveRoute } from '../../../testing/fixtures.ts';
import { trackingsQueryOptions } from './get-trackings.ts';
import { prefetchTracking } from './prefetch-tracking.ts';

// Tracking's route asks for the selected phone's first page of routes while the page's code
// downloads, and follows the live route from then on.

const firstPage = () => queryClient.getQueryData(trackingsQueryOptions(device.device_id, 1).queryKey);

beforeEach(() => clearSelectedDevice());

describe('prefetchTracking', () => {
  it("asks for the selected phone's first page of routes, and points that arrive before the page mounts join the live route", async () => {
    answer('getTrackings', { tracking: [liveRoute], active: liveRoute, total_trackings: 1 });
    selectDevice(device);
    prefetchTracking();
    await waitFor(() => expect(firstPage()?.active?.route).toHaveLength(1));
    expect(calls.filter((call) => call.name === 'getTrackings')).toEqual([
      { name: 'getTrackings', body: { device_id: device.device_id, limit: 15, page: 1 } },
    ]);
    expect(calls.some((call) => call.name === 'getConfig')).toBe(true);

    await waitFor(() => expect(isLinkOpen()).toBe(true));
    const point = { lat: -33.47, lng: -70.68, at: '2026-11-20T13:00:40.000Z' };
    act(() =>
      sendToPanel('trackingPoints', {
        device_id: device.device_id,
        tracking_id: liveRoute.id,
        points: [point],
      }),
    );
    expect(firstPage()?.active?.route).toEqual([...liveRoute.route, point]);
    expect(firstPage()?.tracking[0]?.route).toEqual([...liveRoute.route, point]);
  });

  it('asks for no routes when no phone is selected', async () => {
    prefetchTracking();
    await waitFor(() => expect(isLinkOpen()).toBe(true));
    expect(calls.some((call) => call.name === 'getTrackings')).toBe(false);
  });
});
