import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer, calls, refuse } from '../../../testing/fake-network.ts';
import { renderScreen } from '../../../testing/render.tsx';
import { authToken } from '../../../lib/auth-token.ts';
import { takeDeletionRequested } from '../../../lib/session/deletion-requested.ts';
import { securityTexts as t } from '../texts.ts';
import { DeleteAccountSection } from './delete-account-section.tsx';

function openDialog() {
  const user = userEvent.setup();
  const rendered = renderScreen(<DeleteAccountSection />, '/seguridad');
  return { user, ...rendered };
}

describe('DeleteAccountSection', () => {
  it('explains what goes and what stays, and refuses an empty password without calling the server', async () => {
    const { user } = openDialog();
    await user.click(screen.getByRole('button', { name: t.deleteOpen }));
    const dialog = screen.getByRole('dialog', { name: t.deleteDialogTitle });
    expect(dialog).toHaveTextContent(t.deleteWhatStays);
    expect(dialog).toHaveTextContent(t.deleteWhen);
    expect(dialog).toHaveTextContent('la central conservará tu atención abierta hasta cerrarla');
    await user.click(screen.getByRole('button', { name: t.deleteConfirm }));
    expect(screen.getByText(t.deletePasswordRequired)).toBeInTheDocument();
    expect(calls.filter((call) => call.name === 'deleteAccount')).toEqual([]);
  });

  it("shows the server's message on the field for a wrong password, and stays", async () => {
    const { user, router } = openDialog();
    await user.click(screen.getByRole('button', { name: t.deleteOpen }));
    const message = 'La contraseña no es correcta. Revísala e inténtalo nuevamente.';
    answer('deleteAccount', refuse(400, 'WRONG_PASSWORD', message, { password: message }));
    await user.type(screen.getByLabelText(t.deletePasswordLabel, { selector: 'input' }), 'equivocada');
    await user.click(screen.getByRole('button', { name: t.deleteConfirm }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/seguridad');
  });

  it('signs out and goes to Login with the date once the deletion is scheduled', async () => {
    authToken.set('una-sesion');
    const { user, router } = openDialog();
    await user.click(screen.getByRole('button', { name: t.deleteOpen }));
    answer('deleteAccount', { deletion_scheduled_at: '2026-12-01T15:00:00.000Z', open_atencion: false });
    await user.type(screen.getByLabelText(t.deletePasswordLabel, { selector: 'input' }), 'la-clave');
    await user.click(screen.getByRole('button', { name: t.deleteConfirm }));
    await expect.poll(() => router.state.location.pathname).toBe('/login');
    expect(takeDeletionRequested()).toEqual({
      deletionScheduledAt: '2026-12-01T15:00:00.000Z',
      hasOpenAtencion: false,
    });
    expect(calls).toContainEqual({ name: 'deleteAccount', body: { password: 'la-clave' } });
    expect(authToken.get()).toBeNull();
  });
});
