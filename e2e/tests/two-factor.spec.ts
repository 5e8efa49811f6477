import fs from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { createAccount, expect, signIn, test, totpCode, totpStepAt } from './fixtures.ts';

// Two-step sign-in (decision 035): turned on in 'Seguridad y privacidad' reading the secret from the
// page, the recovery codes saved, then signing in with the password and the app's code, and once
// with a recovery code.

const SHOTS = '/tmp/shots-2fa';
const PHONE = { width: 360, height: 780 };
const DESKTOP = { width: 1280, height: 900 };

/** the page at a phone's width and at a desktop's, full length */
async function shoot(page: Page, name: string) {
  const size = page.viewportSize() ?? DESKTOP;
  await fs.mkdir(SHOTS, { recursive: true });
  for (const [label, viewport] of [
    ['360', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: `${SHOTS}/${name}-${label}.png`, fullPage: true });
  }
  await page.setViewportSize(size);
}

async function signInUpToSecondStep(page: Page, account: { email: string; password: string }) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Contraseña', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page.getByRole('heading', { name: 'Verificación en dos pasos' })).toBeVisible();
}

async function signOut(page: Page) {
  // exact: 'Seguridad y privacidad' lists sessions, each with its own 'Cerrar sesión en …'
  await page.getByRole('button', { name: 'Cerrar Sesión', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
}

test('two-step sign-in: turned on with the QR page’s secret, then sign-in asks the app’s code or a recovery code', async ({
  page,
}) => {
  test.slow();
  const account = await createAccount();
  await signIn(page, account);

  await page.goto('/seguridad');
  const section = page.getByRole('region', { name: 'Verificación en dos pasos' });
  await expect(section.getByText('Desactivada')).toBeVisible();
  await section.getByRole('button', { name: 'Activar' }).click();
  // the password first: a session alone cannot turn it on
  await section.getByLabel('Tu contraseña', { exact: true }).fill(account.password);
  await section.getByRole('button', { name: 'Continuar' }).click();
  await expect(section.getByRole('img', { name: 'Código QR para tu app de autenticación' })).toBeVisible();
  const shown = await section.getByRole('textbox', { name: 'Clave para escribirla en la app' }).inputValue();
  expect(shown).toMatch(/^([A-Z2-7]{4} ){7}[A-Z2-7]{4}$/);
  const secret = shown.replace(/\s/g, '');
  await shoot(page, '1-setup');

  // a wrong code is refused with a message, and nothing is on
  const step = totpStepAt();
  const wrong = String((Number(totpCode(secret, step)) + 1) % 1_000_000).padStart(6, '0');
  await section.getByRole('textbox', { name: 'Código de 6 dígitos' }).fill(wrong);
  await section.getByRole('button', { name: 'Confirmar' }).click();
  await expect(section.getByRole('alert')).toContainText('El código no es correcto');

  let lastStep = totpStepAt();
  await section.getByRole('textbox', { name: 'Código de 6 dígitos' }).fill(totpCode(secret, lastStep));
  await section.getByRole('button', { name: 'Confirmar' }).click();
  const list = section.getByRole('list', { name: 'Códigos de recuperación' });
  await expect(list.getByRole('listitem')).toHaveCount(10);
  const recoveryCodes = await list.getByRole('listitem').allTextContents();
  for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
  await shoot(page, '2-recovery-codes');
  const download = page.waitForEvent('download');
  await section.getByRole('button', { name: 'Descargar' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('codigos-de-recuperacion.txt');
  expect(await fs.readFile((await file.path())!, 'utf8')).toContain(recoveryCodes[0]);
  await section.getByRole('button', { name: 'Ya los guardé' }).click();
  await expect(section.getByText('Activada', { exact: true })).toBeVisible();
  await expect(section.getByRole('button', { name: 'Desactivar' })).toBeVisible();
  await expect(list).toHaveCount(0);
  await shoot(page, '3-on');

  // the password alone no longer signs in: the app's code does. The code just used cannot be used
  // again, so the next step's (within the ±1 step the server allows) unless time has moved on
  await signOut(page);
  await signInUpToSecondStep(page, account);
  const codeField = page.getByRole('textbox', { name: 'Código de 6 dígitos' });
  await expect(codeField).toHaveAttribute('autocomplete', 'one-time-code');
  await shoot(page, '4-second-step');
  lastStep = Math.max(totpStepAt(), lastStep + 1);
  await codeField.fill(totpCode(secret, lastStep));
  await page.getByRole('button', { name: 'Verificar' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Cerrar Sesión' })).toBeVisible();

  // and once with a recovery code, which then works no more
  await signOut(page);
  await signInUpToSecondStep(page, account);
  await page.getByRole('button', { name: 'Usar un código de recuperación' }).click();
  await page.getByRole('textbox', { name: 'Código de recuperación' }).fill(recoveryCodes[0]!);
  await shoot(page, '5-recovery-step');
  await page.getByRole('button', { name: 'Verificar' }).click();
  await expect(page).toHaveURL(/\/$/);
  await signOut(page);
  await signInUpToSecondStep(page, account);
  await page.getByRole('button', { name: 'Usar un código de recuperación' }).click();
  await page.getByRole('textbox', { name: 'Código de recuperación' }).fill(recoveryCodes[0]!);
  await page.getByRole('button', { name: 'Verificar' }).click();
  await expect(page.getByRole('alert')).toContainText('ya fue usado');
  await shoot(page, '6-used-recovery-code');
});
