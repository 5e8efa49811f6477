import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { componentsTexts } from '../../../components/texts.ts';
import { authToken } from '../../../lib/auth-token.ts';
import { answer, calls, refuse } from '../../../testing/fake-network.ts';
import { renderScreen } from '../../../testing/render.tsx';
import { authTexts as t } from '../texts.ts';
import { VerifyEmailPage } from './verify-email-page.tsx';

// The page of a verification link (decisions 034 and 050): opened with a button (a mail scanner that
// loads the page changes nothing), the account becomes the mailbox's alone, and the page asks for a
// new password and signs in with it.

async function openLink() {
  const rendered = renderScreen(<VerifyEmailPage />, '/verificar-email/tok-123', '/verificar-email/:token');
  expect(await screen.findByText(t.verifyIntro)).toBeInTheDocument();
  expect(calls.some((call) => call.name === 'verifyEmail')).toBe(false);
  await userEvent.click(screen.getByRole('button', { name: t.verifySubmit }));
  return rendered;
}

describe('VerifyEmailPage', () => {
  it('opens the link once, says the account is now the person’s alone, and asks for a new password', async () => {
    answer('verifyEmail', { status: 'verified', email: 'ana@example.cl', password_token: 'pw-tok' });
    answer('resetPass', { status: 'ok' });
    answer('login', {
      access_token: 'nueva-sesion',
      token_type: 'bearer',
      expires_at: '2027-01-01T00:00:00.000Z',
    });
    const { router } = await openLink();
    expect(await screen.findByText(t.verifiedTitle)).toBeInTheDocument();
    expect(screen.getByText(/Confirmamos que ana@example.cl es tuyo/)).toBeInTheDocument();
    expect(screen.getByText(t.chooseIntro)).toBeInTheDocument();
    expect(calls.filter((call) => call.name === 'verifyEmail').map((call) => call.body)).toEqual([
      { token: 'tok-123' },
    ]);

    await userEvent.type(screen.getByLabelText(componentsTexts.newPasswordLabel), 'la-clave-de-ana');
    await userEvent.type(screen.getByLabelText(componentsTexts.confirmPasswordLabel), 'la-clave-de-ana');
    await userEvent.click(screen.getByRole('button', { name: t.chooseSubmit }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(calls.filter((call) => call.name === 'resetPass').map((call) => call.body)).toEqual([
      {
        email: 'ana@example.cl',
        password: 'la-clave-de-ana',
        password_confirmation: 'la-clave-de-ana',
        token: 'pw-tok',
      },
    ]);
    expect(calls.find((call) => call.name === 'login')?.body).toEqual({
      email: 'ana@example.cl',
      password: 'la-clave-de-ana',
    });
    expect(authToken.get()).toBe('nueva-sesion');
  });

  it('passwords that differ are not sent; the person may leave it for later', async () => {
    answer('verifyEmail', { status: 'verified', email: 'ana@example.cl', password_token: 'pw-tok' });
    await openLink();
    await userEvent.type(await screen.findByLabelText(componentsTexts.newPasswordLabel), 'la-clave-de-ana');
    await userEvent.type(screen.getByLabelText(componentsTexts.confirmPasswordLabel), 'otra-clave');
    await userEvent.click(screen.getByRole('button', { name: t.chooseSubmit }));
    expect(
      await screen.findByText(componentsTexts.passwordsDoNotMatch, { selector: '.MuiAlert-message' }),
    ).toBeInTheDocument();
    expect(calls.some((call) => call.name === 'resetPass')).toBe(false);
    expect(screen.getByRole('link', { name: t.chooseLater })).toHaveAttribute('href', '/login');
  });

  it('a used or expired link: the server’s reason and how to get a new one', async () => {
    answer(
      'verifyEmail',
      refuse(400, 'EMAIL_LINK_INVALID', 'El enlace para verificar tu email no es válido.'),
    );
    await openLink();
    expect(await screen.findByText(t.verifyFailedTitle)).toBeInTheDocument();
    expect(screen.getByText('El enlace para verificar tu email no es válido.')).toBeInTheDocument();
    expect(screen.getByText(t.verifyFailedHelp)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: t.verifyRetry })).not.toBeInTheDocument();
  });
});
