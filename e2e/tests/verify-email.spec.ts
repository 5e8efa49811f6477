/**
 * E-mail verification and the safe change of e-mail (decisions 034 and 050): sign up, see the banner,
 * open the link from the outbox, choose the new password the first proof of the mailbox asks for, and
 * the banner is gone; then change the e-mail from the profile with the password: the current address
 * is told and confirms it, the link sent to the new address is opened signed in, and the profile shows
 * it. With SHOTS_DIR set, it also leaves screenshots of each state at 360 px and at desktop width.
 */
import type { Page } from '@playwright/test';
import { expect, newAccount, readLinkFromOutbox, test } from './fixtures.ts';

const shotsDir = process.env.SHOTS_DIR;
async function shot(page: Page, name: string) {
  if (shotsDir) await page.screenshot({ path: `${shotsDir}/${name}-${page.viewportSize()?.width}.png` });
}

const linkPattern = /http:\/\/localhost:\d+\/verificar-email\/[\w-]+/;

for (const viewport of [
  { width: 360, height: 760 },
  { width: 1280, height: 860 },
]) {
  test(`verify the e-mail, then change it with the password and a link to the new one (${viewport.width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    const account = newAccount();

    // sign up on Register, then the panel: the banner asks to verify
    await page.goto('/register');
    await page.getByLabel('Nombre').fill(account.name);
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Contraseña', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Registrarme' }).click();
    await page
      .getByRole('button', { name: 'Ir al panel de usuario' })
      .or(page.getByRole('link', { name: 'Ir al panel de usuario' }))
      .click();
    const banner = page.getByRole('region', { name: 'Verifica tu email' });
    // drawn with Home, not after it: a banner arriving late pushed the cards down under a tap
    await page.getByRole('button', { name: /^Red de seguridad/ }).waitFor();
    expect(await banner.isVisible()).toBe(true);
    await expect(banner).toContainText(account.email);
    await shot(page, 'banner');

    // 'Reenviar email': sent, then limited (one a minute)
    const firstLink = await readLinkFromOutbox(account.email, linkPattern);
    await banner.getByRole('button', { name: 'Reenviar email' }).click();
    await expect(banner.getByRole('status')).toContainText(`te enviamos un nuevo enlace a ${account.email}`);
    await banner.getByRole('button', { name: 'Reenviar email' }).click();
    await expect(banner.getByRole('status')).toContainText('Podrás pedir otro en 1 minuto');
    await shot(page, 'banner-limited');

    // the first link was replaced by the new one: a clear refusal on its page
    await page.goto(firstLink);
    await page.getByRole('button', { name: 'Verificar mi email' }).click();
    await expect(page.getByText('No pudimos verificar tu email')).toBeVisible();
    await expect(page.getByText(/Reenviar email/)).toBeVisible();
    await shot(page, 'link-refused');

    // the newest link verifies: the account is hers alone, and she chooses its password again
    const link = await readLinkFromOutbox(account.email, linkPattern);
    expect(link).not.toBe(firstLink);
    await page.goto(link);
    await page.getByRole('button', { name: 'Verificar mi email' }).click();
    await expect(page.getByText('¡Email verificado!')).toBeVisible();
    await expect(page.getByText(/la cuenta quedó solo para ti: cerramos todas sus sesiones/)).toBeVisible();
    await shot(page, 'verified');
    account.password = `${account.password}-nueva`;
    await page.getByLabel('Nueva contraseña').fill(account.password);
    await page.getByLabel('Confirmar contraseña').fill(account.password);
    await page.getByRole('button', { name: 'Guardar e ingresar' }).click();
    // signed in again, at Home: nothing made before the proof to review, and the banner gone
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: 'Cerrar Sesión' })).toBeVisible();
    await page.getByRole('button', { name: /^Red de seguridad/ }).waitFor();
    await expect(page.getByRole('region', { name: 'Verifica tu email' })).toHaveCount(0);

    // the profile's e-mail is changed apart: the new address and the password
    const newEmail = newAccount().email;
    if (viewport.width < 600) await page.getByRole('button', { name: 'Abrir menú' }).click();
    await page.getByRole('button', { name: 'Editar Perfil' }).click();
    const profile = page.getByRole('dialog', { name: 'Editar Perfil' });
    await expect(profile.getByLabel('Email')).toHaveValue(account.email);
    await expect(profile.getByLabel('Email')).toHaveAttribute('readonly');
    await profile.getByRole('button', { name: 'Cambiar email' }).click();
    const change = page.getByRole('dialog', { name: 'Cambiar email' });
    await change.getByLabel('Nuevo email').fill(newEmail);
    await change.getByLabel('Tu contraseña actual').fill('no-es-la-clave');
    await change.getByRole('button', { name: 'Enviar enlace' }).click();
    await expect(change.getByLabel('Tu contraseña actual')).toHaveAccessibleDescription(
      'La contraseña no es correcta. Revísala e inténtalo nuevamente.',
    );
    await shot(page, 'change-wrong-password');
    await change.getByLabel('Tu contraseña actual').fill(account.password);
    await change.getByRole('button', { name: 'Enviar enlace' }).click();
    await expect(change).toBeHidden();
    // the change waits: for the new address's link, and the current address's word or 7 days
    await expect(
      profile.getByText(
        new RegExp(
          `Te enviamos un enlace a ${newEmail.replace(/\./g, '\\.')}: ábrelo con tu cuenta abierta para confirmar el cambio\\. Por seguridad, el cambio se aplicará el \\d{2}-\\d{2}-\\d{4} \\d{2}:\\d{2}, o antes si lo confirmas desde tu email actual\\.`,
        ),
      ),
    ).toBeVisible();
    await expect(profile.getByRole('button', { name: 'Cancelar el cambio' })).toBeVisible();
    await shot(page, 'change-sent');
    // until it applies, the e-mail is the old one
    await expect(profile.getByLabel('Email')).toHaveValue(account.email);
    await profile.getByRole('button', { name: 'Cerrar' }).click();

    // the current address is told at once, and says yes
    await page.goto(
      await readLinkFromOutbox(account.email, /http:\/\/localhost:\d+\/cambio-de-email\/[\w-]+/),
    );
    await expect(
      page.getByText(`Se pidió cambiar el email de la cuenta ${account.email} a ${newEmail}.`),
    ).toBeVisible();
    await shot(page, 'current-address');
    await page.getByRole('button', { name: 'Sí, fui yo: confirmar el cambio' }).click();
    await expect(page.getByText(`Se aplicará en cuanto se confirme ${newEmail}.`)).toBeVisible();

    // the link sent to the new address, opened in this signed-in browser, changes it; the old is told
    await page.goto(await readLinkFromOutbox(newEmail, /http:\/\/localhost:\d+\/confirmar-email\/[\w-]+/));
    await expect(page.getByText('¡Email actualizado!')).toBeVisible();
    await shot(page, 'changed');
    await readLinkFromOutbox(account.email, /Se cambió el email de tu cuenta: [^\s]+/);
    await page.getByRole('link', { name: 'Ir a mi cuenta' }).click();
    if (viewport.width < 600) await page.getByRole('button', { name: 'Abrir menú' }).click();
    await page.getByRole('button', { name: 'Editar Perfil' }).click();
    await expect(page.getByRole('dialog', { name: 'Editar Perfil' }).getByLabel('Email')).toHaveValue(
      newEmail,
    );
  });
}
