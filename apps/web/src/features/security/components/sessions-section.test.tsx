import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AccountSession } from '@escudo/contract';
import { describe, expect, it } from 'vitest';
import { answer, calls, refuse } from '../../../testing/fake-network.ts';
import { renderScreen } from '../../../testing/render.tsx';
import { securityTexts as t } from '../texts.ts';
import { ChangePasswordSection } from './change-password-section.tsx';
import { SessionsSection } from './sessions-section.tsx';

// 'Seguridad y privacidad': the sessions list and the password change (decision 036).

const thisBrowser: AccountSession = {
  id: 7,
  current: true,
  created_at: '2026-11-20T13:05:00.000Z',
  last_used_at: '2026-11-25T18:40:00.000Z',
  address: '190.45.10.2',
  browser: 'Chrome en Windows',
};
const phone: AccountSession = {
  id: 9,
  current: false,
  created_at: '2026-11-22T09:00:00.000Z',
  last_used_at: '2026-11-24T21:15:00.000Z',
  address: '181.43.7.9',
  browser: 'Chrome en Android',
};

describe('SessionsSection', () => {
  it('lists the sessions, this one first with its chip, dates in Chile time', async () => {
    answer('accountSessions', { sessions: [phone, thisBrowser] });
    renderScreen(<SessionsSection />);
    const list = await screen.findByRole('list', { name: t.sessionsTitle });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveAccessibleName('Chrome en Windows');
    expect(within(first!).getByText(t.sessionCurrent)).toBeInTheDocument();
    expect(within(first!).queryByRole('button')).toBeNull();
    // 18:40 UTC is 15:40 in Chile (summer time, UTC-3)
    expect(second).toHaveTextContent('Iniciada el 22-11-2026 06:00');
    expect(first).toHaveTextContent('Último uso 25-11-2026 15:40');
  });

  it("ends another session after a confirmation, and says so; a pending end can't be pressed twice", async () => {
    answer('accountSessions', { sessions: [thisBrowser, phone] });
    let release: () => void = () => undefined;
    answer(
      'revokeSession',
      () =>
        new Promise((resolve) => {
          release = () => resolve({ status: 'ok' });
        }),
    );
    renderScreen(<SessionsSection />);
    await userEvent.click(await screen.findByRole('button', { name: 'Cerrar sesión en Chrome en Android' }));
    const dialog = screen.getByRole('dialog', { name: t.endSessionTitle });
    expect(dialog).toHaveTextContent('Chrome en Android (181.43.7.9)');
    answer('accountSessions', { sessions: [thisBrowser] });
    await userEvent.click(within(dialog).getByRole('button', { name: t.endSession }));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: t.cancel })).toBeDisabled());
    release();
    expect(await screen.findByText(t.endSessionDone)).toBeInTheDocument();
    expect(calls.filter((call) => call.name === 'revokeSession')).toEqual([
      { name: 'revokeSession', body: { session_id: 9 } },
    ]);
    expect(await screen.findByText(t.sessionsOnlyThis)).toBeInTheDocument();
  });

  it('ends all the others', async () => {
    answer('accountSessions', { sessions: [thisBrowser, phone] });
    answer('revokeOtherSessions', { ended: 1 });
    renderScreen(<SessionsSection />);
    await userEvent.click(await screen.findByRole('button', { name: t.endOtherSessions }));
    const dialog = screen.getByRole('dialog', { name: t.endOtherSessionsTitle });
    await userEvent.click(within(dialog).getByRole('button', { name: t.endOtherSessions }));
    expect(await screen.findByText(t.endOtherSessionsDone)).toBeInTheDocument();
  });

  it('offers a retry when the list cannot be loaded', async () => {
    answer('accountSessions', refuse(500, 'INTERNAL', 'Ocurrió un error inesperado.'));
    renderScreen(<SessionsSection />);
    expect(await screen.findByText(t.sessionsLoadFailed)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
  });
});

describe('ChangePasswordSection', () => {
  const fill = async (current: string, next: string, repeat: string) => {
    await userEvent.type(screen.getByLabelText(t.currentPasswordLabel), current);
    await userEvent.type(screen.getByLabelText(t.newPasswordLabel), next);
    await userEvent.type(screen.getByLabelText(t.repeatPasswordLabel), repeat);
    await userEvent.click(screen.getByRole('button', { name: t.changePassword }));
  };

  it('checks the new password before asking the server', async () => {
    renderScreen(<ChangePasswordSection />);
    await fill('clave-actual', 'corta', 'otra');
    expect(await screen.findByText('La contraseña debe tener al menos 8 caracteres.')).toBeInTheDocument();
    expect(screen.getByText(t.passwordsDiffer)).toBeInTheDocument();
    expect(calls.filter((call) => call.name === 'changePassword')).toEqual([]);
  });

  it("shows the server's word on a wrong current password under its field", async () => {
    answer(
      'changePassword',
      refuse(400, 'CURRENT_PASSWORD_WRONG', 'Tu contraseña actual no es correcta.', {
        current_password: 'Tu contraseña actual no es correcta.',
      }),
    );
    renderScreen(<ChangePasswordSection />);
    await fill('no-es-esta', 'una-clave-nueva', 'una-clave-nueva');
    expect(await screen.findByText('Tu contraseña actual no es correcta.')).toBeInTheDocument();
    expect(screen.getByLabelText(t.currentPasswordLabel)).toHaveAttribute('aria-invalid', 'true');
  });

  it('says the other sessions were closed once it is changed', async () => {
    answer('changePassword', { status: 'ok', ended: 2 });
    renderScreen(<ChangePasswordSection />);
    await fill('clave-actual', 'una-clave-nueva', 'una-clave-nueva');
    expect(await screen.findByText(t.passwordChanged)).toBeInTheDocument();
    expect(calls.filter((call) => call.name === 'changePassword')).toEqual([
      { name: 'changePassword', body: { current_password: 'clave-actual', password: 'una-clave-nueva' } },
    ]);
  });
});
