import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { authToken } from '../lib/auth-token.ts';
import { answer, calls } from '../testing/fake-network.ts';
import { renderScreen } from '../testing/render.tsx';
import { AccountReviewRoute } from './account-review-route.tsx';
import { appTexts } from './texts.ts';

// The review of a reclaimed account (decision 050) holds back every other page, so it has the way out
// every signed-in page has.

describe('AccountReviewRoute', () => {
  it('signs out from the review: the session is revoked on the server and forgotten here', async () => {
    answer('accountReview', {
      pending: true,
      reclaimed_at: '2026-12-01T21:00:00.000Z',
      password_needed: true,
      devices: [],
      members: [],
      memberships: [],
    });
    answer('logout', undefined as never);
    renderScreen(<AccountReviewRoute />, '/revisar-cuenta');
    await userEvent.click(await screen.findByRole('button', { name: appTexts.signOut }));
    await waitFor(() => expect(authToken.get()).toBeNull());
    expect(calls.some((call) => call.name === 'logout')).toBe(true);
  });
});
