import { createAccount, expect, signIn, test } from './fixtures.ts';

// an English browser: dates must still read and write DD-MM-AAAA (decision 040), not its mm/dd/yyyy
test.use({ locale: 'en-US' });

test('edit the profile: required fields, RUT formatting, the place cascade, save and see the new name', async ({
  page,
}) => {
  const account = await createAccount();
  await signIn(page, account);

  await page.getByRole('button', { name: 'Editar Perfil' }).click();
  const dialog = page.getByRole('dialog', { name: 'Editar Perfil' });
  // it opens with what the account holds
  await expect(dialog.getByLabel('Nombre y apellido')).toHaveValue(account.name);
  await expect(dialog.getByLabel('Email')).toHaveValue(account.email);

  // spec 5: everything is required
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  for (const field of ['RUT', 'Teléfono', 'País', 'Dirección', 'Género', 'Fecha de nacimiento']) {
    await expect(
      dialog.getByRole(field === 'País' || field === 'Género' ? 'combobox' : 'textbox', { name: field }),
    ).toHaveAccessibleDescription('Requerido');
  }

  // the RUT is formatted as it is typed, and its check digit is checked
  const rut = dialog.getByLabel('RUT');
  await rut.pressSequentially('123456784');
  await expect(rut).toHaveValue('12.345.678-4');
  await expect(rut).toHaveAccessibleDescription('El RUT no es válido. Revisa el dígito verificador.');
  await rut.press('Backspace');
  await rut.pressSequentially('5');
  await expect(rut).toHaveValue('12.345.678-5');
  await expect(rut).not.toHaveAccessibleDescription(/./);

  // the phone has exactly 11 digits (the spec's text, spelling included)
  const phone = dialog.getByLabel('Teléfono');
  await phone.fill('5691234567');
  await phone.blur();
  await expect(phone).toHaveAccessibleDescription('Debe tener 11 dígtos. Ej (56912345678)');
  await phone.fill('56912345678');
  await expect(phone).not.toHaveAccessibleDescription(/./);

  // país → región → comuna; changing the region clears the comuna
  await dialog.getByLabel('País').selectOption({ label: 'Chile' });
  await dialog.getByLabel('Región').selectOption({ label: 'Valparaíso' });
  await dialog.getByLabel('Comuna').selectOption({ label: 'Viña del Mar' });
  await dialog.getByLabel('Región').selectOption({ label: 'Metropolitana de Santiago' });
  await expect(dialog.getByLabel('Comuna')).toHaveValue('');
  await dialog.getByLabel('Comuna').selectOption({ label: 'Providencia' });

  await dialog.getByLabel('Dirección').fill('Av. Providencia 1234, depto 56');
  await dialog.getByLabel('Género').selectOption({ label: 'Femenino' });
  // the birth date is typed DD-MM-AAAA, dashes put in as the digits come, and checked
  const birth = dialog.getByLabel('Fecha de nacimiento');
  await birth.pressSequentially('3112');
  await expect(birth).toHaveValue('31-12');
  await birth.blur();
  await expect(birth).toHaveAccessibleDescription('Ingresa la fecha como DD-MM-AAAA.');
  await birth.press('End');
  await birth.pressSequentially('1949');
  await expect(birth).toHaveValue('31-12-1949');
  await expect(birth).toHaveAccessibleDescription('La fecha debe estar entre el 01-01-1950 y hoy.');
  await birth.fill('');
  await birth.pressSequentially('05031990');
  await expect(birth).toHaveValue('05-03-1990');
  await expect(birth).not.toHaveAccessibleDescription(/./);
  // a digit fixed in the middle keeps its place: the month 03 becomes 04
  for (let i = 0; i < 5; i++) await birth.press('ArrowLeft');
  await birth.press('Backspace');
  await birth.pressSequentially('4');
  await expect(birth).toHaveValue('05-04-1990');
  await birth.press('Backspace');
  await birth.pressSequentially('3');
  await expect(birth).toHaveValue('05-03-1990');

  // the e-mail is not edited here: 'Cambiar email' asks for the password (verify-email.spec.ts)
  await expect(dialog.getByLabel('Email')).toHaveAttribute('readonly');

  // saved: the message goes after 4 s, and the sidebar and the greeting show the new name at once
  await dialog.getByLabel('Nombre y apellido').fill('Valentina Soto Muñoz');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  const saved = dialog.getByText('Datos actualizados correctamente');
  await expect(saved).toBeVisible();
  // behind the dialog already (hidden from the accessibility tree while the dialog is open)
  await expect(page.getByText('Hola, Valentina Soto Muñoz')).toBeAttached();
  await expect(saved).toBeHidden({ timeout: 6_000 });
  await dialog.getByRole('button', { name: 'Cerrar' }).click();
  await expect(page.getByRole('heading', { name: 'Hola, Valentina Soto Muñoz' })).toBeVisible();
  await expect(page.getByRole('navigation').getByText('Valentina Soto Muñoz')).toBeVisible();

  // opened again, it holds what was saved
  await page.getByRole('button', { name: 'Editar Perfil' }).click();
  await expect(dialog.getByLabel('RUT')).toHaveValue('12.345.678-5');
  await expect(dialog.getByLabel('Región')).toHaveValue('13');
  await expect(dialog.getByLabel('Comuna')).toHaveValue('13123');
  await expect(dialog.getByLabel('Fecha de nacimiento')).toHaveValue('05-03-1990');
});
