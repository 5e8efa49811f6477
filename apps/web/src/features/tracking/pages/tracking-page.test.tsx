import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Tracking } from '@escudo/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../lib/query-client.ts';
import { clearSelectedDevice, selectDevice } from '../../../lib/session/selected-device.ts';
import { userQueryOptions } from '../../../lib/session/user-details.ts';
import {
  answer,
  calls,
  dropLink,
  isLinkOpen,
  refuse,
  restoreLink,
  sendToPanel,
} from '../../../testing/fake-network.ts';
import { command, device, liveRoute, moved, user } from '../../../testing/fixtures.ts';
import { renderScreen } from '../../../testing/render.tsx';
import { trackingTexts as t } from '../texts.ts';
import { TrackingPage } from './tracking-page.tsx';

// 'Tracking dispositivo': live tracking on and off, the live route and past routes on the map (Leaflet
// runs in happy-dom), 15 routes a page.

const pastRoute: Tracking = {
  id: 51,
  device_id: device.device_id,
  created_at: '2026-11-18T20:00:00.000Z',
  ended_at: '2026-11-18T21:00:00.000Z',
  route: [
    { lat: -33.45, lng: -70.66, at: '2026-11-18T20:00:00.000Z' },
    { lat: -33.44, lng: -70.65, at: '2026-11-18T20:30:00.000Z' },
  ],
};
const emptyRoute: Tracking = {
  ...pastRoute,
  id: 50,
  created_at: '2026-11-17T20:00:00.000Z',
  ended_at: '2026-11-17T20:05:00.000Z',
  route: [],
};

function openTracking({ selected = true } = {}) {
  queryClient.setQueryData(userQueryOptions.queryKey, user);
  if (selected) selectDevice(device);
  return renderScreen(<TrackingPage />, '/tracking');
}

const history = () => screen.getByRole('table', { name: t.history });
const map = () => screen.findByRole('region', { name: t.mapLabel });

beforeEach(() => {
  clearSelectedDevice();
  answer('getDeviceCommands', { commands: [] });
});

describe('TrackingPage', () => {
  it('asks to select a device first', () => {
    openTracking({ selected: false });
    expect(screen.getByRole('heading', { level: 1, name: t.title })).toBeInTheDocument();
    expect(screen.getByText(t.noDevice)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: t.activate })).not.toBeInTheDocument();
  });

  it('shows placeholder rows while the routes load, and cannot be turned on yet', async () => {
    answer('getTrackings', () => new Promise(() => undefined));
    openTracking();
    expect(screen.getByText('Samsung Teléfono de Ana (Galaxy A54)')).toBeInTheDocument();
    expect(within(history()).getAllByRole('row')).toHaveLength(6);
    expect(within(history()).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: t.activate })).toBeDisabled();
  });

  it('says there are no routes yet, and offers to turn tracking on', async () => {
    answer('getTrackings', { tracking: [], active: null, total_trackings: 0 });
    openTracking();
    expect(await screen.findByText(t.empty)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: t.activate })).toBeEnabled();
    expect(screen.getByRole('button', { name: t.showActive })).toBeDisabled();
    expect(await map()).toBeInTheDocument();
  });

  it('offers to try again when the routes cannot be loaded', async () => {
    answer('getTrackings', refuse(404, 'NOT_FOUND', 'No encontramos ese dispositivo.'));
    openTracking();
    // the page's info banner is an MUI Alert too: the failure is the alert with the heading
    const failure = (await screen.findByRole('heading', { name: t.loadError })).closest<HTMLElement>(
      '[role="alert"]',
    )!;
    expect(within(failure).getByText('No encontramos ese dispositivo.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: t.activate })).toBeDisabled();

    answer('getTrackings', { tracking: [pastRoute], active: null, total_trackings: 1 });
    await userEvent.click(within(failure).getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('table', { name: t.history })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: t.activate })).toBeEnabled();
  });

  it('lists past routes and shows one on the map with its start and end', async () => {
    answer('getTrackings', { tracking: [pastRoute, emptyRoute], active: null, total_trackings: 2 });
    openTracking();
    await screen.findByRole('button', { name: /^Descargar el recorrido del 18-11-2026/ });
    const rows = within(history()).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('18-11-2026 17:00');
    expect(rows[0]).toHaveTextContent('2 puntos');
    expect(
      within(rows[0]!).getByRole('button', {
        name: 'Descargar el recorrido del 18-11-2026 17:00 en formato GPX',
      }),
    ).toBeEnabled();
    // a route without points has nothing to show or download
    expect(rows[1]).toHaveTextContent('0 puntos');
    expect(within(rows[1]!).getByRole('button', { name: t.showRoute })).toBeDisabled();
    expect(screen.getByText('1–2 de 2')).toBeInTheDocument();

    const show = within(rows[0]!).getByRole('button', { name: t.showRoute });
    await userEvent.click(show);
    expect(show).toHaveAttribute('aria-pressed', 'true');
    expect(show).toHaveTextContent(t.hideRoute);
    const shown = await map();
    expect(await within(shown).findByRole('button', { name: t.start })).toBeInTheDocument();
    expect(within(shown).getByRole('button', { name: t.end })).toBeInTheDocument();

    await userEvent.click(show);
    await waitFor(() =>
      expect(within(shown).queryByRole('button', { name: t.start })).not.toBeInTheDocument(),
    );
  });
});

