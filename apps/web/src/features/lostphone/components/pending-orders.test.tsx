import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { acknowledge, answer, calls, emitted, refuse, sendToPanel } from '../../../testing/fake-network.ts';
import { command, device, iphone, moved } from '../../../testing/fixtures.ts';
import { PendingOrders } from './pending-orders.tsx';
import { rememberCommand } from '../../../lib/commands/command-store.ts';
import { pendingOrdersTexts as t } from '../texts.ts';

// Decision 043: an order for a phone that is off is not forgotten after the spec's 40 s: it shows under
// its device, pending, can be cancelled, and what the phone does with it shows live.

const group = () => screen.getByRole('group', { name: 'Órdenes para Samsung Teléfono de Ana' });
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

describe('PendingOrders', () => {
  it('shows a lock waiting for the phone, with when it was ordered (Chile time) and when it expires', async () => {
    const lock = command('lock', {
      created_at: '2026-03-05T14:07:00.000Z',
      expires_at: '2026-03-12T14:07:00.000Z',
    });
    answer('getDeviceCommands', { commands: [lock] });
    render(<PendingOrders device={device} />);
    await waitFor(() => expect(within(group()).getByText(t.pending)).toBeVisible());
    expect(within(group()).getByText('Bloqueo de pantalla')).toBeVisible();
    expect(
      within(group()).getByText(
        'Ordenada el 05-03-2026 11:07. Vence el 12-03-2026 11:07 si el teléfono no se conecta.',
      ),
    ).toBeVisible();
    expect(calls.find((call) => call.name === 'getDeviceCommands')?.body).toMatchObject({
      device_id: device.device_id,
    });
  });

  it('shows nothing for an order still within its 40 s, then the pending line once they are over', async () => {
    const lock = command('lock', { created_at: ago(39_800) });
    answer('getDeviceCommands', { commands: [lock] });
    // a phone that seemed online: its answer is awaited for the spec's 40 s
    render(<PendingOrders device={{ ...device, online: true }} />);
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByText(t.pending)).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByText(t.pending)).toBeVisible(), { timeout: 2000 });
  });

  it('cancels a pending wipe after a confirmation, and says the phone will not get it', async () => {
    const wipe = command('wipe');
    answer('getDeviceCommands', { commands: [wipe] });
    answer('cancelCommand', { command: moved(wipe, 'cancelled', 'Cancelada antes de llegar al teléfono.') });
    const user = userEvent.setup();
    render(<PendingOrders device={device} />);
    await user.click(await screen.findByRole('button', { name: t.cancel }));
    expect(screen.getByText(t.confirmQuestion)).toBeVisible();
    // changing one's mind sends nothing
    await user.click(screen.getByRole('button', { name: t.confirmNo }));
    expect(calls.some((call) => call.name === 'cancelCommand')).toBe(false);

    await user.click(screen.getByRole('button', { name: t.cancel }));
    await user.click(screen.getByRole('button', { name: t.confirmYes }));
    expect(await screen.findByText(t.cancelled)).toBeVisible();
    expect(calls.find((call) => call.name === 'cancelCommand')?.body).toEqual({ command_id: wipe.id });
    expect(screen.queryByRole('button', { name: t.cancel })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: t.dismiss }));
    expect(screen.queryByRole('group')).not.toBeInTheDocument();
  });

  it("says so when the order reached the phone meanwhile, in the server's words", async () => {
    const lock = command('lock');
    answer('getDeviceCommands', { commands: [lock] });
    answer(
      'cancelCommand',
      refuse(409, 'COMMAND_NOT_PENDING', 'Esta orden ya llegó al teléfono; ya no se puede cancelar.'),
    );
    const user = userEvent.setup();
    render(<PendingOrders device={device} />);
    await user.click(await screen.findByRole('button', { name: t.cancel }));
    await user.click(screen.getByRole('button', { name: t.confirmYes }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Esta orden ya llegó al teléfono; ya no se puede cancelar.',
    );
  });

  it('shows the phone carrying the order out live, then lets the owner dismiss it', async () => {
    const lock = command('lock');
    answer('getDeviceCommands', { commands: [lock] });
    const user = userEvent.setup();
    render(<PendingOrders device={device} />);
    expect(await screen.findByText(t.pending)).toBeVisible();
    act(() => sendToPanel('commandState', { command: moved(lock, 'delivered') }));
    expect(await screen.findByText(t.delivered)).toBeVisible();
    expect(screen.queryByText(t.pending)).not.toBeInTheDocument();
    act(() => sendToPanel('commandState', { command: moved(lock, 'done') }));
    expect(await screen.findByText(t.done.lock)).toBeVisible();
    await user.click(screen.getByRole('button', { name: t.dismiss }));
    expect(screen.queryByText(t.done.lock)).not.toBeInTheDocument();
  });

  it('shows a new order pending once its 40 s are over, after an earlier one was applied live', async () => {
    const first = command('lock');
    answer('getDeviceCommands', { commands: [first] });
    render(<PendingOrders device={{ ...device, online: true }} />);
    expect(await screen.findByText(t.pending)).toBeVisible();
    act(() => sendToPanel('commandState', { command: moved(first, 'done') }));
    expect(await screen.findByText(t.done.lock)).toBeVisible();
    // the owner orders again at once; the phone is off again
    const second = command('lock', { id: first.id + 1, created_at: ago(39_800) });
    act(() => rememberCommand(second));
    await waitFor(() => expect(screen.getByText(t.pending)).toBeVisible(), { timeout: 2000 });
    expect(screen.getByText(t.done.lock)).toBeVisible();
  });

  it('shows an order for a phone known to be off as waiting at once, without the 40 s', async () => {
    const lock = command('lock', { created_at: ago(2_000) });
    answer('getDeviceCommands', { commands: [lock] });
    render(<PendingOrders device={{ ...device, online: false }} />);
    expect(await screen.findByText(t.pending)).toBeVisible();
  });

  it('a wipe that reaches the phone late: says its window is open, and stops it from here', async () => {
    const wipe = command('wipe');
    answer('getDeviceCommands', { commands: [wipe] });
    acknowledge('cancelingWipe', { ok: true });
    const user = userEvent.setup();
    render(<PendingOrders device={device} />);
    expect(await screen.findByText(t.pending)).toBeVisible();
    act(() => sendToPanel('commandState', { command: moved(wipe, 'delivered') }));
    expect(await screen.findByText(t.wipeDelivered)).toBeVisible();
    await user.click(screen.getByRole('button', { name: t.stopWipe }));
    await waitFor(() =>
      expect(emitted.find((message) => message.type === 'cancelingWipe')?.payload).toEqual({
        device_id: device.device_id,
        command_id: wipe.id,
      }),
    );
    // the phone honours the stop in its window
    act(() => sendToPanel('commandState', { command: moved(wipe, 'cancelled') }));
    expect(await screen.findByText(t.wipeStopped)).toBeVisible();
  });

  it('says once that an order expired without reaching the phone', async () => {
    const lostOn = command('lostOn', { state: 'expired', updated_at: ago(60_000) });
    // an old expiry and a tracking order are not shown
    const old = command('lock', { state: 'expired', updated_at: ago(3 * 24 * 60 * 60 * 1000) });
    const tracking = command('trackingOn');
    answer('getDeviceCommands', { commands: [tracking, old, lostOn] });
    const user = userEvent.setup();
    render(<PendingOrders device={device} />);
    expect(await screen.findByText(t.expired)).toBeVisible();
    expect(screen.getAllByText(t.expired)).toHaveLength(1);
    expect(screen.getByText('Activar función de pérdida')).toBeVisible();
    await user.click(screen.getByRole('button', { name: t.dismiss }));
    expect(screen.queryByText(t.expired)).not.toBeInTheDocument();
  });

  it('asks nothing for an iPhone, which gets no such orders', async () => {
    render(<PendingOrders device={iphone} />);
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(calls.some((call) => call.name === 'getDeviceCommands')).toBe(false);
    expect(screen.queryByRole('group')).not.toBeInTheDocument();
  });
});
