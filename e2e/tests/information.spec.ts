import { createAccount, expect, selectDevice, signIn, simulatedAndroid, test } from './fixtures.ts';

test('Información Recopilada: reports arrive live, on the map and as photos', async ({
  page,
  startPhone,
}) => {
  // a long journey (real timers, several browsers or phones): 3 times the limit of playwright.config.ts
  test.slow();
  const account = await createAccount();
  // a report every 2 s instead of every hour
  await startPhone(account, { reportEvery: 2 });
  await signIn(page, account);
  await selectDevice(page, simulatedAndroid);

  // nothing yet: the empty text and the Android 11 warning (the simulator runs Android 14)
  await page.getByRole('button', { name: /^Información recopilada/ }).click();
  await expect(page.getByRole('heading', { name: 'Información Recopilada' })).toBeVisible();
  await expect(page.getByText('Aún no hay información recopilada para este dispositivo.')).toBeVisible();
  await expect(page.getByText(/Desde Android 11 el sistema desactiva las fotos de incógnito/)).toBeVisible();

  // lost mode on, from Home: the panel comes back here by itself
  await page.getByRole('button', { name: 'Volver' }).click();
  await page.getByRole('button', { name: /^Pérdida del dispositivo/ }).click();
  await page
    .getByRole('dialog', { name: 'Pérdida del dispositivo' })
    .getByRole('button', { name: 'Activar función de pérdida' })
    .click();
  await expect(page).toHaveURL(/\/device-info$/);

  // reports keep arriving without reloading the page
  const cards = page.getByRole('article', { name: /^Reporte del \d{2}-\d{2}-\d{4} \d{2}:\d{2}$/ });
  await expect(cards.nth(1)).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('.leaflet-marker-icon').nth(1)).toBeVisible();

  // 'Marcar en mapa' highlights that report's pin and opens its popup
  const oldest = cards.last();
  const date = (await oldest.getByRole('heading').textContent()) ?? '';
  await oldest.getByRole('button', { name: 'Marcar en mapa' }).click();
  await expect(oldest.getByRole('button', { name: 'Marcar en mapa' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.locator('.leaflet-popup')).toContainText(`Reporte del ${date}`);

  // the photo, full screen, and back
  await oldest.getByRole('button', { name: `Ver en pantalla completa la foto del ${date}` }).click();
  const viewer = page.getByRole('dialog', { name: `Reporte del ${date}` });
  await expect(viewer.getByRole('img', { name: `Foto enviada por el teléfono el ${date}` })).toBeVisible();
  await expect
    .poll(() => viewer.getByRole('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  await viewer.getByRole('button', { name: 'Cerrar' }).click();
  await expect(viewer).toBeHidden();

  // 'Recargar' asks again (renewing the photos' links) and keeps every report
  const count = await cards.count();
  await page.getByRole('button', { name: 'Recargar' }).click();
  await expect.poll(() => cards.count()).toBeGreaterThanOrEqual(count);
});
