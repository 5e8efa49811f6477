import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PublicAlert } from '@escudo/contract';
import { describe, expect, it, vi } from 'vitest';
import { answer, calls, refuse } from '../../../testing/fake-network.ts';
import { renderScreen } from '../../../testing/render.tsx';
import { alertsTexts as t } from '../texts.ts';
import { OpenAlertPage } from './open-alert-page.tsx';

// The security network's link, no sign-in: who, since when, where (Leaflet runs in happy-dom), a call.

const openAlert: PublicAlert = {
  who: { name: 'Ana Pérez', telefono: '56912345678' },
  device_name: 'Galaxy A54',
  started_at: '2026-11-20T13:00:00.000Z',
  ended_at: null,
  open: true,
  expires_at: null,
  central: { status: 'waiting' },
  positions: [
    { lat: -33.45, lng: -70.66, at: '2026-11-20T13:00:00.000Z' },
    { lat: -33.46, lng: -70.67, at: '2026-11-20T13:04:00.000Z' },
  ],
};

function openPage() {
  return renderScreen(<OpenAlertPage />, '/alerta/tok-123', '/alerta/:token');
}

describe('OpenAlertPage', () => {
  it('shows a spinner while the alert loads', async () => {
    answer('getPublicAlert', () => new Promise(() => undefined));
    openPage();
    expect(await screen.findByRole('progressbar', { name: 'Cargando' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
  });

  it('shows who, since when, a call button and the last position on the map of an open alert', async () => {
    answer('getPublicAlert', openAlert);
    openPage();
    expect(await screen.findByRole('heading', { name: 'Ana Pérez activó una alerta' })).toBeInTheDocument();
    expect(screen.getByText(t.openChip)).toBeInTheDocument();
    expect(screen.getByText('Desde el 20-11-2026 10:00')).toBeInTheDocument();
    expect(screen.getByText('Desde su dispositivo: Galaxy A54')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Llamar a Ana Pérez' })).toHaveAttribute(
      'href',
      'tel:+56912345678',
    );
    expect(screen.getByText('+56912345678')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: t.emergencyCall })).toHaveAttribute('href', 'tel:133');
    expect(screen.getByText('Última ubicación: 20-11-2026 10:04')).toBeInTheDocument();
    expect(screen.getByText(t.liveNote)).toBeInTheDocument();
    expect(screen.getByText(t.pageCentralWaiting)).toBeInTheDocument();
    const map = await screen.findByRole('region', { name: t.mapLabel });
    expect(await within(map).findByRole('button', { name: t.lastPositionPin })).toBeInTheDocument();
  });

  it('says who at the central attends it', async () => {
    answer('getPublicAlert', { ...openAlert, central: { status: 'attending', operator_name: 'Diego' } });
    openPage();
    expect(
      await screen.findByText('La central de Escudo está atendiendo esta alerta: la atiende Diego.'),
    ).toBeInTheDocument();
  });

  it('says an ended alert ended, until when the link works, and that there is no phone or position', async () => {
    answer('getPublicAlert', {
      ...openAlert,
      who: { name: 'Ana Pérez', telefono: null },
      open: false,
      ended_at: '2026-11-20T14:00:00.000Z',
      expires_at: '2026-11-21T14:00:00.000Z',
      positions: [],
    });
    openPage();
    expect(
      await screen.findByRole('heading', { name: 'La alerta de Ana Pérez terminó' }),
    ).toBeInTheDocument();
    expect(screen.getByText(t.endedChip)).toBeInTheDocument();
    expect(screen.getByText('Terminó el 20-11-2026 11:00')).toBeInTheDocument();
    expect(screen.getByText('Ana Pérez no registró un teléfono de contacto.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Llamar a Ana Pérez' })).not.toBeInTheDocument();
    expect(screen.getByText(t.noPosition)).toBeInTheDocument();
    expect(screen.getByText('Este enlace funcionará hasta el 21-11-2026 11:00.')).toBeInTheDocument();
    const map = await screen.findByRole('region', { name: t.mapLabel });
    expect(within(map).queryByRole('button', { name: t.lastPositionPin })).not.toBeInTheDocument();
  });

  it('says an unknown link was not found, and does not ask again', async () => {
    answer('getPublicAlert', refuse(404, 'NOT_FOUND', 'No encontramos esa alerta.'));
    openPage();
    expect(await screen.findByRole('heading', { name: t.notFoundTitle })).toBeInTheDocument();
    expect(screen.getByText(t.notFoundText)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: t.retry })).not.toBeInTheDocument();
    expect(calls.filter((call) => call.name === 'getPublicAlert')).toHaveLength(1);
  });

  it('says a link an hour after the end has expired', async () => {
    answer('getPublicAlert', refuse(410, 'ALERT_EXPIRED', 'La alerta expiró.'));
    openPage();
    expect(await screen.findByRole('heading', { name: t.expiredTitle })).toBeInTheDocument();
    expect(screen.getByText(t.expiredText)).toBeInTheDocument();
  });

  it('stops showing the alert, and asking, once the link of someone removed from the network ends', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    answer('getPublicAlert', openAlert);
    openPage();
    await screen.findByRole('heading', { name: 'Ana Pérez activó una alerta' });
    answer(
      'getPublicAlert',
      refuse(410, 'ALERT_LINK_REVOKED', 'Este enlace ya no funciona: ya no formas parte de la red.'),
    );
    await act(() => vi.advanceTimersByTimeAsync(4_000));
    expect(await screen.findByRole('heading', { name: t.revokedTitle })).toBeInTheDocument();
    expect(screen.getByText(t.revokedText)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Ana Pérez activó una alerta' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: t.mapLabel })).not.toBeInTheDocument();
    const asked = calls.filter((call) => call.name === 'getPublicAlert').length;
    await act(() => vi.advanceTimersByTimeAsync(12_000));
    expect(calls.filter((call) => call.name === 'getPublicAlert')).toHaveLength(asked);
  });

  it('offers to try again when the server fails, and shows the alert once it answers', async () => {
    // the page asks twice more, 1 s and 2 s apart, before it gives up: the test moves the clock
    vi.useFakeTimers({ shouldAdvanceTime: true });
    answer('getPublicAlert', refuse(500, 'INTERNAL', 'Ha ocurrido un error inesperado.'));
    openPage();
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    const failure = await screen.findByRole('alert');
    expect(within(failure).getByRole('heading', { name: t.loadFailed })).toBeInTheDocument();
    expect(within(failure).getByText('Ha ocurrido un error inesperado.')).toBeInTheDocument();

    answer('getPublicAlert', openAlert);
    await userEvent.click(within(failure).getByRole('button', { name: t.retry }));
    expect(await screen.findByRole('heading', { name: 'Ana Pérez activó una alerta' })).toBeInTheDocument();
  });

  it('keeps the last data and says so when an update fails', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    answer('getPublicAlert', openAlert);
    openPage();
    await screen.findByRole('heading', { name: 'Ana Pérez activó una alerta' });
    answer('getPublicAlert', refuse(500, 'INTERNAL', 'Ha ocurrido un error inesperado.'));
    // the next update comes 4 s later, then its two retries
    await act(() => vi.advanceTimersByTimeAsync(4_000 + 3_000));
    expect(await screen.findByText(t.updateFailed)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Ana Pérez activó una alerta' })).toBeInTheDocument();
  });
});
