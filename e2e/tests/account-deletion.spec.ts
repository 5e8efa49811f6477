import { createAccount, expect, readLinkFromOutbox, signIn, test } from './fixtures.ts';

/** where the journey's screenshots go, to be looked at (not kept in the repository) */
const SHOTS = '/tmp/shots-deletion';

test('closing the account: asked with the password, signed out to Login, kept again through the e-mailed link', async ({
  page,
}) => {
  const account = await createAccount();
  await signIn(page, account);
  await page.goto('/seguridad');
  await expect(page.getByRole('heading', { name: 'Eliminar tu cuenta' })).toBeVisible();
  // the sections above it are loaded: one that arrives late pushes the button down, and a click aimed
  // at it on a busy machine once landed beside it
  await expect(page.getByRole('list', { name: 'Sesiones abiertas' })).toBeVisible();
  await expect(page.getByText('Desactivada', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Descargar mis datos' })).toBeVisible();
  await page.getByRole('button', { name: 'Eliminar mi cuenta' }).click();
  const dialog = page.getByRole('dialog', { name: '¿Eliminar tu cuenta?' });
  await expect(dialog.getByText(/Tus pagos se conservan/)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/dialog-desktop.png` });
  await page.setViewportSize({ width: 360, height: 760 });
  await page.screenshot({ path: `${SHOTS}/dialog-360.png` });
  await page.setViewportSize({ width: 1280, height: 800 });

  // a wrong password: said on the field, nothing started
  await dialog.getByLabel('Tu contraseña').fill('no-es-la-clave');
  await dialog.getByRole('button', { name: 'Eliminar mi cuenta' }).click();
  await expect(
    dialog.getByText('La contraseña no es correcta. Revísala e inténtalo nuevamente.'),
  ).toBeVisible();

  await dialog.getByLabel('Tu contraseña').fill(account.password);
  await dialog.getByRole('button', { name: 'Eliminar mi cuenta' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(
    page
      .getByRole('status')
      .getByText(/Pediste eliminar tu cuenta: se eliminará el \d{2}-\d{2}-\d{4} \d{2}:\d{2}/),
  ).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/login-desktop.png` });

  // meanwhile sign-in is refused, saying when and how to keep the account
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Contraseña', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(
    page.getByRole('alert').getByText(/Tu cuenta está programada para eliminarse el/),
  ).toBeVisible();
  await page.setViewportSize({ width: 360, height: 760 });
  await page.screenshot({ path: `${SHOTS}/login-refused-360.png` });

  const link = await readLinkFromOutbox(
    account.email,
    /http:\/\/localhost:\d+\/cancelar-eliminacion\/[\w-]+/,
  );
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Cancelar la eliminación' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/cancel-360.png` });
  await page.getByRole('button', { name: 'Conservar mi cuenta' }).click();
  await expect(
    page.getByText('Listo: cancelamos la eliminación de tu cuenta. Ya puedes ingresar nuevamente.'),
  ).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/cancelled-360.png` });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: `${SHOTS}/cancelled-desktop.png` });

  await signIn(page, account);
  await page.goto('/seguridad');
  await expect(page.getByText('Eliminación de la cuenta cancelada')).toBeVisible();
  await expect(page.getByText('Eliminación de la cuenta solicitada')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/security-desktop.png`, fullPage: true });

  // the link works once
  await page.getByRole('button', { name: 'Cerrar Sesión' }).click();
  await page.goto(link);
  await page.getByRole('button', { name: 'Conservar mi cuenta' }).click();
  await expect(page.getByRole('alert').getByText(/no es válido o ya fue utilizado/)).toBeVisible();
});
