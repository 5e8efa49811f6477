import { LOST_PHONE_WAIT_MS } from '@escudo/contract/browser';
import {
  callApi,
  createAccount,
  deviceOrders,
  expect,
  registerPhoneThatIsOff,
  selectDevice,
  signIn,
  signInToken,
  simulatedAndroid,
  test,
} from './fixtures.ts';

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1366, height: 900 },
]) {
  test(`a wipe ordered while the phone is off is cancelled before it connects, and never runs (${viewport.width} px)`, async ({
    page,
    startPhone,
  }) => {
    const isNarrow = viewport.width < 600;
    await page.setViewportSize(viewport);
    // the panel's clock, moved on past the spec's 40 s below rather than waited for (twice, 80 s of
    // the run): lost-mode-no-answer.spec.ts waits them for real, and the panel's own tests to the second
    await page.clock.install();
    const account = await createAccount();
    await registerPhoneThatIsOff(account);
    await signIn(page, account);
    if (isNarrow) await page.getByRole('button', { name: 'Abrir menú' }).click();
    await selectDevice(page, simulatedAndroid);

    await page.getByRole('button', { name: /^Borrado del dispositivo/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Borrado del dispositivo' });
    await dialog.getByLabel('Contraseña', { exact: true }).fill(account.password);
    await dialog.getByRole('button', { name: 'Confirmar borrado' }).click();
    await expect(dialog.getByText('Esperando respuesta del teléfono…')).toBeVisible();
    // Date only, timers untouched: the realtime link's own keep-alive timers are not made to expire
    await page.clock.setSystemTime(Date.now() + LOST_PHONE_WAIT_MS);
    // the spec's message after 40 s without an answer, kept as it was
    await expect(dialog.getByText(/^El teléfono no respondió en 40 segundos\./)).toBeVisible();
    await dialog.getByRole('button', { name: 'Cerrar' }).click();
    await expect(dialog).toBeHidden();

    // the order is not forgotten: it waits beside its phone, and is cancelled from there
    const orders = await deviceOrders(page, simulatedAndroid);
    await expect(orders.getByText('Pendiente: se aplicará cuando el teléfono se conecte')).toBeVisible();
    await expect(orders.getByText('Borrado del dispositivo')).toBeVisible();
    await orders.getByRole('button', { name: 'Cancelar orden' }).click();
    await expect(orders.getByText('¿Cancelar esta orden? El teléfono no la recibirá.')).toBeVisible();
    await orders.getByRole('button', { name: 'Sí, cancelar la orden' }).click();
    await expect(orders.getByText('Orden cancelada: el teléfono no la recibirá.')).toBeVisible();
    await expect(orders.getByRole('button', { name: 'Cancelar orden' })).toBeHidden();

    // the phone is switched on: it never hears of the wipe
    const phone = await startPhone(account);
    const token = await signInToken(account);
    const { commands } = await callApi('getDeviceCommands', { device_id: phone.deviceId, limit: 10 }, token);
    expect(commands.map((command) => [command.type, command.state])).toEqual([['wipe', 'cancelled']]);
    // what a connecting phone is sent comes right after `resume`: give it a moment, then look
    await phone.waitForLine(/ ← resume /);
    await page.waitForTimeout(2_000);
    expect(phone.lines.join('\n')).not.toMatch(/wipe/);
    await expect(orders.getByText('Orden cancelada: el teléfono no la recibirá.')).toBeVisible();
  });
}
