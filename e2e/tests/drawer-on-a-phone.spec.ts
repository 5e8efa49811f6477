import { createAccount, expect, signIn, test } from './fixtures.ts';

test("on a phone, the menu's drawer closes after each choice: 'Editar Perfil', the plan, security", async ({
  page,
}) => {
  const account = await createAccount();
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, account);
  const drawer = page
    .getByRole('dialog')
    .filter({ has: page.getByRole('button', { name: 'Editar Perfil' }) });
  const openMenu = async () => {
    await page.getByRole('button', { name: 'Abrir menú' }).click();
    await expect(drawer).toBeVisible();
  };

  // the profile opens and the drawer makes way for it
  await openMenu();
  await drawer.getByRole('button', { name: 'Editar Perfil' }).click();
  const profile = page.getByRole('dialog', { name: 'Editar Perfil' });
  await expect(profile).toBeVisible();
  await expect(drawer).toBeHidden();
  await profile.getByRole('button', { name: 'Cerrar' }).click();
  await expect(profile).toBeHidden();
  // a second time, with the profile already loaded
  await openMenu();
  await drawer.getByRole('button', { name: 'Editar Perfil' }).click();
  await expect(profile).toBeVisible();
  await expect(drawer).toBeHidden();
  await profile.getByRole('button', { name: 'Cerrar' }).click();

  // the plan's link and the security page's
  await openMenu();
  await drawer.getByRole('link', { name: /^Plan / }).click();
  await expect(page).toHaveURL(/\/planes$/);
  await expect(drawer).toBeHidden();
  await openMenu();
  await drawer.getByRole('link', { name: 'Seguridad y privacidad' }).click();
  await expect(page).toHaveURL(/\/seguridad$/);
  await expect(drawer).toBeHidden();
});
