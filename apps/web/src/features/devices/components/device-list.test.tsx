import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { queryClient } from '../../../lib/query-client.ts';
import { clearSelectedDevice } from '../../../lib/session/selected-device.ts';
import { useUser, userQueryOptions } from '../../../lib/session/user-details.ts';
import { answer, calls } from '../../../testing/fake-network.ts';
import { device, iphone, user } from '../../../testing/fixtures.ts';
import { renderScreen } from '../../../testing/render.tsx';
import { devicesTexts as t } from '../texts.ts';
import { DeviceList } from './device-list.tsx';

// The sidebar's 'Dispositivos registrados': the account's phones; a click selects one, remembered.

const devices = [device, iphone];

beforeEach(() => {
  clearSelectedDevice();
  answer('userDetails', { user: { ...user, dispositivos: devices } });
});

/** The list as the sidebar shows it: the devices of the signed-in user. */
function AccountDevices() {
  const { data } = useUser();
  return <DeviceList devices={data?.dispositivos ?? []} />;
}

const list = () => screen.getByRole('region', { name: t.heading });
const phoneButton = (name: string) => within(list()).getByRole('button', { name });
// each button is named by all it says: system, brand, name, model and the phone's last state
const ANDROID_PHONE = `Android Samsung Teléfono de Ana Galaxy A54 ${t.neverSeen}`;
const APPLE_PHONE = `iOS Apple iPhone de Ana iPhone 15 ${t.neverSeen}`;

describe('DeviceList', () => {
  it('says the account has no devices', () => {
    renderScreen(<DeviceList devices={[]} />);
    expect(within(list()).getByRole('heading', { name: t.heading })).toBeInTheDocument();
    expect(within(list()).getByText(t.empty)).toBeInTheDocument();
    expect(within(list()).queryByRole('button')).not.toBeInTheDocument();
  });

  it('lists each phone with its system, brand, name and model, none selected at first', async () => {
    renderScreen(<DeviceList devices={devices} />);
    expect(within(list()).getAllByRole('listitem')).toHaveLength(2);
    expect(phoneButton(ANDROID_PHONE)).not.toHaveAttribute('aria-current');
    expect(phoneButton(APPLE_PHONE)).not.toHaveAttribute('aria-current');
    expect(within(phoneButton(APPLE_PHONE)).getByRole('img', { name: t.ios })).toBeInTheDocument();
    expect(within(phoneButton(ANDROID_PHONE)).getByRole('img', { name: t.android })).toBeInTheDocument();
    expect(screen.queryByText(t.empty)).not.toBeInTheDocument();
  });

  it('marks the phone chosen, moves the mark to another, and remembers it on the next visit', async () => {
    let closedMenu = 0;
    const { unmount } = renderScreen(<DeviceList devices={devices} onSelect={() => (closedMenu += 1)} />);
    await waitFor(() => expect(calls.some((call) => call.name === 'userDetails')).toBe(true));

    await userEvent.click(phoneButton(APPLE_PHONE));
    await waitFor(() => expect(phoneButton(APPLE_PHONE)).toHaveAttribute('aria-current', 'true'));
    expect(phoneButton(ANDROID_PHONE)).not.toHaveAttribute('aria-current');
    // on a phone the sidebar is a drawer, which closes once a device is chosen
    expect(closedMenu).toBe(1);

    await userEvent.click(phoneButton(ANDROID_PHONE));
    expect(phoneButton(ANDROID_PHONE)).toHaveAttribute('aria-current', 'true');
    expect(phoneButton(APPLE_PHONE)).not.toHaveAttribute('aria-current');

    unmount();
    renderScreen(<DeviceList devices={devices} />);
    expect(phoneButton(ANDROID_PHONE)).toHaveAttribute('aria-current', 'true');
  });

  it('marks nothing when the remembered phone is no longer on the account', async () => {
    renderScreen(<AccountDevices />);
    await screen.findByRole('button', { name: APPLE_PHONE });
    await userEvent.click(phoneButton(APPLE_PHONE));
    await waitFor(() => expect(phoneButton(APPLE_PHONE)).toHaveAttribute('aria-current', 'true'));

    // the iPhone was removed from the account: the user is read again
    answer('userDetails', { user: { ...user, dispositivos: [device] } });
    await act(() => queryClient.invalidateQueries({ queryKey: userQueryOptions.queryKey }));
    await waitFor(() =>
      expect(within(list()).queryByRole('button', { name: APPLE_PHONE })).not.toBeInTheDocument(),
    );
    expect(within(list()).queryAllByRole('button', { current: true })).toHaveLength(0);
  });
});
