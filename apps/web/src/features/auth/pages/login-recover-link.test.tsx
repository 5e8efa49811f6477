import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { authToken } from '../../../lib/auth-token.ts';
import { answer } from '../../../testing/fake-network.ts';
import { config } from '../../../testing/fixtures.ts';
import { renderScreen } from '../../../testing/render.tsx';
import { authTexts as t } from '../texts.ts';
import { LoginPage } from './login-page.tsx';

// The security e-mails (decision 036) link to /login?recuperar=1: Login opens '¿Olvidaste tu contraseña?'.

beforeEach(() => {
  authToken.remove();
  answer('getConfig', config);
});

describe('Login from a security e-mail', () => {
  it("opens '¿Olvidaste tu contraseña?' at once", async () => {
    renderScreen(<LoginPage />, '/login?recuperar=1');
    expect(await screen.findByRole('dialog', { name: t.forgotTitle })).toBeInTheDocument();
  });

  it('keeps it closed on a plain visit', async () => {
    renderScreen(<LoginPage />, '/login');
    expect(await screen.findByRole('button', { name: t.forgotPassword })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
