import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SalesResumen } from '@escudo/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { answer, calls, refuse } from '../../../testing/fake-network.ts';
import { user } from '../../../testing/fixtures.ts';
import { renderScreen } from '../../../testing/render.tsx';
import { queryClient } from '../../../lib/query-client.ts';
import { userQueryOptions } from '../../../lib/session/user-details.ts';
import { salesTexts as t } from '../texts.ts';
import { SalesPage } from './sales-page.tsx';

// happy-dom has no canvas: Chart.js (a library, not ours) is stood in for by one that keeps what it
// was asked to draw, so the test sees the charts' data
const drawn = vi.hoisted(
  () => [] as { type: string; data: { labels: string[]; datasets: { data: number[] }[] } }[],
);
vi.mock('chart.js', () => {
  class Chart {
    static register() {}
    constructor(_canvas: unknown, config: (typeof drawn)[number]) {
      drawn.push(config);
    }
    destroy() {}
  }
  const part = {};
  return {
    Chart,
    LineController: part,
    LineElement: part,
    PointElement: part,
    LinearScale: part,
    CategoryScale: part,
    DoughnutController: part,
    ArcElement: part,
    Tooltip: part,
    Legend: part,
    Filler: part,
  };
});

const months = [
  '2025-12', '2026-01', '2026-02', '2026-03', '2026-04', '2026-05',
  '2026-06', '2026-07', '2026-08', '2026-09', '2026-10', '2026-11',
]; // prettier-ignore

const november: SalesResumen = {
  user_referred_id: [31, 32],
  user_payments: [
    { id: 1, user_id: 31, amount: 95_904, fecha: '2026-11-20 10:00:00' },
    { id: 2, user_id: 32, amount: 4990, fecha: '2026-11-21 11:00:00' },
  ],
  amount_payments: 100_894,
  amount_previous_payments: 12_990,
  current_month: 11,
  year: 2026,
  array_months: months,
  referred_by_month: [0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 2],
  referred_comision: 15,
  commission: 15_134,
};

const referred = [
  { user: { id: 31, name: 'Bruno Soto' }, created_at: '2026-11-20T13:00:00.000Z' },
  { user: { id: 32, name: 'Carla Díaz' }, created_at: '2026-11-21T13:00:00.000Z' },
];

beforeEach(() => {
  drawn.length = 0;
  queryClient.setQueryData(userQueryOptions.queryKey, {
    ...user,
    info: { ...user.info, codigo_invitacion: 'ANA12345' },
  });
  answer('getSalesResumen', november);
  answer('getSalesData', { salesData: { referred_comision: 15, button_comision: 0, bank_account: null } });
});

