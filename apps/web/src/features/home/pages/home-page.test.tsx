import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User, UserDevice } from '@escudo/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { configQueryOptions } from '../../../lib/config/get-config.ts';
import type { ProtectionDialogsProps } from '../../../lib/protection-dialogs.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { clearSelectedDevice, selectDevice } from '../../../lib/session/selected-device.ts';
import { userQueryOptions } from '../../../lib/session/user-details.ts';
import { answer, refuse } from '../../../testing/fake-network.ts';
import { config, device, iphone, user } from '../../../testing/fixtures.ts';
import { renderScreen } from '../../../testing/render.tsx';
import { homeTexts as t } from '../texts.ts';
import { HomePage } from './home-page.tsx';

// The app shell hands Home the other features' dialogs and banner; a feature's test may not import
// another feature (docs/style.md #1), so these stand-ins only show which one Home opened, and for what.
function ProtectionDialogs({ action, open, device: target }: ProtectionDialogsProps) {
  return open ? <div role="dialog" aria-label={`${action} en ${target?.device_name}`} /> : null;
}
function SecurityNetworkDialog({ open }: { open: boolean; onClose: () => void }) {
  return open ? <div role="dialog" aria-label="Red de seguridad" /> : null;
}

const links = {
  ...config,
  privacy_url: 'https://escudo.test/privacidad',
  terms_url: 'https://escudo.test/terminos',
};
const copyright = `© ${new Date().getFullYear()} Escudo. Todos los derechos reservados.`;

/** Home as the signed-in layout shows it: once the user is loaded, with `selected` chosen. */
function openHome({ devices = [device], selected = null as UserDevice | null } = {}) {
  const account: User = { ...user, dispositivos: devices };
  answer('userDetails', { user: account });
  queryClient.setQueryData(userQueryOptions.queryKey, account);
  if (selected) selectDevice(selected);
  return renderScreen(
    <HomePage ProtectionDialogs={ProtectionDialogs} SecurityNetworkDialog={SecurityNetworkDialog} />,
  );
}

const tile = (name: string) => screen.findByRole('button', { name });

beforeEach(() => {
  clearSelectedDevice();
  answer('getConfig', links);
});

