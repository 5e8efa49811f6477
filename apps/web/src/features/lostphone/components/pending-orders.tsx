import { useState } from 'react';
import type { Device, UserDevice } from '@escudo/contract';
import { describeErrorDetails } from '../../../lib/api-client.ts';
import { fillText, formatDateTime } from '../../../lib/format.ts';
import { emit } from '../../../lib/realtime/realtime-client.ts';
import { cancelCommand } from '../api/cancel-command.ts';
import { pendingOrdersTexts as t } from '../texts.ts';
import { dismissOrder, usePendingOrders, type PendingOrder } from '../hooks/use-pending-orders.ts';
import './pending-orders.css';

/**
 * Orders waiting for a phone that is off (decision 043), under its device in the sidebar and
 * in the lock, lost-mode and wipe dialogs: what was ordered and when, 'Cancelar orden' with a
 * confirmation, then, live, what the phone did with it. Plain markup like the sidebar it sits in.
 */
export function PendingOrders({
  device,
  types,
  placement = 'sidebar',
}: {
  /** the sidebar's devices carry their last state (`online`); the dialogs' may not */
  device: Device & Partial<Pick<UserDevice, 'online'>>;
  /** the kinds to show (a dialog shows its own); all by default */
  types?: readonly string[];
  placement?: 'sidebar' | 'dialog';
}) {
  const orders = usePendingOrders(device.device_id, {
    isSupported: device.device_so === 'android',
    // a phone known to be off needs no 40 s to tell that an order waits for it
    isKnownOffline: device.online === false,
    ...(types ? { types } : {}),
  });
  if (orders.length === 0) return null;
  return (
    <div
      className={`pending-orders is-in-${placement}`}
      role="group"
      aria-label={fillText(t.groupLabel, { device: `${device.device_brand} ${device.device_name}` })}
    >
      {orders.map((order) => (
        <PendingOrderItem key={order.id} order={order} />
      ))}
    </div>
  );
}

function PendingOrderItem({ order }: { order: PendingOrder }) {
  const [step, setStep] = useState<'idle' | 'confirming' | 'cancelling'>('idle');
  const [error, setError] = useState<string | null>(null);

  async function confirmCancel() {
    setStep('cancelling');
    setError(null);
    try {
      await cancelCommand(order.id);
    } catch (caught) {
      setError(describeErrorDetails(caught).join(' '));
    }
    setStep('idle');
  }

  async function stopWipe() {
    setError(null);
    const answer = await emit('cancelingWipe', { device_id: order.device_id, command_id: order.id });
    if (!answer.ok) setError(answer.message);
  }

  const isPending = order.state === 'sent';
  return (
    <div className={`pending-order is-${order.state}`}>
      <p className="pending-order-kind">{t.kinds[order.type]}</p>
      <p className="pending-order-state" role="status">
        {describeOrderState(order)}
      </p>
      <p className="pending-order-when">
        {fillText(t.orderedAt, { date: formatDateTime(order.created_at) })}
        {isPending && order.expires_at ? (
          <>
            {'. '}
            {fillText(t.expiresAt, { date: formatDateTime(order.expires_at) })}
          </>
        ) : null}
      </p>
      {isPending && step === 'idle' ? (
        <button type="button" className="pending-order-button" onClick={() => setStep('confirming')}>
          {t.cancel}
        </button>
      ) : null}
      {isPending && step !== 'idle' ? (
        <div className="pending-order-confirm">
          <p>{t.confirmQuestion}</p>
          <button
            type="button"
            className="pending-order-button is-danger"
            disabled={step === 'cancelling'}
            onClick={() => void confirmCancel()}
          >
            {step === 'cancelling' ? t.cancelling : t.confirmYes}
          </button>
          <button
            type="button"
            className="pending-order-button"
            disabled={step === 'cancelling'}
            onClick={() => setStep('idle')}
          >
            {t.confirmNo}
          </button>
        </div>
      ) : null}
      {order.type === 'wipe' && order.state === 'delivered' ? (
        <button type="button" className="pending-order-button is-danger" onClick={() => void stopWipe()}>
          {t.stopWipe}
        </button>
      ) : null}
      {!isPending && order.state !== 'delivered' ? (
        <button type="button" className="pending-order-button" onClick={() => dismissOrder(order.id)}>
          {t.dismiss}
        </button>
      ) : null}
      {error ? (
        <p className="pending-order-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** What the owner reads for the order's state now. */
function describeOrderState(order: PendingOrder): string {
  switch (order.state) {
    case 'sent':
      return t.pending;
    case 'delivered':
      return order.type === 'wipe' ? t.wipeDelivered : t.delivered;
    case 'done':
      return t.done[order.type];
    case 'failed':
      return fillText(t.failed, { reason: order.reason ?? t.failedNoReason });
    case 'cancelled':
      // stopped by the phone in its window (no reason) or taken back before it arrived
      return order.type === 'wipe' && order.reason === null ? t.wipeStopped : t.cancelled;
    case 'expired':
      return t.expired;
  }
}
