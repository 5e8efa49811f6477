import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { answer } from '../../testing/fake-network.ts';
import { user } from '../../testing/fixtures.ts';
import { renderScreen } from '../../testing/render.tsx';
import { appTexts } from '../texts.ts';
import { AppSidebar } from './app-sidebar.tsx';

/** the header's menu button and the drawer, as the signed-in layout wires them */
function PhoneShell({ onClose }: { onClose: () => void }) {
  const [isOpen, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        {appTexts.openMenu}
      </button>
      <AppSidebar
        user={{ ...user, plan: { plan: { name: 'Esencial' }, expires_at: null, expires_on: null } as never }}
        isMobileOpen={isOpen}
        onMobileClose={() => {
          onClose();
          setOpen(false);
        }}
      />
    </>
  );
}

beforeEach(() => {
  // a phone: below the 900 px where the sidebar stops being a drawer
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: false,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
  answer('getPaisesActivos', { paises: [{ id: 1, name: 'Chile' }] });
  answer('getRegionesActivas', { regiones: [] } as never);
  answer('getComunasActivas', { comunas: [] } as never);
});

/**
 * The drawer's content: on a phone the sidebar is nowhere else. Found with `hidden`, as the DOM
 * emulation never ends MUI's transitions: a modal opened or closed leaves its page aria-hidden.
 */
const inDrawer = (role: 'link' | 'button', name: string | RegExp) =>
  screen.findByRole(role, { name, hidden: true });
const isDrawerGone = () =>
  waitFor(() =>
    expect(screen.queryByRole('link', { name: appTexts.securityAndPrivacy })).not.toBeInTheDocument(),
  );

describe('the sidebar on a phone', () => {
  it("closes the drawer once 'Editar Perfil' has opened the profile, which stays open", async () => {
    const onClose = vi.fn();
    renderScreen(<PhoneShell onClose={onClose} />);
    await userEvent.click(await inDrawer('button', appTexts.editProfile));
    expect(await screen.findByRole('dialog', { name: appTexts.editProfile })).toBeVisible();
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    await isDrawerGone();
    // once loaded, a second time closes the drawer at once. Each step waits for the last one's
    // modal to be gone, as a person's pace does: MUI's modals overlapping in their transitions once
    // left the profile aria-hidden on a loaded machine.
    await userEvent.click(screen.getByRole('button', { name: /Cerrar/ }));
    await waitFor(() => expect(screen.queryByRole('dialog', { hidden: true })).not.toBeInTheDocument());
    await userEvent.click(await inDrawer('button', appTexts.openMenu));
    await userEvent.click(await inDrawer('button', appTexts.editProfile));
    expect(onClose).toHaveBeenCalledTimes(2);
    expect(await screen.findByRole('dialog', { name: appTexts.editProfile })).toBeVisible();
  });

  it('closes the drawer on every link in it: the plan, security and privacy, a phone', async () => {
    const onClose = vi.fn();
    // on every path, as the signed-in layout is
    const { router } = renderScreen(<PhoneShell onClose={onClose} />, '/', '*');
    const links: [string | RegExp, 'link' | 'button', string][] = [
      ['Plan Esencial', 'link', '/planes'],
      [appTexts.securityAndPrivacy, 'link', '/seguridad'],
      // the phone's own button, not its 'Opciones de …' menu
      [new RegExp(`^Android .*${user.dispositivos[0]!.device_name}`), 'button', '/seguridad'],
    ];
    for (const [index, [name, role, path]] of links.entries()) {
      await userEvent.click(await inDrawer(role, name));
      expect(onClose).toHaveBeenCalledTimes(index + 1);
      expect(router.state.location.pathname).toBe(path);
      await isDrawerGone();
      await userEvent.click(await inDrawer('button', appTexts.openMenu));
    }
  });
});
