import type { Browser, Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { E2E_URL } from '../playwright.config.ts';
import { createAccount, demoOperator, expect, runAdmin, signIn, test, type Account } from './fixtures.ts';

/** An operator on /operador in a browser of their own, at the given size. */
async function operatorScreen(
  browser: Browser,
  operator: Account,
  viewport: { width: number; height: number },
) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('Email').fill(operator.email);
  await page.getByLabel('Contraseña', { exact: true }).fill(operator.password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page).toHaveURL(`${E2E_URL}/operador`);
  await expect(page.getByRole('heading', { name: 'Central en vivo' })).toBeVisible();
  return page;
}

const sosRow = (page: Page, customer: Account) =>
  page.getByRole('listitem', { name: `Alerta SOS de ${customer.name}` });

test('an SOS reaches two operators live; one takes it, the other sees who, and it is closed with an outcome the customer is told', async ({
  page,
  browser,
  startPhone,
}) => {
  test.slow();
  const customer = await createAccount();
  const id = randomBytes(3).toString('hex');
  const diego: Account = {
    name: `Diego Rojas ${id}`,
    email: `diego.${id}@escudo.test`,
    password: `clave-${id}-operador`,
  };
  await runAdmin([
    'operator',
    'create',
    '--email',
    diego.email,
    '--name',
    diego.name,
    '--password',
    diego.password,
  ]);
  // the demo operator, a supervisor, at a desk; Diego on a phone
  const supervisor = await operatorScreen(browser, demoOperator, { width: 1366, height: 900 });
  const onPhone = await operatorScreen(browser, diego, { width: 390, height: 844 });
  await signIn(page, customer);

  const phone = await startPhone(customer, { sos: 3 });
  await phone.waitForLine(/SOS raised: alert \d+/);
  // both screens show it, unclaimed, with the customer's phone, without being reloaded
  for (const screen of [supervisor, onPhone]) {
    const row = sosRow(screen, customer);
    await expect(row).toBeVisible();
    await expect(row).toContainText(/Sin tomar · espera \d+ s/);
    await expect(row).toContainText('Teléfono: Teléfono simulado (android)');
  }
  await expect(page.getByRole('alert').filter({ hasText: 'Tienes una alerta activa' })).toBeVisible();

  await sosRow(onPhone, customer)
    .getByRole('button', { name: /^Tomar el evento/ })
    .click();
  await expect(sosRow(onPhone, customer)).toContainText(/Lo atiendes tú/);
  // taking it opens its handling: the customer, the phone, the map of the walk; its atención opened
  const handling = onPhone.getByRole('region', { name: /^Atención del evento #\d+$/ });
  await expect(
    handling.getByRole('heading', { name: `Atendiendo: Alerta SOS de ${customer.name}` }),
  ).toBeVisible();
  await expect(handling.getByRole('region', { name: 'Teléfono' })).toContainText('Conectado ahora');
  await expect(handling.getByRole('region', { name: 'Mapa con las posiciones del evento' })).toBeVisible();
  await handling.getByRole('button', { name: 'Abrir atención del evento' }).click();
  await expect(handling.getByText(/^Atención #\d+ del evento: registra notas/)).toBeVisible();
  // the customer's Home says the central attends it, by the operator's first name
  await expect(page.getByText('La central está atendiendo tu alerta: te atiende Diego.')).toBeVisible();
  // the other operator sees who holds it, and can no longer take it; a supervisor may still assign it
  const held = sosRow(supervisor, customer);
  await expect(held).toContainText(`Tomado por ${diego.name}`);
  await expect(held.getByRole('button', { name: /^Tomar el evento/ })).toHaveCount(0);
  await expect(held.getByRole('button', { name: /^Asignar el evento/ })).toBeVisible();

  await sosRow(onPhone, customer).getByRole('button', { name: 'Cerrar evento' }).click();
  const dialog = onPhone.getByRole('dialog', { name: /^Cerrar evento #\d+$/ });
  await dialog.getByRole('combobox', { name: /Resultado/ }).click();
  await onPhone.getByRole('option', { name: 'Cliente a salvo' }).click();
  await dialog.getByRole('combobox', { name: /Nivel de gravedad/ }).click();
  await onPhone.getByRole('option', { name: '2 · Probable persona presente' }).click();
  await dialog
    .getByRole('textbox', { name: 'Nota (opcional)' })
    .fill('Llamé y está bien: se activó sin querer.');
  await dialog.getByRole('button', { name: 'Cerrar evento' }).click();
  await expect(onPhone.getByText(/^Evento #\d+ cerrado: Cliente a salvo\.$/)).toBeVisible();

  // gone from both queues; in the supervisor's history with its outcome, level and note
  await expect(sosRow(onPhone, customer)).toHaveCount(0);
  await expect(held).toHaveCount(0);
  const history = supervisor.getByRole('table', { name: 'Eventos cerrados' });
  const closed = history.getByRole('row').filter({ hasText: customer.name });
  await expect(closed).toContainText('Cliente a salvo');
  await expect(closed).toContainText('2 · Probable persona presente');
  await expect(closed).toContainText('Llamé y está bien: se activó sin querer.');
  await expect(closed).toContainText(diego.name);

  // the customer's alert ended with it, and the customer is told how
  await expect(
    page.getByRole('alert').filter({ hasText: 'La central cerró tu alerta: Cliente a salvo.' }),
  ).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Tienes una alerta activa' })).toHaveCount(0);
});
