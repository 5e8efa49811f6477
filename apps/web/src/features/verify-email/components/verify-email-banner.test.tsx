import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer, calls, refuse } from '../../../testing/fake-network.ts';
import { user } from '../../../testing/fixtures.ts';
import { renderScreen } from '../../../testing/render.tsx';
import { VerifyEmailBanner } from '../index.tsx';
import { verifyEmailTexts as t } from '../texts.ts';

// The banner of signed-in pages while the account's e-mail is not verified (decision 034).

const banner = () => screen.findByRole('region', { name: t.bannerTitle });
const resendButton = (region: HTMLElement) => within(region).getByRole('button', { name: t.resend });

describe('VerifyEmailBanner', () => {
  it('shows nothing for a verified e-mail', async () => {
    answer('userDetails', { user });
    const { container } = renderScreen(<VerifyEmailBanner />);
    await waitFor(() => expect(calls.some((call) => call.name === 'userDetails')).toBe(true));
    expect(container).toBeEmptyDOMElement();
  });

  it('shows nothing to an operator (an administrator vouched for the e-mail)', async () => {
    answer('userDetails', { user: { ...user, email_verified: false, role: 'operator' } });
    const { container } = renderScreen(<VerifyEmailBanner />);
    await waitFor(() => expect(calls.some((call) => call.name === 'userDetails')).toBe(true));
    expect(container).toBeEmptyDOMElement();
  });

  it('asks to verify, resends, says so, and shows the limit in the server’s words', async () => {
    answer('userDetails', { user: { ...user, email_verified: false } });
    let isLimited = false;
    answer('resendVerification', () =>
      isLimited
        ? refuse(429, 'TOO_MANY_REQUESTS', 'Podrás pedir otro en 1 minuto.')
        : { status: 'sent', email: user.email },
    );
    renderScreen(<VerifyEmailBanner />);
    const region = await banner();
    expect(region).toHaveTextContent(user.email);

    await userEvent.click(resendButton(region));
    expect(await within(region).findByRole('status')).toHaveTextContent(
      `Listo: te enviamos un nuevo enlace a ${user.email}.`,
    );
    isLimited = true;
    await userEvent.click(resendButton(region));
    await waitFor(() =>
      expect(within(region).getByRole('status')).toHaveTextContent(/^Podrás pedir otro en 1 minuto\.$/),
    );
  });

  it('goes once the server says the e-mail is already verified', async () => {
    let isVerified = false;
    answer('userDetails', () => ({ user: { ...user, email_verified: isVerified } }));
    answer('resendVerification', () => {
      isVerified = true;
      return { status: 'already_verified', email: user.email };
    });
    renderScreen(<VerifyEmailBanner />);
    await userEvent.click(resendButton(await banner()));
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: t.bannerTitle })).not.toBeInTheDocument(),
    );
  });
});