describe('HomePage', () => {
  it('greets the owner, shows the eight tiles in the spec’s order and, while the config loads, no footer links', async () => {
    answer('getConfig', () => new Promise(() => undefined));
    openHome({ selected: device });
    expect(screen.getByRole('heading', { level: 1, name: 'Hola, Ana Pérez' })).toBeInTheDocument();
    await tile(t.tiles.information.title);
    const tiles = screen.getAllByRole('button');
    expect(tiles).toHaveLength(8);
    Object.values(t.tiles).forEach((entry, i) => expect(tiles[i]).toHaveAccessibleName(entry.title));
    expect(screen.getByRole('button', { name: t.tiles.lock.title })).toHaveAccessibleDescription(
      t.tiles.lock.description,
    );
    expect(await screen.findByText(copyright)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: t.privacy })).not.toBeInTheDocument();
  });

  it('with an Android phone selected, names it, opens its functions and links the legal pages', async () => {
    const { router } = openHome({ selected: device });
    expect(
      screen.getByText('Dispositivo seleccionado: Samsung Teléfono de Ana (Galaxy A54)'),
    ).toBeInTheDocument();
    expect(screen.queryByText(t.iosNote)).not.toBeInTheDocument();
    expect(await screen.findByRole('link', { name: t.privacy })).toHaveAttribute('href', links.privacy_url);
    expect(screen.getByRole('link', { name: t.terms })).toHaveAttribute('href', links.terms_url);

    await userEvent.click(await tile(t.tiles.lock.title));
    expect(screen.getByRole('dialog', { name: 'lock en Teléfono de Ana' })).toBeInTheDocument();
    await userEvent.click(await tile(t.tiles.securityNetwork.title));
    expect(screen.getByRole('dialog', { name: 'Red de seguridad' })).toBeInTheDocument();

    await userEvent.click(await tile(t.tiles.information.title));
    expect(router.state.location.pathname).toBe('/device-info');
  });

  it('takes each page tile to its page', async () => {
    const { router } = openHome({ selected: device });
    for (const [name, path] of [
      [t.tiles.plans.title, '/planes'],
      [t.tiles.atenciones.title, '/atenciones'],
      [t.tiles.tracking.title, '/tracking'],
    ]) {
      await router.navigate('/');
      await userEvent.click(await tile(name!));
      expect(router.state.location.pathname).toBe(path);
    }
  });

  it('without phones, asks to select one and says why the protection tiles do not work', async () => {
    openHome({ devices: [] });
    expect(screen.getByText(t.noSelectedDevice)).toBeInTheDocument();

    await userEvent.click(await tile(t.tiles.tracking.title));
    const selectOne = await screen.findByRole('dialog', { name: t.selectDeviceTitle });
    expect(within(selectOne).getByText(t.selectDeviceText)).toBeInTheDocument();
    await userEvent.click(within(selectOne).getByRole('button', { name: t.understood }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await userEvent.click(await tile(t.tiles.wipe.title));
    const notAllowed = await screen.findByRole('dialog', { name: t.notAllowedTitle });
    expect(within(notAllowed).getByText(t.notAllowedText)).toBeInTheDocument();
    expect(within(notAllowed).getByText(t.notAllowedNoDevice)).toBeInTheDocument();
  });

  it('with an iPhone selected, says the protection functions are Android only', async () => {
    const { router } = openHome({ devices: [device, iphone], selected: iphone });
    expect(screen.getByText(/Dispositivo seleccionado: Apple iPhone de Ana \(iPhone 15\)/)).toHaveTextContent(
      t.iosNote,
    );
    await userEvent.click(await tile(t.tiles.lost.title));
    const notAllowed = await screen.findByRole('dialog', { name: t.notAllowedTitle });
    expect(within(notAllowed).getByText(t.notAllowedText)).toBeInTheDocument();
    expect(within(notAllowed).queryByText(t.notAllowedNoDevice)).not.toBeInTheDocument();
    await userEvent.click(within(notAllowed).getByRole('button', { name: t.understood }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // tracking works on any phone
    await userEvent.click(await tile(t.tiles.tracking.title));
    expect(router.state.location.pathname).toBe('/tracking');
  });

  it("links the selected phone's last known position to the page whose map shows it", async () => {
    const lost = {
      ...device,
      last_position: { lat: -33.44, lng: -70.65, at: '2026-11-20T17:05:00.000Z', source: 'lost_report' },
    } as const;
    const { router } = openHome({ devices: [lost], selected: lost });
    expect(
      screen.getByText(/Última ubicación conocida: 20-11-2026 14:05, reporte de modo perdido\./),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: t.lastPositionLink }));
    expect(router.state.location.pathname).toBe('/device-info');
  });

  it("sends a route's last point to Tracking, and says nothing of a position when none is known", async () => {
    const tracked = {
      ...iphone,
      last_position: { lat: -33.44, lng: -70.65, at: '2026-11-21T12:00:00.000Z', source: 'route_point' },
    } as const;
    const { router, unmount } = openHome({ devices: [tracked], selected: tracked });
    expect(
      screen.getByText(/Última ubicación conocida: 21-11-2026 09:00, recorrido de tracking\./),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: t.lastPositionLink }));
    expect(router.state.location.pathname).toBe('/tracking');
    unmount();

    openHome({ devices: [device], selected: device });
    expect(screen.getByText(/Dispositivo seleccionado: Samsung/)).toBeInTheDocument();
    expect(screen.queryByText(/Última ubicación conocida/)).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: t.lastPositionLink })).not.toBeInTheDocument();
  });

  it('still works when the config cannot be loaded, without the footer links', async () => {
    answer('getConfig', refuse(500, 'INTERNAL', 'Ha ocurrido un error inesperado.'));
    const { router } = openHome({ selected: device });
    await waitFor(() => expect(queryClient.getQueryState(configQueryOptions.queryKey)?.status).toBe('error'));
    expect(screen.getByText(copyright)).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    await userEvent.click(await tile(t.tiles.plans.title));
    expect(router.state.location.pathname).toBe('/planes');
  });
});
