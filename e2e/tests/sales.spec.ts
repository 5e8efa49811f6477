/**
 * The referral sales programme and sponsored sign-up (decisions 020 and 021): activate the sales profile,
 * copy the link, sign someone up through it, pay for them in the Flow sandbox, and see the summary, charts
 * and detail follow; then an operator's sponsor (made with `npm run admin`) gives a plan at sign-up.
 */
import type { Browser, Locator, Page } from '@playwright/test';
import { CHILE_TIME_ZONE, SPANISH_MONTH_NAMES, chileDateParts } from '@escudo/contract/browser';
import { E2E_URL } from '../playwright.config.ts';
import { createAccount, expect, expectCurrentPlan, newAccount, runAdmin, signIn, test } from './fixtures.ts';

test.use({ permissions: ['clipboard-read', 'clipboard-write'], timezoneId: CHILE_TIME_ZONE });

/** Signs up through the Register form of `url`, in a browser of its own, and goes to the panel. */
async function signUpThrough(browser: Browser, url: string, account = newAccount()) {
  const context = await browser.newContext({
    baseURL: E2E_URL,
    locale: 'es-CL',
    timezoneId: CHILE_TIME_ZONE,
  });
  const page = await context.newPage();
  await page.goto(url);
  return { context, page, account };
}

async function fillRegister(page: Page, account: { name: string; email: string; password: string }) {
  await page.getByLabel('Nombre').fill(account.name);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Contraseña', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Registrarme' }).click();
  await expect(page.getByText('Registro Completo')).toBeVisible();
  await page
    .getByRole('button', { name: 'Ir al panel de usuario' })
    .or(page.getByRole('link', { name: 'Ir al panel de usuario' }))
    .click();
  await expect(page.getByRole('button', { name: 'Cerrar Sesión' })).toBeVisible();
}

/** a figure of the month's summary: the value under its label */
/**
 * Picks an option of a select. The option is focused and chosen with Enter rather than clicked at a
 * position: on a slow machine a click while MUI's menu was still growing once landed on another
 * month ('Junio' for 'Octubre'), and the journey waited for a menu that had closed.
 */
async function choose(page: Page, combobox: Locator, option: string) {
  await combobox.click();
  await page.getByRole('option', { name: option, exact: true }).press('Enter');
  await expect(combobox).toHaveText(option);
}

const figure = (scope: Page | Locator, label: string | RegExp) =>
  scope.getByRole('term').filter({ hasText: label }).locator('xpath=following-sibling::dd[1]');

/** whether Chart.js drew anything on the canvas (a blank canvas has no opaque pixel) */
const hasDrawn = (page: Page, name: string) =>
  page.getByRole('img', { name }).evaluate((canvas: HTMLCanvasElement) => {
    const context = canvas.getContext('2d')!;
    const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
    for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) return true;
    return false;
  });

