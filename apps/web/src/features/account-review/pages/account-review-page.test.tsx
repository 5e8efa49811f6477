import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AccountReview } from '@escudo/contract';
import { componentsTexts } from '../../../components/texts.ts';
import { answer, calls } from '../../../testing/fake-network.ts';
import { renderScreen } from '../../../testing/render.tsx';
import { accountReviewTexts as t } from '../texts.ts';
import { AccountReviewPage } from './account-review-page.tsx';

// A reclaimed account's review (decision 050): a password first when there is none, then "¿Es tuyo?"
// for what was made before the proof of the mailbox.

const pending: AccountReview = {
  pending: true,
  reclaimed_at: '2026-12-01T21:00:00.000Z',
  password_needed: true,
  devices: [
    {
      id: 7,
      device_brand: 'Xiaomi',
      device_name: 'Teléfono del preparador',
      device_model: 'Redmi Note 12',
      device_so: 'android',
      created_at: '2026-11-30T12:00:00.000Z',
      last_seen_at: null,
    },
  ],
  members: [
    {
      id: 3,
      name: 'Cómplice',
      email: 'complice@example.cl',
      status: 'aceptada',
      created_at: '2026-11-30T12:05:00.000Z',
    },
  ],
  memberships: [],
};

describe('AccountReviewPage', () => {
  it('asks for the password, then each item; every answer goes on its own until nothing is left', async () => {
    answer('accountReview', pending);
    answer('accountReviewPassword', { ...pending, password_needed: false });
    answer('accountReviewDecide', (body) => {
      const { kind } = body as { kind: string };
      return kind === 'device'
        ? { ...pending, password_needed: false, devices: [] }
        : { ...pending, pending: false, password_needed: false, devices: [], members: [] };
    });
    renderScreen(<AccountReviewPage />, '/revisar-cuenta');

    expect(await screen.findByRole('heading', { name: t.passwordTitle })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(componentsTexts.newPasswordLabel), 'la-clave-de-camila');
    await userEvent.type(screen.getByLabelText(componentsTexts.confirmPasswordLabel), 'la-clave-de-camila');
    await userEvent.click(screen.getByRole('button', { name: t.passwordSubmit }));
    expect(await screen.findByText(t.passwordSaved)).toBeInTheDocument();

    const phone = screen.getByRole('group', { name: 'Xiaomi Teléfono del preparador (Redmi Note 12)' });
    expect(within(phone).getByText('Registrado el 30-11-2026 09:00')).toBeInTheDocument();
    expect(within(phone).getByText(t.question)).toBeInTheDocument();
    await userEvent.click(within(phone).getByRole('button', { name: t.removeDevice }));
    await screen.findByRole('heading', { name: t.membersTitle });
    expect(screen.queryByRole('heading', { name: t.devicesTitle })).not.toBeInTheDocument();

    const member = screen.getByRole('group', { name: 'Cómplice · complice@example.cl' });
    expect(within(member).getByText(/Forma parte de tu red/)).toBeInTheDocument();
    await userEvent.click(within(member).getByRole('button', { name: t.keep }));
    expect(await screen.findByText(t.doneTitle)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: t.goToPanel })).toHaveAttribute('href', '/');
    expect(calls.filter((call) => call.name === 'accountReviewDecide').map((call) => call.body)).toEqual([
      { kind: 'device', id: 7, keep: false },
      { kind: 'member', id: 3, keep: true },
    ]);
  });
});
