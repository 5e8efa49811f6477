import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, calls, refuse } from '../../../testing/fake-network.ts';
import { renderScreen } from '../../../testing/render.tsx';
import { authTexts as t } from '../texts.ts';
import { VerifyEmailPage } from './verify-email-page.tsx';

// The page of an e-mail verification or e-mail change link (decision 034).

const openLink = () =>
  renderScreen(<VerifyEmailPage />, '/verificar-email/tok-123', '/verificar-email/:token');

describe('VerifyEmailPage', () => {
  it('opens the link once and says the e-mail is verified', async () => {
    answer('verifyEmail', { status: 'verified', email: 'ana@example.cl' });
    openLink();
    expect(await screen.findByText(t.verifiedTitle)).toBeInTheDocument();
    expect(screen.getByText(/Confirmamos que ana@example.cl es tuyo/)).toBeInTheDocument();
    expect(calls.filter((call) => call.name === 'verifyEmail').map((call) => call.body)).toEqual([
      { token: 'tok-123' },
    ]);
    expect(screen.getByRole('link', { name: t.verifyGoToPanel })).toHaveAttribute('href', '/');
  });

  it('says the e-mail changed, with the new one', async () => {
    answer('verifyEmail', { status: 'email_changed', email: 'ana.nueva@example.cl' });
    openLink();
    expect(await screen.findByText(t.changedTitle)).toBeInTheDocument();
    expect(screen.getByText(/Desde ahora tu cuenta usa ana.nueva@example.cl/)).toBeInTheDocument();
  });

  it('a used or expired link: the server’s reason and how to get a new one', async () => {
    answer(
      'verifyEmail',
      refuse(400, 'EMAIL_LINK_INVALID', 'El enlace para verificar tu email no es válido.'),
    );
    openLink();
    expect(await screen.findByText(t.verifyFailedTitle)).toBeInTheDocument();
    expect(screen.getByText('El enlace para verificar tu email no es válido.')).toBeInTheDocument();
    expect(screen.getByText(t.verifyFailedHelp)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: t.verifyRetry })).not.toBeInTheDocument();
  });
});
