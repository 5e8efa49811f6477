import type { Browser, Page } from '@playwright/test';
import { E2E_URL } from '../playwright.config.ts';
import {
  callApi,
  createAccount,
  demoAccount,
  demoOperator,
  expect,
  signIn,
  signInToken,
  test,
  type Account,
} from './fixtures.ts';

/** The demo's video, made by the seed at start-up: a real WebM the journey uploads again. */
async function seededVideo(): Promise<Buffer> {
  const token = await signInToken(demoAccount);
  const { atenciones } = await callApi('getUserAtenciones', { limit: 15, page: 1 }, token);
  for (const atencion of atenciones) {
    const { atencion: detail } = await callApi('getAtencionDetail', { atencion_id: atencion.id }, token);
    const [video] = detail.evidence;
    if (video) return Buffer.from(await (await fetch(`${E2E_URL}${video.file_url}`)).arrayBuffer());
  }
  throw new Error('the demo account has no seeded video');
}

/** Signs in through the Login form as an operator, who lands on the central's page. */
async function signInOperator(page: Page, operator: Account): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(operator.email);
  await page.getByLabel('Contraseña', { exact: true }).fill(operator.password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page).toHaveURL(`${E2E_URL}/operador`);
  await expect(page.getByRole('heading', { name: 'Central de atención' })).toBeVisible();
  // the central's layout shows nothing of a customer's: no sales panel, no phones of their own
  await expect(page.getByRole('button', { name: 'Mi panel de ventas' })).toHaveCount(0);
  await expect(page.getByText(/dispositivos registrados/i)).toHaveCount(0);
}

/**
 * The demo operator, on /operador in a browser of their own: an unknown e-mail is refused, then an
 * atención of `customer` opened, a note written, `video` uploaded over a slow link with its progress
 * bar, and the atención closed. Resolves with its number.
 */
