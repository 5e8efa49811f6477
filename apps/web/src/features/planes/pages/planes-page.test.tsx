import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Plan, User } from '@escudo/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../lib/query-client.ts';
import { userQueryOptions } from '../../../lib/session/user-details.ts';
import { answer, calls, refuse } from '../../../testing/fake-network.ts';
import { config, user } from '../../../testing/fixtures.ts';
import { renderScreen } from '../../../testing/render.tsx';
import { planesTexts as t } from '../texts.ts';
import { PlanesPage } from './planes-page.tsx';

// 'Mis planes': the current plan and the others, each with its price for 1, 6 or 12 months; paying
// leaves for Flow's page.

const basico: Plan = {
  id: 1,
  name: 'Básico',
  description: 'Para una persona',
  image: null,
  max_red: 1,
  max_devices: 1,
  includes: [{ id: 1, name: 'Bloqueo remoto' }],
  price: 2990,
};
const familia: Plan = {
  id: 3,
  name: 'Familia',
  description: 'Para toda la familia',
  image: null,
  max_red: 5,
  max_devices: 4,
  includes: [
    { id: 1, name: 'Bloqueo remoto' },
    { id: 2, name: 'Tracking' },
  ],
  price: 9990,
};
const onBasico: User['plan'] = {
  id: 9,
  plan_id: 1,
  started_at: '2026-05-01T12:00:00.000Z',
  expires_at: '2099-11-01T12:00:00.000Z',
  expires_on: '2099-11-01',
  plan: basico,
};

/** where the browser was sent (happy-dom does not leave the page) */
const wentTo: string[] = [];

function openPlanes(plan: User['plan'] = null) {
  queryClient.setQueryData(userQueryOptions.queryKey, { ...user, plan });
  renderScreen(<PlanesPage />, '/planes');
}

const card = (name: string) => screen.findByRole('article', { name });

beforeEach(() => {
  wentTo.length = 0;
  vi.spyOn(window.location, 'assign').mockImplementation((url) => void wentTo.push(String(url)));
  answer('getPlanes', { planes: [basico, familia], includes: [] });
  answer('getToPayData', (body) => {
    const { plan_id, months_paid } = body as { plan_id: number; months_paid: number };
    const price = plan_id === 1 ? basico.price : familia.price;
    return { amount: price * months_paid, detail: `${months_paid} meses de ${price}` };
  });
});

afterEach(() => vi.restoreAllMocks());

