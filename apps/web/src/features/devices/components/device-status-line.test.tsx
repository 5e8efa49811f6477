import { act, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { UserDevice } from '@escudo/contract';
import { useUser } from '../../../lib/session/user-details.ts';
import { answer, isLinkOpen, sendToPanel } from '../../../testing/fake-network.ts';
import { device, iphone, user } from '../../../testing/fixtures.ts';
import { renderScreen } from '../../../testing/render.tsx';
import { devicesTexts as t } from '../texts.ts';
import { DeviceList } from './device-list.tsx';

// The phone's last state in the sidebar's row (decision 042): online or its last connection, its
// battery and network when reported; live from the server's deviceStatus.

function AccountDevices() {
  const { data } = useUser();
  return <DeviceList devices={data?.dispositivos ?? []} />;
}

function openWith(...devices: UserDevice[]) {
  answer('userDetails', { user: { ...user, dispositivos: devices } });
  renderScreen(<AccountDevices />);
}

const row = async (name: RegExp) => screen.findByRole('button', { name });
const ANDROID = /^Android .*Teléfono de Ana/;

describe('DeviceStatusLine', () => {
  it('says "Sin conexión registrada" for a phone never connected, and nothing of battery or network', async () => {
    openWith(device);
    const button = await row(ANDROID);
    expect(within(button).getByText(t.neverSeen)).toBeInTheDocument();
    expect(button).not.toHaveTextContent(/Batería|Wi-Fi|Datos móviles|Sin red/);
  });

  it('shows an online phone with its battery, charging and network', async () => {
    openWith({ ...device, online: true, battery: 42, charging: true, network: 'wifi' });
    const button = await row(ANDROID);
    expect(button).toHaveAccessibleName(
      'Android Samsung Teléfono de Ana Galaxy A54 En línea · Batería 42 %, cargando · Wi-Fi',
    );
  });

  it('names each network, and charging without a level', async () => {
    openWith(
      { ...device, online: true, battery: 7, charging: false, network: 'cellular' },
      { ...iphone, online: true, battery: null, charging: true, network: 'none' },
    );
    expect(await row(ANDROID)).toHaveTextContent('En línea · Batería 7 % · Datos móviles');
    expect(await row(/^iOS .*iPhone de Ana/)).toHaveTextContent('En línea · Cargando · Sin red');
  });

  it('says how long ago an offline phone was last connected, with what it last reported', async () => {
    const fiveMinutesAgo = new Date(Date.now() - 5 * 60_000 - 20_000).toISOString();
    openWith({ ...device, last_seen_at: fiveMinutesAgo, battery: 15, charging: false, network: 'wifi' });
    expect(await row(ANDROID)).toHaveTextContent('Última conexión hace 5 min · Batería 15 % · Wi-Fi');
  });

  it('follows the server live: online with the battery reported, then offline just now', async () => {
    openWith(device);
    await row(ANDROID);
    // the row keeps the realtime link open
    await vi.waitFor(() => expect(isLinkOpen()).toBe(true));
    const state = {
      online: true,
      last_seen_at: new Date().toISOString(),
      battery: 64,
      charging: false,
      network: 'wifi',
      status_at: new Date().toISOString(),
    } as const;
    act(() => sendToPanel('deviceStatus', { device_id: device.device_id, ...state }));
    expect(await row(ANDROID)).toHaveTextContent('En línea · Batería 64 % · Wi-Fi');
    // another user's phone is not on this account: nothing changes
    act(() => sendToPanel('deviceStatus', { device_id: 'sim-otro', ...state, battery: 3 }));
    act(() => sendToPanel('deviceStatus', { device_id: device.device_id, ...state, online: false }));
    expect(await row(ANDROID)).toHaveTextContent('Última conexión hace un momento · Batería 64 % · Wi-Fi');
  });

  it('moves the relative time on every minute, with one clock for all rows', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    vi.setSystemTime(new Date('2026-11-26T15:00:00.000Z'));
    const justLeft = '2026-11-26T14:59:50.000Z';
    openWith({ ...device, last_seen_at: justLeft }, { ...iphone, last_seen_at: justLeft });
    expect(await row(ANDROID)).toHaveTextContent('Última conexión hace un momento');
    act(() => vi.advanceTimersByTime(60_000));
    expect(await row(ANDROID)).toHaveTextContent('Última conexión hace 1 min');
    expect(await row(/^iOS .*iPhone de Ana/)).toHaveTextContent('Última conexión hace 1 min');
    expect(vi.getTimerCount()).toBe(1);
  });
});