describe('SalesPage', () => {
  it('shows a spinner while the sales status loads', async () => {
    answer('getSalesStatus', () => new Promise(() => undefined));
    renderScreen(<SalesPage />);
    expect(screen.getByRole('heading', { level: 1, name: t.title })).toBeInTheDocument();
    expect(await screen.findByRole('progressbar', { name: 'Cargando' })).toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: t.activate })).not.toBeInTheDocument();
  });

  it('offers to try again when the sales status cannot be loaded', async () => {
    answer('getSalesStatus', refuse(500, 'INTERNAL', 'Ha ocurrido un error inesperado.'));
    renderScreen(<SalesPage />);
    // one retry, 1 s later, before the page gives up
    const failure = await screen.findByRole('alert');
    expect(within(failure).getByRole('heading', { name: t.loadFailedTitle })).toBeInTheDocument();
    expect(within(failure).getByText('Ha ocurrido un error inesperado.')).toBeInTheDocument();

    answer('getSalesStatus', { status: 1, referred, total_referred: 2 });
    await userEvent.click(within(failure).getByRole('button', { name: t.retry }));
    expect(await screen.findByRole('tab', { name: t.tabSummary })).toHaveAttribute('aria-selected', 'true');
  });

  it('says a suspended profile is suspended, and why an activation failed', async () => {
    answer('getSalesStatus', { status: 2, referred: [], total_referred: 0 });
    answer('changeSalesStatus', refuse(403, 'FORBIDDEN', 'Tu cuenta no puede vender.'));
    renderScreen(<SalesPage />);
    expect(await screen.findByText(t.suspendedText)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: t.activate }));
    expect(await screen.findByText(`${t.activateFailed} Tu cuenta no puede vender.`)).toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
  });

  it("says the month's summary could not be loaded, and loads it on retry", async () => {
    answer('getSalesStatus', { status: 1, referred, total_referred: 2 });
    answer('getSalesResumen', refuse(400, 'VALIDATION', 'El mes no es válido.'));
    renderScreen(<SalesPage />);
    expect(await screen.findByText(`${t.summaryFailed} El mes no es válido.`)).toBeInTheDocument();
    answer('getSalesResumen', november);
    await userEvent.click(screen.getByRole('button', { name: t.retry }));
    expect(await screen.findByText('$100.894')).toBeInTheDocument();
  });

  it('offers activation without a sales status, activates with the reason of spec 4 and reloads', async () => {
    let status: 1 | null = null;
    answer('getSalesStatus', () => ({ status, referred: [], total_referred: 0 }));
    answer('changeSalesStatus', () => {
      status = 1;
      return { status: 1 };
    });
    renderScreen(<SalesPage />);
    expect(await screen.findByText(t.notActivatedTitle)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: t.activate }));
    expect(calls).toContainEqual({
      name: 'changeSalesStatus',
      body: { status: 1, suspend_reason: 'Petición del usuario' },
    });
    expect(await screen.findByRole('tab', { name: t.tabSummary })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText(t.activated)).toBeInTheDocument();
    expect(calls.filter((c) => c.name === 'getSalesStatus').length).toBeGreaterThanOrEqual(2);
  });

  it('shows the code, copies the link, the month figures in pesos and the charts with their text', async () => {
    answer('getSalesStatus', { status: 1, referred, total_referred: 2 });
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderScreen(<SalesPage />);

    expect(await screen.findByText('ANA12345')).toBeInTheDocument();
    const link = `${window.location.origin}/register?sharecode=ANA12345`;
    expect(screen.getByLabelText(t.linkLabel)).toHaveValue(link);
    await userEvent.click(screen.getByRole('button', { name: t.copy }));
    expect(writeText).toHaveBeenCalledWith(link);
    expect(await screen.findByText(t.copied)).toBeInTheDocument();

    const figures = await screen.findByText('$100.894');
    const summary = figures.closest('dl')!;
    expect(within(summary).getByText(t.referredCount).nextSibling).toHaveTextContent('2');
    expect(within(summary).getByText(t.paymentsCount).nextSibling).toHaveTextContent('2');
    expect(within(summary).getByText('Mi comisión (15 %)').nextSibling).toHaveTextContent('$15.134');
    expect(screen.getByText(t.commissionNote)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Resumen de Noviembre 2026' })).toBeInTheDocument();

    await waitFor(() => expect(drawn).toHaveLength(2));
    expect(drawn[0]).toMatchObject({
      type: 'line',
      data: { datasets: [{ data: november.referred_by_month }] },
    });
    expect(drawn[0]!.data.labels.at(-1)).toBe('Nov 26');
    expect(drawn[1]).toMatchObject({
      type: 'doughnut',
      data: { labels: ['Octubre 2026', 'Noviembre 2026'], datasets: [{ data: [12_990, 100_894] }] },
    });
    expect(screen.getByRole('img', { name: t.paymentsChartTitle })).toHaveAccessibleDescription(
      'Pagos de referidos: $12.990 en Octubre 2026 y $100.894 en Noviembre 2026.',
    );

    // the twelve months, in Spanish; choosing one asks for it
    await userEvent.click(screen.getByRole('combobox', { name: t.monthLabel }));
    const options = screen.getAllByRole('option').map((option) => option.textContent);
    expect(options).toEqual([
      'Enero', 'Febrero', 'Marzo', 'Abril', 'Mayo', 'Junio',
      'Julio', 'Agosto', 'Septiembre', 'Octubre', 'Noviembre', 'Diciembre',
    ]); // prettier-ignore
    await userEvent.click(screen.getByRole('option', { name: 'Marzo' }));
    await waitFor(() => expect(calls.at(-1)).toEqual({ name: 'getSalesResumen', body: { month: 3 } }));
  });
});

