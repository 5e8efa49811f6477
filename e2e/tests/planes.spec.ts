/**
 * Planes and payments (decision 008): choose a plan and a period, pay (or refuse) on the built-in Flow
 * sandbox's page, come back to the payment-status dialog and see the account's plan follow.
 */
import type { Page } from '@playwright/test';
import { createAccount, expect, signIn, test } from './fixtures.ts';

async function openPlanes(page: Page) {
  await page.getByRole('button', { name: 'Mis planes' }).click();
  await expect(page).toHaveURL(/\/planes$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Mis planes' })).toBeVisible();
}

const currentPlan = (page: Page) => page.getByRole('region', { name: 'Plan Actual' });
const otherPlans = (page: Page) => page.getByRole('region', { name: 'Actualiza tu Plan' });

test('pays 12 months of Familia in the Flow sandbox and comes back to the new plan', async ({ page }) => {
  const account = await createAccount();
  await signIn(page, account);
  await openPlanes(page);

  // the e2e server has no Flow keys: payments go to the built-in sandbox, and the page says so (decision 008)
  await expect(
    page.getByRole('note').filter({ hasText: 'Pagos de prueba: no se cobra dinero real.' }),
  ).toBeVisible();

  // a new account is on the Esencial trial
  const esencial = currentPlan(page).getByRole('article', { name: 'Esencial' });
  await expect(esencial).toBeVisible();
  await expect(esencial.getByText(/^Vence el \d{2}-\d{2}-\d{4}$/)).toBeVisible();
  await expect(esencial.getByRole('button', { name: 'Renovar' })).toBeVisible();

  const familia = otherPlans(page).getByRole('article', { name: 'Familia' });
  await expect(familia.getByText('Hasta 5 dispositivos', { exact: true })).toBeVisible();
  await expect(familia.getByText('Hasta 10 personas en tu red de seguridad', { exact: true })).toBeVisible();
  await expect(familia.getByText('$9.990 al mes')).toBeVisible();
  // 6 months by default (spec 9)
  await expect(familia.getByRole('button', { name: '6 meses' })).toHaveAttribute('aria-pressed', 'true');
  await expect(familia.getByText('$53.946', { exact: true })).toBeVisible();

  await familia.getByRole('button', { name: '12 meses' }).click();
  await expect(familia.getByText('$95.904', { exact: true })).toBeVisible();
  await expect(familia.getByText(/\$119\.880 con 20% de descuento por pagar 12 meses/)).toBeVisible();
  // next to the button that pays, too
  await expect(familia.getByRole('note')).toHaveText('Pago de prueba: no se cobra dinero real.');
  await familia.getByRole('button', { name: 'Actualizar' }).click();

  // Flow's page (the built-in sandbox), which says it is a test page
  await expect(page).toHaveURL(/\/flow-sandbox\/pay\?token=/);
  await expect(
    page.getByText('Entorno de pruebas: no se realizan cargos reales.', { exact: false }),
  ).toBeVisible();
  await expect(page.getByText('$95.904')).toBeVisible();
  await page.getByRole('button', { name: 'Pagar' }).click();

  // back on Planes with Flow's token
  await expect(page).toHaveURL(/\/planes\?token=/);
  const dialog = page.getByRole('dialog', { name: 'Pago realizado' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('$95.904')).toBeVisible();
  await expect(dialog.getByText('Pagado', { exact: true })).toBeVisible();
  await expect(dialog.getByText('Webpay (sandbox)')).toBeVisible();
  await expect(dialog.getByText(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}$/)).toBeVisible();
  await expect(dialog.getByText(/^Tu plan Familia está activo hasta el \d{2}-\d{2}-\d{4}\.$/)).toBeVisible();
  await expect(dialog.getByRole('note')).toHaveText('Pago de prueba: no se cobró dinero real.');
  await dialog.getByRole('button', { name: 'Cerrar' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/planes$/);

  // the account's plan followed the payment: a year from now (plus what was left of the trial)
  const nextYear = new Date().getFullYear() + 1;
  const newPlan = currentPlan(page).getByRole('article', { name: 'Familia' });
  await expect(newPlan).toBeVisible();
  await expect(newPlan.getByText(new RegExp(`^Vence el \\d{2}-\\d{2}-${nextYear}$`))).toBeVisible();
  await expect(otherPlans(page).getByRole('article', { name: 'Esencial' })).toBeVisible();

  // and stays so after a reload
  await page.reload();
  await expect(currentPlan(page).getByRole('article', { name: 'Familia' })).toBeVisible();
  await expect(page.getByRole('dialog')).toBeHidden();
});

test('a payment refused in the Flow sandbox changes nothing and says no charges were made', async ({
  page,
}) => {
  const account = await createAccount();
  await signIn(page, account);
  await openPlanes(page);

  const proteccion = otherPlans(page).getByRole('article', { name: 'Protección' });
  await proteccion.getByRole('button', { name: '12 meses' }).click();
  await expect(proteccion.getByText('$47.904', { exact: true })).toBeVisible();
  await proteccion.getByRole('button', { name: 'Actualizar' }).click();

  await expect(page).toHaveURL(/\/flow-sandbox\/pay\?token=/);
  await page.getByRole('button', { name: 'Rechazar' }).click();

  await expect(page).toHaveURL(/\/planes\?token=/);
  const dialog = page.getByRole('dialog', { name: 'Error en el pago' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('No se han realizado cargos a tu cuenta')).toBeVisible();
  await expect(dialog.getByText('Rechazado', { exact: true })).toBeVisible();
  await expect(dialog.getByText('$47.904')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cerrar' }).click();

  await expect(currentPlan(page).getByRole('article', { name: 'Esencial' })).toBeVisible();
  await expect(otherPlans(page).getByRole('article', { name: 'Protección' })).toBeVisible();
});

test("a token that is not the person's order shows 'Hubo un error en el pago'", async ({ page }) => {
  const account = await createAccount();
  await signIn(page, account);
  await page.goto('/planes?token=NO0SUCH0TOKEN');
  const dialog = page.getByRole('dialog', { name: 'Hubo un error en el pago' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cerrar' }).click();
  await expect(page).toHaveURL(/\/planes$/);
  await expect(currentPlan(page).getByRole('article', { name: 'Esencial' })).toBeVisible();
});
