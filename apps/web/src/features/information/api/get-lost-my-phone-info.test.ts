import { QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import type { LostPhoneInfoItem } from '@escudo/contract';
import { queryClient } from '../../../lib/query-client.ts';
import { addLostPhoneReport, lostPhoneInfoQueryOptions } from './get-lost-my-phone-info.ts';

const report = (id: number): LostPhoneInfoItem => ({
  id,
  position: { lat: -33.45, lng: -70.66 },
  image: `${id}.jpg`,
  image_url: `/files/${id}.jpg`,
  created_at: '2026-11-23T12:00:00.000Z',
});

/**
 * The Information page's list, as the page holds it: observed, with a server answer that the test
 * releases when it wants. Each answer lists what the server had stored when it was asked.
 */
function watchList(deviceId: string, stored: LostPhoneInfoItem[]) {
  const pending: Array<() => void> = [];
  let asked = 0;
  const observer = new QueryObserver(queryClient, {
    queryKey: lostPhoneInfoQueryOptions(deviceId).queryKey,
    queryFn: () => {
      asked += 1;
      const snapshot = [...stored];
      return new Promise<LostPhoneInfoItem[]>((resolve) => pending.push(() => resolve(snapshot)));
    },
  });
  const unsubscribe = observer.subscribe(() => {});
  return {
    stored,
    asked: () => asked,
    answer: async () => {
      pending.splice(0).forEach((resolve) => resolve());
      await new Promise((resolve) => setTimeout(resolve, 0));
    },
    list: () => queryClient.getQueryData<LostPhoneInfoItem[]>(lostPhoneInfoQueryOptions(deviceId).queryKey),
    unsubscribe,
  };
}

afterEach(() => queryClient.clear());

describe('a live lost-mode report', () => {
  it('joins a loaded list at the top, without asking the server', async () => {
    const page = watchList('phone-a', [report(1)]);
    await page.answer();
    expect(page.list()?.map((item) => item.id)).toEqual([1]);

    addLostPhoneReport('phone-a', report(2));
    expect(page.list()?.map((item) => item.id)).toEqual([2, 1]);
    expect(page.asked()).toBe(1);
    page.unsubscribe();
  });

  it('that arrives while the list is on its way is not lost: the list is asked for again', async () => {
    const page = watchList('phone-b', [report(1)]);
    // the page opened and asked; the fetch went out when only report 1 was stored (see watchList)
    // and is still on its way when reports 2 and 3 are stored and announced
    await new Promise((resolve) => setTimeout(resolve, 0));
    page.stored.push(report(2), report(3));
    addLostPhoneReport('phone-b', report(2));
    addLostPhoneReport('phone-b', report(3));
    for (let i = 0; i < 3; i += 1) await page.answer();
    expect(page.asked()).toBeGreaterThanOrEqual(2);
    expect(
      page
        .list()
        ?.map((item) => item.id)
        .sort(),
    ).toEqual([1, 2, 3]);
    page.unsubscribe();
  });
});
