import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { authToken } from '../../../lib/auth-token.ts';
import { answer, calls, refuse } from '../../../testing/fake-network.ts';
import { renderScreen } from '../../../testing/render.tsx';
import { authTexts as t } from '../texts.ts';
import { ConfirmEmailPage } from './confirm-email-page.tsx';
import { EmailChangePage } from './email-change-page.tsx';

// The two links of a change of e-mail (decision 050): the new address's, opened signed in, and the
// current address's, which confirms or cancels it.

describe('ConfirmEmailPage (the new address’s link)', () => {
  const open = () =>
    renderScreen(<ConfirmEmailPage />, '/confirmar-email/nuevo-tok', '/confirmar-email/:token');

  it('signed out: asks to sign in and comes back, without spending the link', async () => {
    authToken.remove();
    open();
    expect(await screen.findByText(t.confirmEmailSignIn)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: t.confirmEmailSignInButton })).toHaveAttribute(
      'href',
      '/login?confirmar_email=nuevo-tok',
    );
    expect(calls.some((call) => call.name === 'confirmEmailChange')).toBe(false);
  });

  it('signed in: opens it once and says the change waits, with its date in Chile’s time', async () => {
    answer('confirmEmailChange', {
      status: 'waiting',
      email: 'ana.nueva@example.cl',
      applies_at: '2026-12-08T15:30:00.000Z',
    });
    open();
    expect(await screen.findByText(t.waitingTitle)).toBeInTheDocument();
    expect(
      screen.getByText(
        /Confirmaste ana.nueva@example.cl\. Por seguridad, el cambio se aplicará el 08-12-2026 12:30/,
      ),
    ).toBeInTheDocument();
    expect(calls.filter((call) => call.name === 'confirmEmailChange').map((call) => call.body)).toEqual([
      { token: 'nuevo-tok' },
    ]);
  });

  it('a link of another account: the server’s reason', async () => {
    answer(
      'confirmEmailChange',
      refuse(
        400,
        'EMAIL_LINK_INVALID',
        'Este enlace es de otra cuenta. Ingresa con la cuenta en la que pediste el cambio y ábrelo de nuevo.',
      ),
    );
    open();
    expect(await screen.findByText(t.confirmEmailFailedTitle)).toBeInTheDocument();
    expect(screen.getByText(/Este enlace es de otra cuenta/)).toBeInTheDocument();
  });
});

describe('EmailChangePage (the current address’s link)', () => {
  const change = {
    old_email: 'ana@example.cl',
    new_email: 'otro@example.cl',
    requested_at: '2026-12-01T21:00:00.000Z',
    address: '203.0.113.66',
    browser: 'Chrome en Android',
    applies_at: '2026-12-08T21:00:00.000Z',
    new_address_confirmed: false,
    confirmed: false,
  };
  const open = () =>
    renderScreen(<EmailChangePage />, '/cambio-de-email/viejo-tok', '/cambio-de-email/:token');

  it('says what was asked, from where and when it would apply; "No fui yo" cancels it and sends to the password', async () => {
    authToken.remove();
    answer('findEmailChange', { change });
    answer('answerEmailChange', { status: 'cancelled', email: change.new_email });
    open();
    expect(
      await screen.findByText('Se pidió cambiar el email de la cuenta ana@example.cl a otro@example.cl.'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Pedido el 01-12-2026 18:00 (hora de Chile), desde 203.0.113.66, Chrome en Android.'),
    ).toBeInTheDocument();
    expect(screen.getByText(/se aplicará el 08-12-2026 18:00/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: t.emailChangeCancel }));
    expect(await screen.findByText(t.emailChangeCancelledTitle)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: t.emailChangeResetPassword })).toHaveAttribute(
      'href',
      '/login?recuperar=1',
    );
    expect(calls.find((call) => call.name === 'answerEmailChange')?.body).toEqual({
      token: 'viejo-tok',
      answer: 'cancel',
    });
  });

  it('"Sí, fui yo" confirms it', async () => {
    answer('findEmailChange', { change });
    answer('answerEmailChange', { status: 'confirmed', email: change.new_email });
    open();
    await userEvent.click(await screen.findByRole('button', { name: t.emailChangeConfirm }));
    expect(await screen.findByText('Se aplicará en cuanto se confirme otro@example.cl.')).toBeInTheDocument();
  });

  it('a change no longer under way: the server’s reason, and no buttons', async () => {
    answer(
      'findEmailChange',
      refuse(
        400,
        'EMAIL_LINK_INVALID',
        'Este cambio de email ya no está en curso: se aplicó, se canceló o se pidió otro.',
      ),
    );
    open();
    expect(await screen.findByText(t.emailChangeFailedTitle)).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: t.emailChangeCancel })).not.toBeInTheDocument(),
    );
  });
});
