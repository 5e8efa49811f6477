import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { acknowledge, answer, calls, emitted, refuse, sendToPanel } from '../../../testing/fake-network.ts';
import { command, device, moved, user as account } from '../../../testing/fixtures.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { userQueryOptions } from '../../../lib/session/user-details.ts';
import { renderScreen } from '../../../testing/render.tsx';
import { componentsTexts } from '../../../components/texts.ts';
import { lostphoneTexts } from '../texts.ts';
import { WipeDialog } from './wipe-dialog.tsx';

beforeEach(() => {
  // the countdown and the 40 s wait are timed: the test moves the clock
  vi.useFakeTimers({ shouldAdvanceTime: true });
  answer('getDeviceCommands', { commands: [] });
});
afterEach(() => vi.useRealTimers());

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

function openWipeDialog(onClose = () => undefined) {
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  renderScreen(<WipeDialog device={device} open onClose={onClose} />);
  return user;
}

/** Confirms with the right password; the server orders the wipe and answers `wipe`. */
async function confirmWipe(user: ReturnType<typeof userEvent.setup>, wipe = command('wipe')) {
  answer('validatePass', { status: true });
  answer('wipePhoneDataNotification', { command: wipe });
  await user.type(screen.getByLabelText(lostphoneTexts.wipePasswordLabel, { selector: 'input' }), 'secreta1');
  await user.click(screen.getByRole('button', { name: lostphoneTexts.wipeConfirm }));
  await screen.findByText(lostphoneTexts.wipeWaiting, { selector: 'p' });
  return wipe;
}

