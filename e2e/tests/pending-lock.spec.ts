import {
  createAccount,
  deviceOrders,
  expect,
  registerPhoneThatIsOff,
  selectDevice,
  signIn,
  simulatedAndroid,
  test,
} from './fixtures.ts';

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1366, height: 900 },
]) {
  test(`lock a phone that is off: the order waits, visibly, and runs when the phone connects (${viewport.width} px)`, async ({
    page,
    startPhone,
  }) => {
    // waits the spec's 40 s for real: 3 times the limit of playwright.config.ts
    test.slow();
    const isNarrow = viewport.width < 600;
    await page.setViewportSize(viewport);
    const account = await createAccount();
    await registerPhoneThatIsOff(account);
    await signIn(page, account);
    if (isNarrow) await page.getByRole('button', { name: 'Abrir menú' }).click();
    await selectDevice(page, simulatedAndroid);

    await page.getByRole('button', { name: /^Bloqueo de pantalla/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Bloqueo de pantalla' });
    await expect(dialog.getByText('Teléfono desconectado')).toBeVisible();
    await dialog.getByLabel('PIN de 4 dígitos').fill('2580');
    await dialog.getByRole('button', { name: 'Bloquear teléfono' }).click();
    await expect(dialog.getByText(/^El teléfono aún no se conecta\./)).toBeVisible();
    await dialog.getByRole('button', { name: 'Cerrar' }).click();
    await expect(dialog).toBeHidden();

    // once the spec's 40 s are over, the order is still there, beside its phone, with its time
    const orders = await deviceOrders(page, simulatedAndroid);
    await expect(orders.getByText('Pendiente: se aplicará cuando el teléfono se conecte')).toBeVisible({
      timeout: 60_000,
    });
    await expect(orders.getByText('Bloqueo de pantalla')).toBeVisible();
    await expect(orders.getByText(/^Ordenada el \d{2}-\d{2}-\d{4} \d{2}:\d{2}\. Vence el /)).toBeVisible();
    await expect(orders.getByRole('button', { name: 'Cancelar orden' })).toBeVisible();

    // the phone is switched on: it gets the order and locks; the panel shows it happen
    const phone = await startPhone(account);
    await phone.waitForLine(/ · locked with PIN \*\*\*\*$/);
    await expect(orders.getByText('Aplicada: el teléfono quedó bloqueado.')).toBeVisible();
    await expect(orders.getByText('Pendiente: se aplicará cuando el teléfono se conecte')).toBeHidden();
    expect(phone.lines.join('\n')).not.toContain('2580');
    await orders.getByRole('button', { name: 'Entendido' }).click();
    await expect(orders).toBeHidden();
  });
}