async function attendWithNoteAndVideo(browser: Browser, customer: Account, video: Buffer): Promise<number> {
  const operatorContext = await browser.newContext();
  const operatorPage = await operatorContext.newPage();
  await signInOperator(operatorPage, demoOperator);
  await operatorPage.getByLabel('Email del cliente').fill('nadie@example.cl');
  await operatorPage.getByRole('button', { name: 'Abrir atención' }).click();
  await expect(operatorPage.getByText('No existe un cliente con ese email.')).toBeVisible();
  await operatorPage.getByLabel('Email del cliente').fill(customer.email);
  await operatorPage.getByRole('button', { name: 'Abrir atención' }).click();
  const current = operatorPage.getByRole('region', { name: /^Atención #\d+$/ });
  await expect(current).toBeVisible();
  await expect(current.getByText(`Cliente: ${customer.name} (${customer.email})`)).toBeVisible();
  await current.getByLabel('Título').fill('Llamado de emergencia');
  await current.getByLabel('Descripción').fill('La clienta reporta un intento de robo. Se envía apoyo.');
  await current.getByRole('button', { name: 'Agregar nota' }).click();
  await expect(current.getByText('Llamado de emergencia')).toBeVisible();

  // a slow link, so the upload's progress can be watched
  const cdp = await operatorContext.newCDPSession(operatorPage);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 20,
    downloadThroughput: -1,
    uploadThroughput: Math.ceil(video.length / 3),
  });
  await current
    .locator('input[type="file"]')
    .setInputFiles({ name: 'camara-portal.webm', mimeType: 'video/webm', buffer: video });
  const progress = current.getByRole('progressbar', { name: 'Progreso de la subida' });
  await expect(progress).toBeVisible();
  await expect(current.getByRole('status')).toContainText('Subiendo camara-portal.webm');
  await expect(current.getByText('Video subido: camara-portal.webm.')).toBeVisible({ timeout: 20_000 });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  await expect(current.getByText(/SHA-256 [0-9a-f]{64}/)).toBeVisible();
  await current.getByRole('button', { name: 'Cerrar atención' }).click();
  await expect(current.getByText('Cerrada', { exact: true })).toBeVisible();
  const title = await current.getByRole('heading', { level: 2 }).textContent();
  await operatorContext.close();
  return Number(/#(\d+)/.exec(title ?? '')![1]);
}

test('an operator attends a customer with a note and a video; the customer pages, plays, rotates, shares and revokes', async ({
  page,
  browser,
}) => {
  // a long journey (real timers, several browsers or phones): 3 times the limit of playwright.config.ts
  test.slow();
  const customer = await createAccount();
  const video = await seededVideo();

  // 16 earlier atenciones through the API, so the customer's table has two pages
  const operatorToken = await signInToken(demoOperator);
  for (let i = 0; i < 16; i += 1) {
    const { atencion } = await callApi('openAtencion', { email: customer.email }, operatorToken);
    await callApi('closeAtencion', { atencion_id: atencion.id }, operatorToken);
  }

  // the operator, on /operador: opens one, writes a note, uploads the video with its progress bar
  const atencionId = await attendWithNoteAndVideo(browser, customer, video);

  // the customer: a customer on /operador is told it is not for them
  await signIn(page, customer);
  await page.goto('/operador');
  await expect(page.getByRole('heading', { name: 'Página solo para operadores' })).toBeVisible();
  await page.getByRole('link', { name: 'Ir al inicio', exact: true }).click();
  await page.getByRole('button', { name: /Histórico de atenciones/ }).click();
  await expect(page).toHaveURL(`${E2E_URL}/atenciones`);

  // the table pages 15 at a time: the newest (with the video) first
  const table = page.getByRole('table', { name: 'Atenciones' });
  for (const column of ['#', 'Operador Panel', 'Inicio', 'Duración', 'Adjuntos']) {
    await expect(table.getByRole('columnheader', { name: column, exact: true })).toBeVisible();
  }
  await expect(table.getByRole('row')).toHaveCount(16);
  await expect(page.getByText('1–15 de 17')).toBeVisible();
  await page.getByRole('button', { name: 'Ir a la página siguiente' }).click();
  await expect(page.getByText('16–17 de 17')).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(3);
  await page.getByRole('button', { name: 'Ir a la página anterior' }).click();
  const row = table.getByRole('row', { name: `Ver detalle de la atención #${atencionId}` });
  await expect(row).toContainText('1 video · 1 nota');
  // on a phone 360 px wide, the narrowest common one, the five columns fit: none hides past the edge
  const wide = page.viewportSize()!;
  await page.setViewportSize({ width: 360, height: 800 });
  await expect
    .poll(() => table.evaluate((element) => element.scrollWidth - element.parentElement!.clientWidth))
    .toBeLessThanOrEqual(0);
  await expect(row).toContainText('1 video · 1 nota');
  await page.setViewportSize(wide);
  await row.click();

  // the detail: Notas and Evidencias; the video plays and turns a quarter at a time
  const detail = page.getByRole('region', { name: `Atención #${atencionId}` });
  await expect(detail.getByRole('heading', { name: 'Notas' })).toBeVisible();
  await expect(detail.getByText('Llamado de emergencia')).toBeVisible();
  await expect(detail.getByRole('heading', { name: 'Evidencias' })).toBeVisible();
  const player = detail.locator('video');
  await expect(player).toHaveCount(1);
  const played = await player.evaluate(async (element: HTMLVideoElement) => {
    element.muted = true;
    await element.play();
    await new Promise((resolve) => setTimeout(resolve, 600));
    return { duration: element.duration, readyState: element.readyState, time: element.currentTime };
  });
  expect(played.duration).toBeGreaterThan(0);
  expect(played.readyState).toBeGreaterThanOrEqual(2);
  expect(played.time).toBeGreaterThan(0);
  const rotate = detail.getByRole('button', { name: 'Rotar el video 1 90 grados' });
  for (const turns of [1, 2, 3, 0]) {
    await rotate.click();
    await expect(player).toHaveAttribute('data-quarter-turns', String(turns));
    await expect(detail.getByText(`Rotación: ${turns * 90}°`)).toBeVisible();
  }

  // shares the evidence for 7 days, copies the link
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await detail.getByRole('button', { name: 'Compartir evidencias' }).click();
  const dialog = page.getByRole('dialog', { name: 'Compartir evidencias' });
  await dialog.getByRole('radio', { name: '7 días' }).check();
  await dialog.getByRole('button', { name: 'Crear enlace' }).click();
  const link = dialog.getByLabel('Enlace de evidencias');
  await expect(link).toHaveValue(new RegExp(`^${E2E_URL}/evidencia/[\\w-]{43}$`));
  const url = await link.inputValue();
  await dialog.getByRole('button', { name: 'Copiar' }).click();
  await expect(dialog.getByText('Enlace copiado al portapapeles.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  await dialog.getByRole('button', { name: 'Cerrar' }).click();
  await expect(detail.getByText(/Hay un enlace de evidencias activo hasta el/)).toBeVisible();

  // someone signed out opens it: names, notes, the video with its SHA-256
  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  await visitorPage.goto(url);
  await expect(visitorPage.getByRole('heading', { name: `Atención a ${customer.name}` })).toBeVisible();
  await expect(visitorPage.getByText('Operador: Operador Demo')).toBeVisible();
  await expect(visitorPage.getByText('Llamado de emergencia')).toBeVisible();
  await expect(visitorPage.getByText(/SHA-256 [0-9a-f]{64}/)).toBeVisible();
  const visitorDuration = await visitorPage
    .locator('video')
    .evaluate(
      (element: HTMLVideoElement) =>
        new Promise<number>((resolve) =>
          element.readyState >= 1
            ? resolve(element.duration)
            : element.addEventListener('loadedmetadata', () => resolve(element.duration)),
        ),
    );
  expect(visitorDuration).toBeGreaterThan(0);

  // revoked: the page says so at once
  await detail.getByRole('button', { name: 'Revocar enlace' }).click();
  await expect(detail.getByText('El enlace fue revocado: ya no funciona.')).toBeVisible();
  await visitorPage.reload();
  await expect(visitorPage.getByRole('heading', { name: 'Enlace no disponible' })).toBeVisible();
  await expect(visitorPage.getByText(/fue revocado o ha expirado/)).toBeVisible();
  await visitor.close();
});

test('a customer calling the operator API is refused', async () => {
  const customer = await createAccount();
  const token = await signInToken(customer);
  await expect(callApi('listOperatorAtenciones', { limit: 15, page: 1 }, token)).rejects.toMatchObject({
    status: 403,
    code: 'FORBIDDEN',
  });
});
