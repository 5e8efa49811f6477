import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Device, LostPhoneInfoItem, UserDevice } from '@escudo/contract';
import { beforeEach, describe, expect, it } from 'vitest';
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
import { device, user } from '../../../testing/fixtures.ts';
import { renderScreen } from '../../../testing/render.tsx';
import { informationTexts as t } from '../texts.ts';
import { InformationPage } from './information-page.tsx';

// 'Información Recopilada': what a lost Android phone reported, on a map (Leaflet runs in happy-dom)
// and as photo cards, newest first; new reports arrive live.

const report = (id: number, createdAt: string, lat = -33.45): LostPhoneInfoItem => ({
  id,
  position: { lat, lng: -70.66 },
  image: `foto-${id}.jpg`,
  image_url: `/api/files/lost/${id}.jpg?expires=1&signature=0`,
  created_at: createdAt,
});
const older = report(1, '2026-11-20T13:00:00.000Z');
const newer = report(2, '2026-11-20T14:00:00.000Z', -33.46);

const iphone: UserDevice = {
  ...device,
  id: 13,
  device_id: 'sim-ios-77',
  device_so: 'ios',
  device_soversion: 17,
};

function openInformation(selected: Device | null = device) {
  queryClient.setQueryData(userQueryOptions.queryKey, { ...user, dispositivos: [device, iphone] });
  if (selected) selectDevice(selected);
  return renderScreen(<InformationPage />, '/device-info');
}

const reload = () => screen.getByRole('button', { name: t.reload });

beforeEach(() => clearSelectedDevice());

