import { createAccount, expect, selectDevice, signIn, simulatedAndroid, test } from './fixtures.ts';

test('lock a phone with a 4-digit PIN and see that it locked', async ({ page, startPhone }) => {
  const account = await createAccount();
  const phone = await startPhone(account);
  await signIn(page, account);
  await selectDevice(page, simulatedAndroid);

  await page.getByRole('button', { name: /^Bloqueo de pantalla/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Bloqueo de pantalla' });
  await expect(dialog.getByText('Teléfono conectado')).toBeVisible();
  const pin = dialog.getByLabel('PIN de 4 dígitos');
  const lock = dialog.getByRole('button', { name: 'Bloquear teléfono' });

  // spec 5: enabled only with exactly 4 digits; letters never get in
  await expect(lock).toBeDisabled();
  await pin.fill('12a');
  await expect(pin).toHaveValue('12');
  await expect(lock).toBeDisabled();
  await pin.fill('123456');
  await expect(pin).toHaveValue('1234');
  await expect(lock).toBeEnabled();
  await lock.click();

  // the phone takes the order and locks; the panel follows the order to the end
  await phone.waitForLine(/ · locked with PIN \*\*\*\*$/);
  await expect(dialog.getByText('El teléfono quedó bloqueado con el PIN que elegiste.')).toBeVisible();
  for (const step of ['Enviado', 'Recibido por el teléfono', 'Bloqueado']) {
    await expect(dialog.getByText(step, { exact: true })).toBeVisible();
  }
  // the PIN never shows in the phone's output
  expect(phone.lines.join('\n')).not.toContain('1234');

  await dialog.getByRole('button', { name: 'Cerrar' }).click();
  await expect(dialog).toBeHidden();
});
