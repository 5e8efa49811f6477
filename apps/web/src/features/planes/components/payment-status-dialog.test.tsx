import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OrderStatus } from '@escudo/contract';
import { describe, expect, it, vi } from 'vitest';
import { answer, calls, refuse } from '../../../testing/fake-network.ts';
import { renderScreen } from '../../../testing/render.tsx';
import { planesTexts } from '../texts.ts';
import { PaymentStatusDialog } from './payment-status-dialog.tsx';

const paidOrder: OrderStatus = {
  flowOrder: 8123,
  commerceOrder: 'ESC-41',
  amount: 29970,
  status: 2,
  paymentData: { media: 'Webpay', date: '2026-11-22 10:05:31' },
  plan_id: 2,
  plan_name: 'Plan Familia',
  months_paid: 6,
  expires_at: '2027-02-22T15:00:00.000Z',
};

function openPaymentStatus({ isSandbox = false } = {}) {
  const onClose = vi.fn();
  renderScreen(
    <PaymentStatusDialog
      token="flow-token-abc"
      isSandbox={isSandbox}
      open
      onClose={onClose}
      onExited={() => undefined}
    />,
  );
  return { onClose };
}

/** The order's details, as the dialog lists them: label → value. */
function detailsShown() {
  const terms = screen.getAllByRole('term').map((term) => term.textContent);
  const values = screen.getAllByRole('definition').map((value) => value.textContent);
  return Object.fromEntries(terms.map((term, i) => [term, values[i]]));
}

describe('PaymentStatusDialog', () => {
  it('says it is checking while the answer comes', async () => {
    answer('getOrderStatusByToken', () => new Promise(() => undefined));
    openPaymentStatus();
    expect(await screen.findByRole('dialog', { name: planesTexts.dialogChecking })).toBeInTheDocument();
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(calls.at(-1)).toEqual({ name: 'getOrderStatusByToken', body: { order_token: 'flow-token-abc' } });
  });

  it('shows a paid order with its details and the plan it activated', async () => {
    answer('getOrderStatusByToken', { code: 200, orderStatus: paidOrder });
    const { onClose } = openPaymentStatus();
    expect(await screen.findByRole('dialog', { name: planesTexts.dialogPaid })).toBeInTheDocument();
    expect(screen.getByText('Tu plan Plan Familia está activo hasta el 22-02-2027.')).toBeInTheDocument();
    expect(detailsShown()).toEqual({
      [planesTexts.orderNumber]: '8123',
      [planesTexts.amount]: '$29.970',
      [planesTexts.status]: 'Pagado',
      [planesTexts.paymentMethod]: 'Webpay',
      [planesTexts.date]: '22-11-2026 10:05',
    });
    expect(screen.queryByText(planesTexts.sandboxDialog)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: planesTexts.close }));
    expect(onClose).toHaveBeenCalled();
  });

  it('says no money was charged for a rejected order', async () => {
    answer('getOrderStatusByToken', {
      code: 200,
      orderStatus: {
        ...paidOrder,
        status: 3,
        flowOrder: null,
        paymentData: { media: null, date: null },
        expires_at: null,
      },
    });
    openPaymentStatus();
    const dialog = await screen.findByRole('dialog', { name: planesTexts.dialogFailed });
    expect(within(dialog).getByText(planesTexts.dialogNoCharges)).toBeInTheDocument();
    expect(detailsShown()).toMatchObject({
      [planesTexts.orderNumber]: planesTexts.notAvailable,
      [planesTexts.status]: 'Rechazado',
      [planesTexts.paymentMethod]: planesTexts.notAvailable,
    });
  });

  it("says the payment's error when the order cannot be read", async () => {
    answer('getOrderStatusByToken', refuse(404, 'NOT_FOUND', 'No encontramos ese pago.'));
    openPaymentStatus();
    expect(await screen.findByRole('dialog', { name: planesTexts.paymentError })).toBeInTheDocument();
    expect(screen.getByText('No encontramos ese pago.')).toBeInTheDocument();
    expect(screen.queryAllByRole('term')).toHaveLength(0);
  });

  it('says a sandbox payment moved no money', async () => {
    answer('getOrderStatusByToken', { code: 200, orderStatus: paidOrder });
    openPaymentStatus({ isSandbox: true });
    await screen.findByRole('dialog', { name: planesTexts.dialogPaid });
    expect(screen.getByText(planesTexts.sandboxDialog)).toBeInTheDocument();
  });
});
