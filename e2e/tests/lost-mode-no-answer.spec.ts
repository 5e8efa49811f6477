import { createAccount, expect, selectDevice, signIn, simulatedAndroid, test } from './fixtures.ts';

test('a phone that never answers: after 40 s the panel says so', async ({ page, startPhone }) => {
  // a long journey (real timers, several browsers or phones): 3 times the limit of playwright.config.ts
  test.slow();
  const account = await createAccount();
  const phone = await startPhone(account, { silent: true });
  await signIn(page, account);
  await selectDevice(page, simulatedAndroid);

  await page.getByRole('button', { name: /^Pérdida del dispositivo/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Pérdida del dispositivo' });
  await dialog.getByRole('button', { name: 'Activar función de pérdida' }).click();
  await expect(dialog.getByText('Esperando respuesta del teléfono…')).toBeVisible();
  await expect(
    dialog.getByRole('progressbar', { name: 'Tiempo de espera de la respuesta del teléfono' }),
  ).toBeVisible();
  // the probe reached the phone, which kept quiet
  await phone.waitForLine(/ ← ayThere /);

  await expect(
    dialog.getByText(
      'No tuvimos respuesta del teléfono, es posible que no se haya activado/desactivado. Puedes intentar nuevamente para confirmar.',
    ),
  ).toBeVisible({ timeout: 50_000 });
  // nothing was recorded, and the person may try again
  await expect(dialog.getByText('Desactivada', { exact: true })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Activar función de pérdida' })).toBeEnabled();
  await expect(page).toHaveURL(/\/$/);
});
