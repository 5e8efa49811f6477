/**
 * E-mail verification and the safe change of e-mail (issue 29 item 1, decision 034): sign up, see
 * the banner, open the link from the outbox, the banner is gone; then change the e-mail from the
 * profile with the password, open the link sent to the new address, and the profile shows it.
 * With SHOTS_DIR set, it also leaves screenshots of each state at 360 px and at desktop width.
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
    await expect(page.getByText('No pudimos verificar tu email')).toBeVisible();
    await expect(page.getByText(/Reenviar email/)).toBeVisible();
    await shot(page, 'link-refused');

    // the newest link verifies; back in the panel the banner is gone
    const link = await readLinkFromOutbox(account.email, linkPattern);
    expect(link).not.toBe(firstLink);
    await page.goto(link);
    await expect(page.getByText('¡Email verificado!')).toBeVisible();
    await shot(page, 'verified');
    await page.getByRole('link', { name: 'Ir a mi cuenta' }).click();
    await expect(page.getByRole('button', { name: 'Cerrar Sesión' })).toBeVisible();
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
    await expect(
      profile.getByText(`Te enviamos un enlace a ${newEmail}; tu email cambiará cuando lo abras.`),
    ).toBeVisible();
    await shot(page, 'change-sent');
    // until the link is opened, the e-mail is the old one
    await expect(profile.getByLabel('Email')).toHaveValue(account.email);
    await profile.getByRole('button', { name: 'Cerrar' }).click();

    // the link sent to the new address changes it; the old address is told
    await page.goto(await readLinkFromOutbox(newEmail, linkPattern));
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
