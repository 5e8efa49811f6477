import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer, calls, isLinkOpen, refuse, sendToPanel } from '../../../testing/fake-network.ts';
import { command, device, moved } from '../../../testing/fixtures.ts';
import { renderScreen } from '../../../testing/render.tsx';
import { pendingOrdersTexts } from '../texts.ts';
import { lostphoneTexts } from '../texts.ts';
import { LockDialog } from './lock-dialog.tsx';

function openLockDialog() {
  answer('getDeviceCommands', { commands: [] });
  const user = userEvent.setup();
  renderScreen(<LockDialog device={device} open onClose={() => undefined} />);
  return user;
}

/** Types a PIN and sends the order; the server answers with `lock`. */
async function sendLock(user: ReturnType<typeof userEvent.setup>, lock = command('lock')) {
  answer('blockMyPhoneNotification', { command: lock });
  await user.type(screen.getByRole('textbox', { name: lostphoneTexts.lockPinLabel }), '12a345');
  await user.click(screen.getByRole('button', { name: lostphoneTexts.lockSubmit }));
  await screen.findByRole('region', { name: lostphoneTexts.commandHeading });
  return lock;
}

describe('LockDialog', () => {
  it('shows a lock already waiting for the phone, which can be cancelled before sending another', async () => {
    const waiting = command('lock');
    answer('getDeviceCommands', { commands: [waiting] });
    answer('cancelCommand', {
      command: moved(waiting, 'cancelled', 'Cancelada antes de llegar al teléfono.'),
    });
    const user = userEvent.setup();
    renderScreen(<LockDialog device={device} open onClose={() => undefined} />);
    const dialog = screen.getByRole('dialog', { name: lostphoneTexts.lockTitle });
    expect(await within(dialog).findByText(pendingOrdersTexts.pending)).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: pendingOrdersTexts.cancel }));
    await user.click(within(dialog).getByRole('button', { name: pendingOrdersTexts.confirmYes }));
    expect(await within(dialog).findByText(pendingOrdersTexts.cancelled)).toBeVisible();
    expect(calls.find((call) => call.name === 'cancelCommand')?.body).toEqual({ command_id: waiting.id });
  });

  it('takes exactly four digits before it can send', async () => {
    const user = openLockDialog();
    expect(screen.getByRole('dialog', { name: lostphoneTexts.lockTitle })).toBeInTheDocument();
    const send = screen.getByRole('button', { name: lostphoneTexts.lockSubmit });
    const pin = screen.getByRole('textbox', { name: lostphoneTexts.lockPinLabel });
    await user.type(pin, '12');
    expect(send).toBeDisabled();
    await user.type(pin, 'x3456');
    expect(pin).toHaveValue('1234');
    expect(send).toBeEnabled();
  });

  it('says an offline phone gets the order when it connects', async () => {
    openLockDialog();
    await waitFor(() => expect(isLinkOpen()).toBe(true));
    act(() => sendToPanel('presence', { device_id: device.device_id, online: false }));
    expect(screen.getByText(lostphoneTexts.phoneOffline)).toBeInTheDocument();
    expect(screen.getByText(lostphoneTexts.lockOffline)).toBeInTheDocument();
  });

  it('follows the order: sent, received, locked', async () => {
    const user = openLockDialog();
    const lock = await sendLock(user);
    expect(calls.find((call) => call.name === 'blockMyPhoneNotification')?.body).toEqual({
      device_id: device.device_id,
      pin: '1234',
    });
    expect(screen.getByText(lostphoneTexts.lockSent)).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(`Estado de la orden: ${lostphoneTexts.commandSent}`);

    act(() => sendToPanel('commandState', { command: moved(lock, 'delivered') }));
    expect(screen.getByRole('status')).toHaveTextContent(lostphoneTexts.commandDelivered);

    act(() => sendToPanel('commandState', { command: moved(lock, 'done') }));
    expect(screen.getByText(lostphoneTexts.lockDone)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: lostphoneTexts.tryAgain })).not.toBeInTheDocument();
  });

  it('shows an answer that overtook the HTTP reply', async () => {
    const user = openLockDialog();
    const lock = command('lock');
    let reply!: () => void;
    answer(
      'blockMyPhoneNotification',
      () => new Promise((resolve) => (reply = () => resolve({ command: lock }))),
    );
    await user.type(screen.getByRole('textbox', { name: lostphoneTexts.lockPinLabel }), '1234');
    await user.click(screen.getByRole('button', { name: lostphoneTexts.lockSubmit }));
    await waitFor(() => expect(reply).toBeDefined());
    act(() => sendToPanel('commandState', { command: moved(lock, 'done') }));
    act(() => reply());
    expect(await screen.findByText(lostphoneTexts.lockDone)).toBeInTheDocument();
  });

  it('says why it failed, and lets the owner try again', async () => {
    const user = openLockDialog();
    const lock = await sendLock(user);
    act(() =>
      sendToPanel('commandState', { command: moved(lock, 'failed', 'Sin permiso de administrador') }),
    );
    expect(screen.getByText(lostphoneTexts.lockFailed)).toBeInTheDocument();
    expect(screen.getByText('Falló: Sin permiso de administrador')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: lostphoneTexts.tryAgain }));
    expect(screen.getByRole('textbox', { name: lostphoneTexts.lockPinLabel })).toHaveValue('');
  });

  it('says when the order expired unseen', async () => {
    const user = openLockDialog();
    const lock = await sendLock(user);
    act(() => sendToPanel('commandState', { command: moved(lock, 'expired') }));
    expect(screen.getByText(lostphoneTexts.lockExpired)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: lostphoneTexts.tryAgain })).toBeInTheDocument();
  });

  it('says why a lock replaced by a newer one (from another tab) will not run', async () => {
    const user = openLockDialog();
    const lock = await sendLock(user);
    const reason = 'Reemplazada por una orden más reciente antes de llegar al teléfono.';
    act(() => sendToPanel('commandState', { command: moved(lock, 'cancelled', reason) }));
    expect(screen.getByText(reason)).toBeInTheDocument();
    expect(screen.queryByText(lostphoneTexts.lockFailed)).not.toBeInTheDocument();
  });

  it('shows the limit of orders, 429, and keeps the form', async () => {
    const user = openLockDialog();
    const message =
      'Ya diste 10 órdenes a este teléfono en los últimos 10 minutos. Podrás dar otra en 7 minutos; las que ya diste le llegarán apenas se conecte.';
    answer('blockMyPhoneNotification', refuse(429, 'RATE_LIMITED', message));
    await user.type(screen.getByRole('textbox', { name: lostphoneTexts.lockPinLabel }), '1234');
    await user.click(screen.getByRole('button', { name: lostphoneTexts.lockSubmit }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: lostphoneTexts.lockPinLabel })).toHaveValue('1234');
  });

  it("shows the server's refusal and keeps the form", async () => {
    const user = openLockDialog();
    answer('blockMyPhoneNotification', refuse(409, 'DEVICE_NOT_SUPPORTED', 'Solo en teléfonos Android.'));
    await user.type(screen.getByRole('textbox', { name: lostphoneTexts.lockPinLabel }), '1234');
    await user.click(screen.getByRole('button', { name: lostphoneTexts.lockSubmit }));
    expect(await screen.findByText('Solo en teléfonos Android.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: lostphoneTexts.lockPinLabel })).toHaveValue('1234');
  });
});
