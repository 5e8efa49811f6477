import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { authToken } from '../../../lib/auth-token.ts';
import { answer, calls } from '../../../testing/fake-network.ts';
import { config } from '../../../testing/fixtures.ts';
import { renderScreen } from '../../../testing/render.tsx';
import { authTexts as t } from '../texts.ts';
import { LoginPage } from './login-page.tsx';
import { RegisterPage } from './register-page.tsx';

// 'Inicia Sesión con Google' on Login and Register (decision 014): it takes the sign-up link's codes to
// the server's start, so that an account Google makes gets the invitation, referral and sponsor a
// sign-up by e-mail would; an account that existed comes back with its invitation and goes to it.

const START = '/api/social-oauth/google';
let assign: Mock<(url: string | URL) => void>;

beforeEach(() => {
  // a visitor: signed out, on a server where Google sign-in is configured
  authToken.remove();
  answer('getConfig', { ...config, google_sign_in: true, google_sign_in_url: START });
  answer('getUserByCode', { user: { name: 'Camila Rojas' }, respuesta: true } as never);
  answer('getSponsorById', {
    sponsor: {
      name: 'Municipalidad de Ñuñoa',
      plan: {
        id: 3,
        name: 'Familia',
        description: '',
        image: null,
        max_red: 5,
        max_devices: 4,
        includes: [],
        price: 9990,
      },
      months: 6,
    },
  } as never);
  assign = vi.fn<(url: string | URL) => void>();
  vi.spyOn(window.location, 'assign').mockImplementation(assign);
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** where the Google button of the page at `path` sends the browser */
async function googleTarget(page: 'login' | 'register', path: string) {
  const person = userEvent.setup();
  const { unmount } = renderScreen(page === 'login' ? <LoginPage /> : <RegisterPage />, path);
  const button = await screen.findByRole('button', { name: t.googleSignIn });
  await person.click(button);
  expect(assign).toHaveBeenCalledTimes(1);
  return { button, unmount, target: String(assign.mock.calls[0]![0]) };
}

describe('the Google button', () => {
  it.each([
    ['login', '/login', START],
    ['login', '/login?security_code=sec-7', `${START}?security_code=sec-7`],
    ['register', '/register', START],
    ['register', '/register?sharecode=ABCD2345', `${START}?sharecode=ABCD2345`],
    // the other spelling of the referral, as sign-up takes it
    ['register', '/register?share_code=abcd2345', `${START}?sharecode=abcd2345`],
    ['register', '/register?sponsor_code=spons-1', `${START}?sponsor_code=spons-1`],
    ['register', '/register?security_code=sec-7', `${START}?security_code=sec-7`],
    // only the codes, each once, whatever else the link has
    [
      'register',
      '/register?utm_source=wa&sponsor_code=spons-1&sharecode=ABCD2345&security_code=sec%2F7&sharecode=',
      `${START}?security_code=sec%2F7&sharecode=ABCD2345&sponsor_code=spons-1`,
    ],
  ] as const)('on %s at %s goes to %s', async (page, path, expected) => {
    const { target } = await googleTarget(page, path);
    expect(target).toBe(expected);
  });

  it('looks the same on Register as on Login, after an "o" separator', async () => {
    const login = await googleTarget('login', '/login');
    const loginClasses = login.button.className;
    login.unmount();
    assign.mockClear();
    const register = await googleTarget('register', '/register?sharecode=ABCD2345');
    expect(register.button.className).toBe(loginClasses);
    expect(screen.getByRole('separator')).toHaveTextContent(t.orSeparator);
    // a button of its own: it never submits the sign-up form
    expect(calls.some((call) => call.name === 'signUpByCode')).toBe(false);
  });

  it('is not on Register when Google sign-in is not configured', async () => {
    answer('getConfig', config);
    renderScreen(<RegisterPage />, '/register?sharecode=ABCD2345');
    expect(await screen.findByRole('button', { name: t.registerSubmit })).toBeInTheDocument();
    await waitFor(() => expect(calls.some((call) => call.name === 'getConfig')).toBe(true));
    expect(screen.queryByRole('button', { name: t.googleSignIn })).not.toBeInTheDocument();
  });
});

describe('the return from Google', () => {
  beforeEach(() => {
    answer('loginWithGoogleToken', {
      token: 'sesion-google',
      token_type: 'bearer',
      expires_at: '2027-01-01T00:00:00Z',
    });
  });

  it('an account that existed, sent back with its invitation, goes on to it (where it joins)', async () => {
    const { router } = renderScreen(<LoginPage />, '/login?social_access_token=tok-1&security_code=sec-7');
    await waitFor(() => expect(router.state.location.pathname).toBe('/register'));
    expect(router.state.location.search).toBe('?security_code=sec-7');
    expect(calls.find((call) => call.name === 'loginWithGoogleToken')?.body).toEqual({
      access_token: 'tok-1',
    });
    expect(authToken.get()).toBe('sesion-google');
  });

  it('any other goes Home', async () => {
    const { router } = renderScreen(<LoginPage />, '/login?social_access_token=tok-2');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.state.location.search).toBe('');
  });
});