test('a referrer activates sales, shares the link, and sees a referred payment counted', async ({
  page,
  browser,
}) => {
  const referrer = await createAccount();
  const chartRequests: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/chart[-.]/.test(request.url())) chartRequests.push(request.url());
  });
  await signIn(page, referrer);
  // Chart.js is not part of the panel's load: only the sales page fetches it
  expect(chartRequests).toEqual([]);

  await page.getByRole('button', { name: 'Mi panel de ventas' }).click();
  await expect(page).toHaveURL(/\/sales$/);
  await expect(page.getByText('La sección de ventas no está activada')).toBeVisible();
  await page.getByRole('button', { name: 'Activar perfil de ventas' }).click();
  await expect(page.getByRole('tab', { name: 'Resumen' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('Tu perfil de ventas está activado.', { exact: false })).toBeVisible();

  // the twelve months, this one chosen (Chile's calendar)
  const now = chileDateParts(new Date())!;
  const thisMonth = SPANISH_MONTH_NAMES[Number(now.month) - 1]!;
  const lastMonth = SPANISH_MONTH_NAMES[(Number(now.month) + 10) % 12]!;
  const lastMonthYear = now.month === '01' ? Number(now.year) - 1 : Number(now.year);
  await expect(page.getByRole('heading', { name: `Resumen de ${thisMonth} ${now.year}` })).toBeVisible();
  await expect(figure(page, 'Referidos nuevos')).toHaveText('0');
  await expect(figure(page, 'Monto de pagos')).toHaveText('$0');
  await expect(page.getByText('se paga al cierre del periodo', { exact: false })).toBeVisible();

  // the code and the link; 'Copiar' puts the link on the clipboard and says so
  const code = (await page.getByText(/^[A-Z0-9]{8}$/).textContent())!;
  const link = `${E2E_URL}/register?sharecode=${code}`;
  await expect(page.getByLabel('Enlace directo de registro')).toHaveValue(link);
  await page.getByRole('button', { name: 'Copiar' }).click();
  await expect(
    page.getByText('Url copiada al portapapeles. Compártela en tus redes o donde quieras.', { exact: true }),
  ).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  expect(chartRequests.length).toBeGreaterThan(0);
  // Chart.js draws on an animation frame after the data arrives: on a busy machine that is later
  await expect.poll(() => hasDrawn(page, 'Nuevos referidos por mes')).toBe(true);

  // someone signs up through the link and pays a month of Protección in the Flow sandbox
  const referred = await signUpThrough(browser, link);
  await fillRegister(referred.page, referred.account);
  await referred.page.getByRole('button', { name: 'Mis planes' }).click();
  const proteccion = referred.page.getByRole('region', { name: 'Actualiza tu Plan' }).getByRole('article', {
    name: 'Protección',
  });
  await proteccion.getByRole('button', { name: '1 mes' }).click();
  await expect(proteccion.getByText('$4.990', { exact: true })).toBeVisible();
  await proteccion.getByRole('button', { name: 'Actualizar' }).click();
  await expect(referred.page).toHaveURL(/\/flow-sandbox\/pay\?token=/);
  await referred.page.getByRole('button', { name: 'Pagar' }).click();
  await expect(referred.page.getByRole('dialog', { name: 'Pago realizado' })).toBeVisible();
  await referred.context.close();

  // the referrer's summary: one new referred, one payment, $4.990, and 20 % of it
  await page.reload();
  await expect(figure(page, 'Referidos nuevos')).toHaveText('1');
  await expect(figure(page, 'Pagos de referidos')).toHaveText('1');
  await expect(figure(page, 'Monto de pagos')).toHaveText('$4.990');
  await expect(figure(page, /^Mi comisión \(20 %\)$/)).toHaveText('$998');
  // the charts, and their text
  await expect(
    page.getByText(
      `Pagos de referidos: $0 en ${lastMonth} ${lastMonthYear} y $4.990 en ${thisMonth} ${now.year}.`,
    ),
  ).toBeVisible();
  await expect(
    page.getByText(new RegExp(`${thisMonth.slice(0, 3)} ${now.year.slice(2)}: 1\\.$`)),
  ).toBeVisible();
  await expect.poll(() => hasDrawn(page, 'Pagos: mes anterior y este mes')).toBe(true);

  // last month has nothing
  await choose(page, page.getByRole('combobox', { name: 'Mes' }), lastMonth);
  await expect(page.getByRole('heading', { name: `Resumen de ${lastMonth} ${lastMonthYear}` })).toBeVisible();
  await expect(figure(page, 'Monto de pagos')).toHaveText('$0');

  // the payout account: a wrong RUT is refused on its field, a right one saved
  const bank = page.getByRole('form', { name: 'Cuenta bancaria para tus comisiones' });
  await choose(page, bank.getByRole('combobox', { name: 'Banco' }), 'Banco Estado');
  await choose(page, bank.getByRole('combobox', { name: 'Tipo de cuenta' }), 'Cuenta Vista / CuentaRUT');
  await bank.getByLabel('Número de cuenta').fill('12345678');
  await bank.getByLabel('Titular de la cuenta').fill(referrer.name);
  await bank.getByLabel('RUT del titular').fill('12.345.678-9');
  await bank.getByRole('button', { name: 'Guardar cuenta' }).click();
  await expect(bank.getByText('El RUT no es válido.')).toBeVisible();
  await bank.getByLabel('RUT del titular').fill('123456785');
  await expect(bank.getByLabel('RUT del titular')).toHaveValue('12.345.678-5');
  await bank.getByRole('button', { name: 'Guardar cuenta' }).click();
  await expect(bank.getByText('Cuenta bancaria guardada.')).toBeVisible();

  // the detail covers the month chosen in Resumen (docs/api.md, getUserPaymentStatus), still last month:
  // nothing paid in it
  await page.getByRole('tab', { name: 'Detalle de referidos' }).click();
  const table = page.getByRole('table', { name: 'Tus referidos' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await table.getByRole('button', { name: `Ver pagos de ${referred.account.name}` }).click();
  const detail = page.getByRole('region', { name: `Pagos de ${referred.account.name}` });
  await expect(detail.getByText(`Periodo: ${lastMonth} ${lastMonthYear}`)).toBeVisible();
  await expect(figure(detail, 'Número de pagos')).toHaveText('0');
  await expect(figure(detail, 'Monto total')).toHaveText('$0');

  // this month in Resumen: the detail shows its payment, and 20 % of it
  await page.getByRole('tab', { name: 'Resumen' }).click();
  await choose(page, page.getByRole('combobox', { name: 'Mes' }), thisMonth);
  await page.getByRole('tab', { name: 'Detalle de referidos' }).click();
  await expect(detail.getByText(`Periodo: ${thisMonth} ${now.year}`)).toBeVisible();
  await expect(figure(detail, 'Número de pagos')).toHaveText('1');
  await expect(figure(detail, 'Monto total')).toHaveText('$4.990');
  await expect(figure(detail, 'Comisión (20 %)')).toHaveText('$998');
});

test('a sponsor made with the admin command gives its plan at sign-up; an unknown code says so', async ({
  browser,
}) => {
  const lines = await runAdmin([
    'sponsor',
    'create',
    '--name',
    'Municipalidad de Prueba',
    '--plan',
    '3',
    '--months',
    '6',
  ]);
  const uniqueId = lines.at(-1)!;
  expect(uniqueId).toMatch(/^[\w-]{22}$/);

  const unknown = await signUpThrough(browser, '/register?sponsor_code=no-existe');
  await expect(unknown.page.getByRole('alert')).toHaveText(
    'El código de patrocinio no es válido o ya no está vigente.',
  );
  await unknown.context.close();

  const sponsored = await signUpThrough(browser, `/register?sponsor_code=${uniqueId}`);
  const banner = sponsored.page.getByRole('status').filter({ hasText: 'Municipalidad de Prueba' });
  await expect(banner).toContainText('Tu registro es patrocinado por Municipalidad de Prueba.');
  await expect(banner).toContainText('plan Familia por 6 meses, sin costo adicional');
  await fillRegister(sponsored.page, sponsored.account);

  // the plan, as a paid one shows: Familia, until six months from now
  const page = sponsored.page;
  await expectCurrentPlan(page, 'Familia', 6);

  await sponsored.context.close();

  // disabled, the link stops working
  await runAdmin(['sponsor', 'disable', '--unique-id', uniqueId]);
  const disabled = await signUpThrough(browser, `/register?sponsor_code=${uniqueId}`);
  await expect(disabled.page.getByRole('alert')).toHaveText(
    'El código de patrocinio no es válido o ya no está vigente.',
  );
  await disabled.context.close();
});
