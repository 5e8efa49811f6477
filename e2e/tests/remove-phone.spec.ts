/**
 * Removing a phone (decision 044): the owner renames a phone and removes it from the sidebar's menu, with the
 * password; the phone leaves the list, its place in the plan is free for another phone at once, and the
 * simulator is told it is no longer protected and stops. On a wide screen and on a phone, where the sidebar
 * is a drawer.
 */
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { createAccount, expect, signIn, simulatedAndroid, test } from './fixtures.ts';

const viewports = [
  { label: 'on a wide screen', width: 1366, height: 900, deleteData: true },
  { label: 'on a phone', width: 390, height: 844, deleteData: false },
];

/** the sidebar's list of phones, opening the drawer first on a phone */
async function openDeviceList(page: Page, isPhone: boolean) {
  if (isPhone) await page.getByRole('button', { name: 'Abrir menú' }).click();
  const list = page.getByRole('region', { name: 'Dispositivos registrados' });
  await expect(list).toBeVisible();
  return list;
}

for (const viewport of viewports) {
  test(`renames and removes a phone ${viewport.label}; its place is free and the phone is told`, async ({
    page,
    startPhone,
  }) => {
    const isPhone = viewport.width < 900;
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const account = await createAccount();
    const phone = await startPhone(account);
    await signIn(page, account);

    // the starter plan holds one phone, and this account has it
    let list = await openDeviceList(page, isPhone);
    await expect(list.getByText('Lugares de tu plan: 1 de 1')).toBeVisible();

    // rename
    await list.getByRole('button', { name: `Opciones de ${simulatedAndroid.name}` }).click();
    await page.getByRole('menuitem', { name: 'Cambiar nombre' }).click();
    const renaming = page.getByRole('dialog', { name: 'Cambiar nombre' });
    const name = renaming.getByRole('textbox', { name: 'Nombre del dispositivo' });
    await expect(name).toHaveValue(simulatedAndroid.name);
    await name.fill('');
    await renaming.getByRole('button', { name: 'Guardar' }).click();
    await expect(renaming.getByText('Este campo es obligatorio')).toBeVisible();
    await name.fill('Celular de trabajo');
    await renaming.getByRole('button', { name: 'Guardar' }).click();
    await expect(renaming).toBeHidden();
    await expect(list.getByRole('button', { name: /Samsung Celular de trabajo/ })).toBeVisible();

    // remove, with a wrong password first: nothing changes
    await list.getByRole('button', { name: 'Opciones de Celular de trabajo' }).click();
    await page.getByRole('menuitem', { name: 'Quitar dispositivo' }).click();
    const removing = page.getByRole('dialog', { name: 'Quitar Celular de trabajo' });
    await expect(removing.getByText(/dejará de estar protegido/)).toBeVisible();
    await expect(removing.getByRole('radio', { name: 'Conservar sus reportes y recorridos' })).toBeChecked();
    if (viewport.deleteData) await removing.getByRole('radio', { name: 'Eliminarlos' }).check();
    const password = removing.getByLabel('Contraseña', { exact: true });
    await password.fill('no-es-la-clave');
    await removing.getByRole('button', { name: 'Quitar', exact: true }).click();
    await expect(
      removing.getByText('La contraseña no es correcta. Revísala e inténtalo nuevamente.'),
    ).toBeVisible();
    await password.fill(account.password);
    await removing.getByRole('button', { name: 'Quitar', exact: true }).click();
    await expect(removing.getByRole('status')).toHaveText(
      'Celular de trabajo ya no está en tu cuenta y su lugar en tu plan quedó libre.',
    );
    await removing.getByRole('button', { name: 'Entendido' }).click();
    await expect(removing).toBeHidden();
    await expect(list.getByText('No hay dispositivos registrados en tu cuenta.')).toBeVisible();
    await expect(list.getByText('Lugares de tu plan: 0 de 1')).toBeVisible();

    // the simulator was told, says so and stops: its token no longer works
    await phone.waitForLine(/ya no está protegido/);

    // another phone takes the free place at once
    await startPhone(account, { deviceId: `sim-otro-${randomBytes(4).toString('hex')}` });
    await page.reload();
    list = await openDeviceList(page, isPhone);
    await expect(list.getByText('Lugares de tu plan: 1 de 1')).toBeVisible();
    await expect(list.getByRole('button', { name: `Opciones de ${simulatedAndroid.name}` })).toBeVisible();
    await expect(
      list.getByRole('button', { name: new RegExp(`^Android Samsung ${simulatedAndroid.name}`) }),
    ).toBeVisible();
  });
}