describe('SalesPage: the bank account and the referred accounts', () => {
  it('checks the bank account before sending, and saves it with the RUT clean', async () => {
    answer('getSalesStatus', { status: 1, referred, total_referred: 2 });
    answer('updateBankAccount', { status: 'ok' });
    renderScreen(<SalesPage />);
    const form = await screen.findByRole('form', { name: t.bankTitle });
    const rut = within(form).getByLabelText(t.rutLabel);
    await userEvent.type(rut, '123456789');
    // formatted as it is typed, as in the profile
    expect(rut).toHaveValue('12.345.678-9');
    await userEvent.click(within(form).getByRole('button', { name: t.saveBank }));
    expect(await within(form).findByText(t.rutInvalid)).toBeInTheDocument();
    expect(within(form).getAllByText(t.required).length).toBe(4);
    expect(calls.some((c) => c.name === 'updateBankAccount')).toBe(false);

    await userEvent.click(within(form).getByRole('combobox', { name: t.bankLabel }));
    await userEvent.click(screen.getByRole('option', { name: 'Banco Estado' }));
    await userEvent.click(within(form).getByRole('combobox', { name: t.accountTypeLabel }));
    await userEvent.click(screen.getByRole('option', { name: t.accountTypes.vista }));
    await userEvent.type(within(form).getByLabelText(t.accountNumberLabel), '12345678');
    await userEvent.type(within(form).getByLabelText(t.holderLabel), 'Ana Pérez');
    await userEvent.clear(rut);
    await userEvent.type(rut, '123456785');
    await userEvent.click(within(form).getByRole('button', { name: t.saveBank }));
    expect(await within(form).findByText(t.bankSaved)).toBeInTheDocument();
    expect(calls).toContainEqual({
      name: 'updateBankAccount',
      body: {
        bank: 'Banco Estado',
        account_type: 'vista',
        account_number: '12345678',
        holder: 'Ana Pérez',
        rut: '123456785',
      },
    });
  });

  it('lists the referred accounts and shows the payments, total and 20 % commission of the one selected', async () => {
    answer('getSalesStatus', { status: 1, referred, total_referred: 2 });
    answer('getUserPaymentStatus', {
      status: [
        {
          status: 2,
          flowOrder: 10_001,
          amount: 95_904,
          forma: 'Webpay',
          fecha: '2026-11-20 10:00:00',
          payment: { amount: 95_904 },
        },
      ],
      total_amount: 95_904,
      commission_percent: 20,
      commission: 19_180,
      period: null,
    });
    renderScreen(<SalesPage />);
    await userEvent.click(await screen.findByRole('tab', { name: t.tabReferred }));
    const table = screen.getByRole('table', { name: t.referredTitle });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    // the sign-up day, DD-MM-AAAA in Chile's calendar
    expect(within(table).getByText('20-11-2026')).toBeInTheDocument();
    expect(screen.getByText('1–2 de 2')).toBeInTheDocument();
    expect(
      screen.getByText(/^Selecciona un referido para ver sus pagos de \p{L}+ y tu comisión\.$/u),
    ).toBeInTheDocument();

    await userEvent.click(within(table).getByRole('button', { name: 'Ver pagos de Bruno Soto' }));
    const detail = await screen.findByRole('region', { name: 'Pagos de Bruno Soto' });
    // the period of Resumen: it opens on this month
    expect(calls).toContainEqual({
      name: 'getUserPaymentStatus',
      body: { user_id: 31, month: expect.any(Number) },
    });
    expect(await within(detail).findByText('$95.904')).toBeInTheDocument();
    expect(within(detail).getByText('Comisión (20 %)').nextSibling).toHaveTextContent('$19.180');
    expect(within(detail).getByText(t.detailPayments).nextSibling).toHaveTextContent('1');
  });

  it('shows the detail of a referred account for the month chosen in Resumen, not all time', async () => {
    answer('getSalesStatus', { status: 1, referred, total_referred: 2 });
    answer('getUserPaymentStatus', (body) => {
      const { month } = body as { month?: number };
      return {
        status: [],
        total_amount: month === 3 ? 4990 : 0,
        commission_percent: 20,
        commission: month === 3 ? 998 : 0,
        period: month === undefined ? null : { month, year: 2026 },
      };
    });
    renderScreen(<SalesPage />);

    // Resumen: choose March
    await userEvent.click(await screen.findByRole('combobox', { name: t.monthLabel }));
    await userEvent.click(await screen.findByRole('option', { name: 'Marzo' }));
    await waitFor(() => expect(calls).toContainEqual({ name: 'getSalesResumen', body: { month: 3 } }));

    await userEvent.click(screen.getByRole('tab', { name: t.tabReferred }));
    await userEvent.click(screen.getByRole('button', { name: 'Ver pagos de Bruno Soto' }));
    const detail = await screen.findByRole('region', { name: 'Pagos de Bruno Soto' });
    expect(await within(detail).findByText('Periodo: Marzo 2026')).toBeInTheDocument();
    expect(within(detail).getByText(t.detailTotal).nextSibling).toHaveTextContent('$4.990');
    expect(within(detail).getByText('Comisión (20 %)').nextSibling).toHaveTextContent('$998');
    expect(calls).toContainEqual({ name: 'getUserPaymentStatus', body: { user_id: 31, month: 3 } });
    expect(calls.filter((call) => call.name === 'getUserPaymentStatus')).not.toContainEqual(
      expect.objectContaining({ body: { user_id: 31 } }),
    );
  });

  it('says so when there are no referred accounts yet', async () => {
    answer('getSalesStatus', { status: 1, referred: [], total_referred: 0 });
    renderScreen(<SalesPage />);
    await userEvent.click(await screen.findByRole('tab', { name: t.tabReferred }));
    expect(screen.getByText(t.referredEmpty)).toBeInTheDocument();
  });
});
