import { createAccount, expect, selectDevice, signIn, simulatedAndroid, test } from './fixtures.ts';

const answered = 'El teléfono ha respondido, se ha activado/desactivado la función.';

test('turn lost mode on (then Información opens) and off again', async ({ page, startPhone }) => {
  const account = await createAccount();
  const phone = await startPhone(account);
  await signIn(page, account);
  await selectDevice(page, simulatedAndroid);

  // on: the phone answers, the change is recorded, and Información Recopilada opens by itself
  await page.getByRole('button', { name: /^Pérdida del dispositivo/ }).click();
  let dialog = page.getByRole('dialog', { name: 'Pérdida del dispositivo' });
  await expect(dialog.getByText('Desactivada', { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Activar función de pérdida' }).click();
  await expect(dialog.getByText(answered)).toBeVisible();
  await phone.waitForLine(/ · lost mode on, reporting every \d+ s$/);
  await expect(page).toHaveURL(/\/device-info$/);
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Información Recopilada' })).toBeVisible();

  // off: back on Home, the dialog shows the new state and turns it off
  await page.getByRole('button', { name: 'Volver' }).click();
  await page.getByRole('button', { name: /^Pérdida del dispositivo/ }).click();
  dialog = page.getByRole('dialog', { name: 'Pérdida del dispositivo' });
  await expect(dialog.getByText('Activada', { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Desactivar función de pérdida' }).click();
  await expect(dialog.getByText(answered)).toBeVisible();
  await phone.waitForLine(/ · lost mode off$/);
  await expect(dialog.getByText('Desactivada', { exact: true })).toBeVisible();
  // turning it off stays on Home
  await page.waitForTimeout(2_500);
  await expect(page).toHaveURL(/\/$/);
  await expect(dialog).toBeVisible();
});