describe('WipeDialog', () => {
  it('asks for the password, and says so for 3 s when it is wrong', async () => {
    const user = openWipeDialog();
    expect(screen.getByRole('dialog', { name: lostphoneTexts.wipeTitle })).toBeInTheDocument();
    expect(screen.getByText(lostphoneTexts.wipeWarning)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: lostphoneTexts.wipeConfirm })).toBeDisabled();
    expect(
      screen.getByText('Debes ingresar tu contraseña en Escudo para confirmar esta acción.'),
    ).toBeVisible();

    answer('validatePass', { status: false });
    const password = screen.getByLabelText(lostphoneTexts.wipePasswordLabel, { selector: 'input' });
    await user.type(password, 'equivocada');
    await user.click(screen.getByRole('button', { name: lostphoneTexts.wipeConfirm }));
    expect(await screen.findByText(lostphoneTexts.wipeWrongPassword)).toBeInTheDocument();
    expect(password).toHaveValue('');
    await advance(3_000);
    expect(screen.queryByText(lostphoneTexts.wipeWrongPassword)).not.toBeInTheDocument();
  });

  it('asks a two-step code besides the password when the account has it on, and says when it is wrong', async () => {
    queryClient.setQueryData(userQueryOptions.queryKey, { ...account, two_factor_enabled: true });
    const user = openWipeDialog();
    const code = screen.getByRole('textbox', { name: componentsTexts.secondStepCodeLabel });
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await user.type(
      screen.getByLabelText(lostphoneTexts.wipePasswordLabel, { selector: 'input' }),
      'secreta1',
    );
    // the password alone is not enough to send
    expect(screen.getByRole('button', { name: lostphoneTexts.wipeConfirm })).toBeDisabled();
    answer(
      'validatePass',
      refuse(400, 'TWO_FACTOR_CODE_INVALID', 'El código no es correcto, ya fue usado o expiró.'),
    );
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: lostphoneTexts.wipeConfirm }));
    expect(await screen.findByText('El código no es correcto, ya fue usado o expiró.')).toBeInTheDocument();
    expect(calls.find((call) => call.name === 'validatePass')?.body).toEqual({
      password: 'secreta1',
      code: '123456',
    });
    // a used code is gone from the field; the password stays for the next try
    expect(code).toHaveValue('');
  });

  it("asks for the password again with the server's message (428)", async () => {
    const user = openWipeDialog();
    answer('validatePass', { status: true });
    answer(
      'wipePhoneDataNotification',
      refuse(428, 'PASSWORD_CONFIRMATION_REQUIRED', 'Vuelve a ingresar tu contraseña.'),
    );
    await user.type(
      screen.getByLabelText(lostphoneTexts.wipePasswordLabel, { selector: 'input' }),
      'secreta1',
    );
    await user.click(screen.getByRole('button', { name: lostphoneTexts.wipeConfirm }));
    expect(await screen.findByText('Vuelve a ingresar tu contraseña.')).toBeInTheDocument();
    expect(screen.getByLabelText(lostphoneTexts.wipePasswordLabel, { selector: 'input' })).toHaveValue('');
  });

  it("counts down once the phone answers, and 'DETENER' stops the wipe", async () => {
    const user = openWipeDialog();
    const wipe = await confirmWipe(user);
    acknowledge('cancelingWipe', { ok: true });

    act(() => sendToPanel('commandState', { command: moved(wipe, 'delivered') }));
    expect(screen.getByText(lostphoneTexts.wipeAnswered)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: lostphoneTexts.wipeStop })).not.toBeInTheDocument();

    // the screen's clock ticks every 250 ms
    await advance(5_250);
    expect(screen.getByText('El borrado comenzará en 25 s')).toBeInTheDocument();
    await advance(3_000);
    expect(screen.getByText('El borrado comenzará en 22 s')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: lostphoneTexts.wipeStop }));
    expect(emitted).toContainEqual({
      type: 'cancelingWipe',
      payload: { device_id: device.device_id, command_id: wipe.id },
    });
    expect(screen.getByRole('button', { name: lostphoneTexts.wipeStopping })).toBeInTheDocument();

    act(() => sendToPanel('commandState', { command: moved(wipe, 'cancelled') }));
    expect(screen.getByText(lostphoneTexts.wipeStopped)).toBeInTheDocument();
  });

  it("shows the server's refusal of a stop", async () => {
    const user = openWipeDialog();
    const wipe = await confirmWipe(user);
    acknowledge('cancelingWipe', { ok: false, code: 'VALIDATION', message: 'Ya no se puede detener.' });
    act(() => sendToPanel('commandState', { command: moved(wipe, 'delivered') }));
    await advance(5_250);
    await user.click(screen.getByRole('button', { name: lostphoneTexts.wipeStop }));
    expect(await screen.findByText('Ya no se puede detener.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: lostphoneTexts.wipeStop })).toBeEnabled();
  });

  it('says the phone started erasing', async () => {
    const user = openWipeDialog();
    const wipe = await confirmWipe(user);
    act(() => sendToPanel('commandState', { command: moved(wipe, 'delivered') }));
    act(() => sendToPanel('commandState', { command: moved(wipe, 'done') }));
    expect(screen.getByText(lostphoneTexts.wipeSuccess)).toBeInTheDocument();
  });

  it('says why the phone could not erase itself', async () => {
    const user = openWipeDialog();
    const wipe = await confirmWipe(user);
    act(() =>
      sendToPanel('commandState', { command: moved(wipe, 'failed', 'Sin permiso de administrador') }),
    );
    expect(
      screen.getByText('El teléfono no pudo borrarse: Sin permiso de administrador'),
    ).toBeInTheDocument();
  });

  it('offers to cancel a pending order when the phone does not answer in 40 s, or says it expired', async () => {
    const user = openWipeDialog();
    const wipe = await confirmWipe(user);
    acknowledge('cancelingWipe', { ok: true });
    await advance(40_000);
    expect(screen.getByText(lostphoneTexts.wipeNoAnswer)).toBeInTheDocument();
    expect(screen.getByText(lostphoneTexts.wipeKeepOpen)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: lostphoneTexts.wipeCancelPending }));
    expect(emitted.at(-1)).toEqual({
      type: 'cancelingWipe',
      payload: { device_id: device.device_id, command_id: wipe.id },
    });
    act(() => sendToPanel('commandState', { command: moved(wipe, 'expired') }));
    expect(screen.getByText(lostphoneTexts.wipeExpired)).toBeInTheDocument();
  });

  it('starts afresh 1 s after it closes', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderScreen(<ReopenableWipeDialog />);
    const wipe = await confirmWipe(user);
    act(() => sendToPanel('commandState', { command: moved(wipe, 'done') }));
    await user.click(screen.getByRole('button', { name: lostphoneTexts.close }));
    await advance(1_000);
    await user.click(screen.getByRole('button', { name: 'Abrir' }));
    expect(await screen.findByRole('button', { name: lostphoneTexts.wipeConfirm })).toBeDisabled();
  });
});

/** The dialog as the shell holds it: closed by its own buttons, opened again from outside. */
function ReopenableWipeDialog() {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button onClick={() => setOpen(true)}>Abrir</button>
      <WipeDialog device={device} open={open} onClose={() => setOpen(false)} />
    </>
  );
}
