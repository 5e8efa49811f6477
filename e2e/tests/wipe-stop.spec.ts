import { createAccount, expect, selectDevice, signIn, simulatedAndroid, test } from './fixtures.ts';

test('wipe: a wrong password, then the right one, then DETENER in time', async ({ page, startPhone }) => {
  // a long journey (real timers, several browsers or phones): 3 times the limit of playwright.config.ts
  test.slow();
  const account = await createAccount();
  const phone = await startPhone(account);
  await signIn(page, account);
  await selectDevice(page, simulatedAndroid);

  await page.getByRole('button', { name: /^Borrado del dispositivo/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Borrado del dispositivo' });
  const password = dialog.getByLabel('Contraseña', { exact: true });
  const confirm = dialog.getByRole('button', { name: 'Confirmar borrado' });
  await expect(
    dialog.getByText('Debes ingresar tu contraseña en Escudo para confirmar esta acción.'),
  ).toBeVisible();
  await expect(confirm).toBeDisabled();

  // spec 8: 'Contraseña incorrecta' for 3 seconds; nothing reaches the phone
  await password.fill('no-es-mi-clave');
  await confirm.click();
  const wrong = dialog.getByText('Contraseña incorrecta');
  await expect(wrong).toBeVisible();
  await expect(wrong).toBeHidden({ timeout: 5_000 });
  expect(phone.lines.join('\n')).not.toMatch(/"type":"wipe"/);

  await password.fill(account.password);
  await confirm.click();
  await phone.waitForLine(/ · wipe window open for \d+ s$/);
  await expect(
    dialog.getByText('El teléfono recibió la orden de borrado. En unos segundos podrás detenerla.'),
  ).toBeVisible();

  // 5 s after the phone answered: the countdown from 25 and 'DETENER'
  const stop = dialog.getByRole('button', { name: 'DETENER' });
  await expect(stop).toBeVisible({ timeout: 8_000 });
  await expect(dialog.getByText(/^El borrado comenzará en \d+ s$/)).toBeVisible();
  await expect(dialog.getByRole('progressbar', { name: 'Tiempo para detener el borrado' })).toBeVisible();
  await stop.click();

  await phone.waitForLine(/ · wipe stopped by the owner$/);
  await expect(
    dialog.getByText('Se ha detenido el proceso, no se eliminará tu información del dispositivo.'),
  ).toBeVisible();
  expect(phone.lines.join('\n')).not.toMatch(/erasing data/);

  // spec 4: the dialog starts afresh 1 s after it closes
  await dialog.getByRole('button', { name: 'Cerrar' }).click();
  await expect(dialog).toBeHidden();
  await page.waitForTimeout(1_200);
  await page.getByRole('button', { name: /^Borrado del dispositivo/ }).click();
  await expect(dialog.getByRole('button', { name: 'Confirmar borrado' })).toBeDisabled();
});
