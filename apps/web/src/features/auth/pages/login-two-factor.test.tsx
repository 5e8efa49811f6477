import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { errorMessages } from '@escudo/contract/browser';
import { authToken } from '../../../lib/auth-token.ts';
import { answer, calls, refuse } from '../../../testing/fake-network.ts';
import { config, user } from '../../../testing/fixtures.ts';
import { renderScreen } from '../../../testing/render.tsx';
import { authTexts as t } from '../texts.ts';
import { LoginPage } from './login-page.tsx';

// Login's second step (decision 035): with two-step sign-in on, the password (or Google's hand-off)
// gives a challenge, and the app's code or a recovery code gives the session.

const challenge = {
  two_factor_required: true as const,
  challenge: 'reto-1',
  expires_at: '2026-11-25T12:05:00.000Z',
};

beforeEach(() => {
  authToken.remove();
  answer('getConfig', config);
  answer('login', challenge);
  answer('userDetails', { user: { ...user, two_factor_enabled: true } });
});

async function reachSecondStep() {
  const person = userEvent.setup();
  const { router } = renderScreen(<LoginPage />, '/login');
  await person.type(await screen.findByLabelText(t.emailLabel), 'ana@example.cl');
  await person.type(screen.getByLabelText(t.passwordLabel, { selector: 'input' }), 'una-clave-segura');
  await person.click(screen.getByRole('button', { name: t.loginSubmit }));
  await screen.findByRole('heading', { name: t.twoFactorTitle });
  return { person, router };
}

describe("Login's second step", () => {
  it('asks the 6-digit code, made for one-time codes, and signs in with it', async () => {
    answer('loginTwoFactor', {
      access_token: 'sesion-1',
      token_type: 'bearer',
      expires_at: challenge.expires_at,
    });
    const { person, router } = await reachSecondStep();
    expect(authToken.get()).toBeNull();
    const field = screen.getByLabelText(t.twoFactorCodeLabel);
    expect(field).toHaveAttribute('autocomplete', 'one-time-code');
    expect(field).toHaveAttribute('inputmode', 'numeric');

    await person.click(screen.getByRole('button', { name: t.twoFactorSubmit }));
    expect(screen.getByText(t.twoFactorCodeRequired)).toBeInTheDocument();
    await person.type(field, '12345');
    await person.click(screen.getByRole('button', { name: t.twoFactorSubmit }));
    expect(screen.getByText(t.twoFactorCodeFormat)).toBeInTheDocument();
    expect(calls.filter((call) => call.name === 'loginTwoFactor')).toHaveLength(0);

    await person.type(field, '6');
    await person.click(screen.getByRole('button', { name: t.twoFactorSubmit }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(calls.find((call) => call.name === 'loginTwoFactor')?.body).toEqual({
      challenge: 'reto-1',
      code: '123456',
    });
    expect(authToken.get()).toBe('sesion-1');
  });

  it('takes a recovery code instead, and says when a code is wrong', async () => {
    answer('loginTwoFactor', refuse(400, 'TWO_FACTOR_CODE_INVALID', errorMessages.TWO_FACTOR_CODE_INVALID));
    const { person } = await reachSecondStep();
    await person.click(screen.getByRole('button', { name: t.twoFactorUseRecovery }));
    const field = screen.getByLabelText(t.twoFactorRecoveryLabel);
    expect(field).not.toHaveAttribute('autocomplete', 'one-time-code');
    await person.type(field, 'abcde-fghjk');
    await person.click(screen.getByRole('button', { name: t.twoFactorSubmit }));
    expect(await screen.findByRole('alert')).toHaveTextContent(errorMessages.TWO_FACTOR_CODE_INVALID);
    expect(calls.find((call) => call.name === 'loginTwoFactor')?.body).toEqual({
      challenge: 'reto-1',
      code: 'abcde-fghjk',
    });
    // still on the second step, the field emptied for another try
    expect(screen.getByRole('heading', { name: t.twoFactorTitle })).toBeInTheDocument();
    expect(screen.getByLabelText(t.twoFactorRecoveryLabel)).toHaveValue('');
    await person.click(screen.getByRole('button', { name: t.twoFactorUseApp }));
    expect(screen.getByLabelText(t.twoFactorCodeLabel)).toBeInTheDocument();
  });

  it('goes back to the password with the reason when the challenge has expired', async () => {
    answer(
      'loginTwoFactor',
      refuse(400, 'TWO_FACTOR_CHALLENGE_INVALID', errorMessages.TWO_FACTOR_CHALLENGE_INVALID),
    );
    const { person } = await reachSecondStep();
    await person.type(screen.getByLabelText(t.twoFactorCodeLabel), '123456');
    await person.click(screen.getByRole('button', { name: t.twoFactorSubmit }));
    expect(await screen.findByRole('button', { name: t.loginSubmit })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(errorMessages.TWO_FACTOR_CHALLENGE_INVALID);
    expect(authToken.get()).toBeNull();
  });

  it("goes back to the password with 'Volver al inicio de sesión'", async () => {
    const { person } = await reachSecondStep();
    await person.click(screen.getByRole('button', { name: t.twoFactorBack }));
    expect(await screen.findByRole('button', { name: t.loginSubmit })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('the second step after Google sign-in', () => {
  it('asks the code when the hand-off answers a challenge, and signs in with it', async () => {
    answer('loginWithGoogleToken', challenge);
    answer('loginTwoFactor', {
      access_token: 'sesion-google',
      token_type: 'bearer',
      expires_at: challenge.expires_at,
    });
    const person = userEvent.setup();
    const { router } = renderScreen(<LoginPage />, '/login?social_access_token=tok-1');
    await screen.findByRole('heading', { name: t.twoFactorTitle });
    // the hand-off alone gave no session
    expect(authToken.get()).toBeNull();
    expect(calls.find((call) => call.name === 'loginWithGoogleToken')?.body).toEqual({
      access_token: 'tok-1',
    });

    await person.type(screen.getByLabelText(t.twoFactorCodeLabel), '654321');
    await person.click(screen.getByRole('button', { name: t.twoFactorSubmit }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(calls.find((call) => call.name === 'loginTwoFactor')?.body).toEqual({
      challenge: 'reto-1',
      code: '654321',
    });
    expect(authToken.get()).toBe('sesion-google');
  });
});
