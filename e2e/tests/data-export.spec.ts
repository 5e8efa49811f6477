import fs from 'node:fs/promises';
import { unzip } from '@escudo/server/test/zip';
import { createAccount, expect, readLinkFromOutbox, signIn, simulatedAndroid, test } from './fixtures.ts';

const SHOTS_DIR = '/tmp/shots-export';

/** every file of a ZIP by its name */
test('ask for a copy of my data, get the e-mail, download the ZIP and open it', async ({
  page,
  startPhone,
}) => {
  const account = await createAccount();
  await startPhone(account);
  await fs.mkdir(SHOTS_DIR, { recursive: true });
  await signIn(page, account);
  await page.getByRole('link', { name: 'Seguridad y privacidad' }).first().click();
  const section = page.getByRole('region', { name: 'Descargar mis datos' });
  await expect(section).toBeVisible();

  // a wrong password starts nothing and says so
  await section.getByRole('button', { name: 'Descargar mis datos' }).click();
  const dialog = page.getByRole('dialog', { name: 'Descargar mis datos' });
  await dialog.getByLabel('Contraseña', { exact: true }).fill('no-es-mi-clave');
  await dialog.getByRole('button', { name: 'Preparar mi copia' }).click();
  await expect(
    dialog.getByText('La contraseña no es correcta. Revísala e inténtalo nuevamente.'),
  ).toBeVisible();

  await dialog.getByLabel('Contraseña', { exact: true }).fill(account.password);
  await page.setViewportSize({ width: 360, height: 760 });
  await page.screenshot({ path: `${SHOTS_DIR}/dialog-360.png` });
  await dialog.getByRole('button', { name: 'Preparar mi copia' }).click();
  await expect(dialog).toBeHidden();

  // the e-mail brings the signed link
  const link = await readLinkFromOutbox(account.email, /https?:\/\/\S+\/api\/account\/export\/download\/\S+/);
  // the panel, checking again while it is prepared, offers 'Descargar'
  await expect(section.getByRole('link', { name: 'Descargar' })).toBeVisible({ timeout: 15_000 });
  await expect(section.getByText(/^Puedes pedir una copia al día: la próxima desde el /)).toBeVisible();
  await section.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS_DIR}/ready-360.png` });
  await page.setViewportSize({ width: 1280, height: 900 });
  await section.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS_DIR}/ready-desktop.png` });

  // 'Descargar' downloads the ZIP under its dated name
  const downloading = page.waitForEvent('download');
  await section.getByRole('link', { name: 'Descargar' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^escudo-mis-datos-\d{4}-\d{2}-\d{2}\.zip$/);
  const fromPanel = await fs.readFile(await download.path());

  // the e-mailed link gives the same file
  const response = await page.request.get(link);
  expect(response.status()).toBe(200);
  const fromEmail = await response.body();
  expect(fromEmail.equals(fromPanel)).toBe(true);

  const files = await unzip(fromEmail);
  for (const name of ['LEEME.txt', 'perfil.json', 'dispositivos.json', 'rutas.json', 'actividad.json']) {
    expect(files.has(name), name).toBe(true);
  }
  expect(JSON.parse(files.get('perfil.json')!.toString('utf8')).email).toBe(account.email);
  const phones = JSON.parse(files.get('dispositivos.json')!.toString('utf8')).dispositivos;
  expect(phones.map((phone: { nombre: string }) => phone.nombre)).toContain(simulatedAndroid.name);
  expect(files.get('LEEME.txt')!.toString('utf8')).toContain('modo-perdido/reportes.json');
});