describe('TrackingPage: the live route, and turning tracking on and off', () => {
  it('shows the live route, growing as the phone sends points (and catching up after the link was lost), and whether the phone is online', async () => {
    answer('getTrackings', { tracking: [liveRoute, pastRoute], active: liveRoute, total_trackings: 2 });
    openTracking();
    expect(
      await screen.findByText('Tracking activo desde el 20-11-2026 10:00 · 1 puntos'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: t.deactivate })).toBeEnabled();
    expect(within(history()).getByText(t.activeRow)).toBeInTheDocument();

    await waitFor(() => expect(isLinkOpen()).toBe(true));
    act(() => sendToPanel('presence', { device_id: device.device_id, online: true }));
    expect(screen.getByText(t.online)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: t.showActive }));
    expect(screen.getByRole('button', { name: t.hideActive })).toHaveAttribute('aria-pressed', 'true');
    const shown = await map();
    expect(await within(shown).findByRole('button', { name: t.current })).toBeInTheDocument();

    act(() =>
      sendToPanel('trackingPoints', {
        device_id: device.device_id,
        tracking_id: liveRoute.id,
        points: [{ lat: -33.47, lng: -70.68, at: '2026-11-20T13:00:40.000Z' }],
      }),
    );
    expect(
      await screen.findByText('Tracking activo desde el 20-11-2026 10:00 · 2 puntos'),
    ).toBeInTheDocument();

    // the link drops while the phone sends two more points: unheard, they come with the routes
    // asked for again once the link is back
    act(() => dropLink());
    const caughtUp = {
      ...liveRoute,
      route: [
        ...liveRoute.route,
        { lat: -33.47, lng: -70.68, at: '2026-11-20T13:00:40.000Z' },
        { lat: -33.48, lng: -70.69, at: '2026-11-20T13:01:10.000Z' },
        { lat: -33.49, lng: -70.7, at: '2026-11-20T13:01:40.000Z' },
      ],
    };
    answer('getTrackings', { tracking: [caughtUp, pastRoute], active: caughtUp, total_trackings: 2 });
    act(() => restoreLink());
    expect(
      await screen.findByText('Tracking activo desde el 20-11-2026 10:00 · 4 puntos'),
    ).toBeInTheDocument();
  });

  it('keeps the points the phone sent while the page was closed, without asking again', async () => {
    answer('getTrackings', { tracking: [liveRoute], active: liveRoute, total_trackings: 1 });
    const { unmount } = openTracking();
    await screen.findByText('Tracking activo desde el 20-11-2026 10:00 · 1 puntos');
    await waitFor(() => expect(isLinkOpen()).toBe(true));
    unmount();

    // on another page, the link still open: the route grows
    act(() =>
      sendToPanel('trackingPoints', {
        device_id: device.device_id,
        tracking_id: liveRoute.id,
        points: [{ lat: -33.47, lng: -70.68, at: '2026-11-20T13:00:40.000Z' }],
      }),
    );
    openTracking();
    expect(
      await screen.findByText('Tracking activo desde el 20-11-2026 10:00 · 2 puntos'),
    ).toBeInTheDocument();
    expect(calls.filter((call) => call.name === 'getTrackings')).toHaveLength(1);
  });

  it('turns tracking on and says so once the phone takes the order', async () => {
    let active: Tracking | null = null;
    answer('getTrackings', () => ({
      tracking: active ? [active] : [],
      active,
      total_trackings: active ? 1 : 0,
    }));
    const order = command('trackingOn');
    answer('changeTrackingStatus', () => {
      active = { ...liveRoute, route: [] };
      return { status: 1, tracking: active, command: order };
    });
    openTracking();
    await userEvent.click(await screen.findByRole('button', { name: t.activate }));
    expect(calls).toContainEqual({
      name: 'changeTrackingStatus',
      body: { device_id: device.device_id, trackingStatus: 1 },
    });
    expect(await screen.findByRole('status')).toHaveTextContent(t.activating);

    act(() => sendToPanel('commandState', { command: moved(order, 'delivered') }));
    expect(await screen.findByText(t.activated)).toBeInTheDocument();
    expect(screen.queryByText(t.activating)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: t.deactivate })).toBeInTheDocument();
  });

  it("shows the server's refusal to turn tracking on", async () => {
    answer('getTrackings', { tracking: [], active: null, total_trackings: 0 });
    answer('changeTrackingStatus', refuse(409, 'FEATURE_NOT_IN_PLAN', 'Tu plan no incluye el tracking.'));
    openTracking();
    await userEvent.click(await screen.findByRole('button', { name: t.activate }));
    expect(await screen.findByText('Tu plan no incluye el tracking.')).toBeInTheDocument();
    expect(screen.queryByText(t.activating)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: t.activate })).toBeEnabled();
  });

  it('turns tracking off, and says so after its 4 s wait', async () => {
    // the deactivation ends on a timer: the test moves the clock
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let active: Tracking | null = liveRoute;
    answer('getTrackings', () => ({ tracking: [liveRoute], active, total_trackings: 1 }));
    answer('changeTrackingStatus', () => {
      active = null;
      return { status: 2, tracking: { ...liveRoute, ended_at: '2026-11-20T13:30:00.000Z' }, command: null };
    });
    const person = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    openTracking();
    await person.click(await screen.findByRole('button', { name: t.deactivate }));
    expect(await screen.findByRole('status')).toHaveTextContent(t.deactivating);
    await act(() => vi.advanceTimersByTimeAsync(4_000));
    expect(await screen.findByText(t.deactivated)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: t.activate })).toBeInTheDocument();
  });
});