describe('PlanesPage', () => {
  it('shows only the page title while the plans load', async () => {
    answer('getPlanes', () => new Promise(() => undefined));
    openPlanes();
    expect(screen.getByRole('heading', { level: 1, name: t.title })).toBeInTheDocument();
    await waitFor(() => expect(calls.some((call) => call.name === 'getPlanes')).toBe(true));
    expect(screen.queryByRole('heading', { name: t.currentPlan })).not.toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('offers to try again when the plans cannot be loaded', async () => {
    answer('getPlanes', refuse(500, 'INTERNAL', 'Ha ocurrido un error inesperado.'));
    openPlanes();
    // one retry, 1 s later, before the page gives up
    const failure = await screen.findByRole('alert');
    expect(within(failure).getByRole('heading', { name: t.loadFailedTitle })).toBeInTheDocument();
    answer('getPlanes', { planes: [basico, familia], includes: [] });
    await userEvent.click(within(failure).getByRole('button', { name: t.retry }));
    expect(await card('Familia')).toBeInTheDocument();
  });

  it('without a plan, says so and offers every plan, priced for the months chosen', async () => {
    openPlanes();
    expect(await screen.findByText(t.noCurrentPlan)).toBeInTheDocument();
    const upgrade = screen.getByRole('region', { name: t.upgradePlan });
    const plan = await within(upgrade).findByRole('article', { name: 'Familia' });
    expect(within(upgrade).getAllByRole('article')).toHaveLength(2);
    expect(plan).toHaveTextContent('Hasta 5 personas en tu red de seguridad');
    expect(plan).toHaveTextContent('Hasta 4 dispositivos');
    expect(plan).toHaveTextContent('$9.990 al mes');
    expect(within(plan).getByRole('button', { name: '6 meses' })).toHaveAttribute('aria-pressed', 'true');
    expect(await within(plan).findByText('$59.940')).toBeInTheDocument();
    await userEvent.click(within(plan).getByRole('button', { name: '12 meses' }));
    expect(await within(plan).findByText('$119.880')).toBeInTheDocument();
    expect(within(plan).getByText('12 meses de 9990')).toBeInTheDocument();
    expect(within(plan).getByRole('button', { name: t.upgrade })).toBeEnabled();
  });

  it('shows the current plan with its expiry and Renovar, and the others to upgrade to', async () => {
    openPlanes(onBasico);
    const current = await screen.findByRole('region', { name: t.currentPlan });
    const plan = await within(current).findByRole('article', { name: 'Básico' });
    expect(within(plan).getByText('Vence el 01-11-2099')).toBeInTheDocument();
    expect(plan).toHaveTextContent('Hasta 1 persona en tu red de seguridad');
    expect(plan).toHaveTextContent('1 dispositivo');
    expect(await within(plan).findByRole('button', { name: t.renew })).toBeInTheDocument();
    const upgrade = await screen.findByRole('region', { name: t.upgradePlan });
    expect(within(upgrade).getAllByRole('article')).toHaveLength(1);
    expect(within(upgrade).getByRole('article', { name: 'Familia' })).toBeInTheDocument();
  });

  it('starts the payment and leaves for the payment page', async () => {
    answer('newPlanPayment', { code: 200, flowData: { url: 'https://flow.test/pay', token: 'tok 1' } });
    openPlanes();
    const plan = await card('Familia');
    await waitFor(() => expect(within(plan).getByRole('button', { name: t.upgrade })).toBeEnabled());
    await userEvent.click(within(plan).getByRole('button', { name: t.upgrade }));
    expect(await screen.findByRole('status')).toHaveTextContent(t.leaving);
    expect(calls).toContainEqual({ name: 'newPlanPayment', body: { plan_id: 3, months_paid: 6 } });
    expect(wentTo).toEqual(['https://flow.test/pay?token=tok%201']);
  });

  it('says why a payment could not start, on the card of that plan', async () => {
    answer('newPlanPayment', refuse(502, 'PAYMENT_PROVIDER_ERROR', 'Flow no responde.'));
    openPlanes();
    const plan = await card('Familia');
    await waitFor(() => expect(within(plan).getByRole('button', { name: t.upgrade })).toBeEnabled());
    await userEvent.click(within(plan).getByRole('button', { name: t.upgrade }));
    expect(await within(plan).findByRole('alert')).toHaveTextContent(`${t.paymentError}. Flow no responde.`);
    expect(within(await card('Básico')).queryByRole('alert')).not.toBeInTheDocument();
    expect(wentTo).toEqual([]);
  });

  it('says when a price cannot be worked out, and works it out on retry', async () => {
    answer('getToPayData', refuse(400, 'VALIDATION', 'El plan no es válido.'));
    openPlanes();
    const plan = await card('Familia');
    expect(await within(plan).findByText(t.quoteFailed)).toBeInTheDocument();
    expect(within(plan).getByRole('button', { name: t.upgrade })).toBeDisabled();
    answer('getToPayData', { amount: 59_940, detail: '6 meses' });
    await userEvent.click(within(plan).getByRole('button', { name: t.retry }));
    expect(await within(plan).findByText('$59.940')).toBeInTheDocument();
  });

  it('says payments are tests when the server takes them in its sandbox', async () => {
    answer('getConfig', { ...config, payments_sandbox: true });
    openPlanes();
    expect(await screen.findByText(t.sandboxPage)).toBeInTheDocument();
    expect(within(await card('Familia')).getByText(t.sandboxCard)).toBeInTheDocument();
  });
});