describe('InformationPage', () => {
  it('asks for an Android phone when none, or an iPhone, is selected', () => {
    openInformation(null);
    expect(screen.getByRole('heading', { level: 1, name: t.title })).toBeInTheDocument();
    expect(screen.getByText(t.noDevice)).toBeInTheDocument();
    act(() => selectDevice(iphone));
    expect(screen.getByText(t.iosDevice)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: t.reload })).not.toBeInTheDocument();
  });

  it('shows placeholders while the reports load', async () => {
    answer('getLostMyPhoneInfo', () => new Promise(() => undefined));
    openInformation();
    expect(screen.getByText('Teléfono: Samsung Teléfono de Ana (Galaxy A54)')).toBeInTheDocument();
    expect(screen.getByLabelText(t.mapLoading)).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    await waitFor(() => expect(reload()).toBeDisabled());
    // Android 14: the incognito photos may not work
    expect(screen.getByText(/Este teléfono tiene Android 14/)).toBeInTheDocument();
  });

  it('says nothing was reported yet, and how to turn lost mode on', async () => {
    answer('getLostMyPhoneInfo', { status: 200, info: [] });
    openInformation();
    expect(await screen.findByText(t.empty)).toBeInTheDocument();
    expect(screen.getByText(t.emptyDetail)).toBeInTheDocument();
    expect(
      screen.getByText('Teléfono: Samsung Teléfono de Ana (Galaxy A54) · 0 reportes'),
    ).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: t.mapLabel })).toBeInTheDocument();
  });

  it('offers to try again when the reports cannot be loaded', async () => {
    answer('getLostMyPhoneInfo', refuse(404, 'NOT_FOUND', 'No encontramos ese dispositivo.'));
    openInformation();
    const heading = await screen.findByRole('heading', { name: t.loadFailed });
    const failure = heading.closest<HTMLElement>('[role="alert"]')!;
    expect(within(failure).getByText('No encontramos ese dispositivo.')).toBeInTheDocument();
    answer('getLostMyPhoneInfo', { status: 200, info: [older] });
    await userEvent.click(within(failure).getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('article', { name: 'Reporte del 20-11-2026 10:00' })).toBeInTheDocument();
  });

  it('shows the reports newest first, marks one on the map and opens its photo', async () => {
    answer('getLostMyPhoneInfo', { status: 200, info: [older, newer] });
    openInformation();
    expect(
      await screen.findByText('Teléfono: Samsung Teléfono de Ana (Galaxy A54) · 2 reportes'),
    ).toBeInTheDocument();
    const cards = screen.getAllByRole('article');
    expect(cards.map((card) => card.getAttribute('aria-label'))).toEqual([
      'Reporte del 20-11-2026 11:00',
      'Reporte del 20-11-2026 10:00',
    ]);
    const map = await screen.findByRole('region', { name: t.mapLabel });
    expect(await within(map).findAllByRole('button', { name: /^Reporte del/ })).toHaveLength(2);

    const mark = within(cards[1]!).getByRole('button', { name: t.markOnMap });
    await userEvent.click(mark);
    expect(mark).toHaveAttribute('aria-pressed', 'true');
    expect(await within(map).findByText('Ubicación: -33.45000, -70.66000')).toBeInTheDocument();

    await userEvent.click(
      within(cards[0]!).getByRole('button', {
        name: 'Ver en pantalla completa la foto del 20-11-2026 11:00',
      }),
    );
    // MUI's Dialog comes in a chunk of its own: the viewer shows once it has loaded
    const viewer = await screen.findByRole('dialog', { name: 'Reporte del 20-11-2026 11:00' });
    expect(
      within(viewer).getByRole('img', { name: 'Foto enviada por el teléfono el 20-11-2026 11:00' }),
    ).toHaveAttribute('src', newer.image_url);
    await userEvent.click(within(viewer).getByRole('button', { name: t.close }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('adds a report that arrives live, asks again after the link was lost, and keeps the reports when a reload fails', async () => {
    answer('getLostMyPhoneInfo', { status: 200, info: [older] });
    openInformation();
    await screen.findByText('Teléfono: Samsung Teléfono de Ana (Galaxy A54) · 1 reporte');
    await waitFor(() => expect(isLinkOpen()).toBe(true));
    act(() => sendToPanel('lostReport', { device_id: device.device_id, info: newer }));
    expect(await screen.findByRole('article', { name: 'Reporte del 20-11-2026 11:00' })).toBeInTheDocument();
    expect(
      screen.getByText('Teléfono: Samsung Teléfono de Ana (Galaxy A54) · 2 reportes'),
    ).toBeInTheDocument();

    // the link drops and a report is sent meanwhile: unheard, it is asked for once the link is back
    act(() => dropLink());
    const whileDown = report(3, '2026-11-20T15:00:00.000Z');
    answer('getLostMyPhoneInfo', { status: 200, info: [older, newer, whileDown] });
    const asked = calls.filter((call) => call.name === 'getLostMyPhoneInfo').length;
    act(() => restoreLink());
    expect(await screen.findByRole('article', { name: 'Reporte del 20-11-2026 12:00' })).toBeInTheDocument();
    expect(calls.filter((call) => call.name === 'getLostMyPhoneInfo')).toHaveLength(asked + 1);

    answer('getLostMyPhoneInfo', refuse(403, 'FORBIDDEN', 'No puedes ver este dispositivo.'));
    await userEvent.click(reload());
    expect(await screen.findByText('No puedes ver este dispositivo.')).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(3);
  });

  it('keeps the reports that arrived while the page was closed, without asking again', async () => {
    answer('getLostMyPhoneInfo', { status: 200, info: [older] });
    const { unmount } = openInformation();
    await screen.findByText('Teléfono: Samsung Teléfono de Ana (Galaxy A54) · 1 reporte');
    await waitFor(() => expect(isLinkOpen()).toBe(true));
    unmount();

    // on another page, the link still open: a report arrives
    act(() => sendToPanel('lostReport', { device_id: device.device_id, info: newer }));
    openInformation();
    expect(
      await screen.findByText('Teléfono: Samsung Teléfono de Ana (Galaxy A54) · 2 reportes'),
    ).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Reporte del 20-11-2026 11:00' })).toBeInTheDocument();
    expect(calls.filter((call) => call.name === 'getLostMyPhoneInfo')).toHaveLength(1);
  });
});
