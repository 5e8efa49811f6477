import { createAccount, expect, newAccount, readLinkFromOutbox, signIn, test } from './fixtures.ts';

test('security network: invite by e-mail, sign up through the link, both tabs from both sides, leave and remove', async ({
  page,
  browser,
}) => {
  const owner = await createAccount();
  await signIn(page, owner);
  await page.getByRole('button', { name: /Red de seguridad/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Red de seguridad' });
  await expect(dialog.getByRole('tab', { name: 'Mi red de Seguridad' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(dialog.getByText('Aún no has invitado a nadie a tu red de seguridad.')).toBeVisible();

  // the spec's rules, checked before anything is sent
  await dialog.getByRole('button', { name: 'Enviar invitación' }).click();
  await expect(dialog.getByText('Este campo es obligatorio')).toHaveCount(3);
  await dialog.getByLabel('Nombre').fill('Carla Invitada');
  await dialog.getByLabel('Teléfono').fill('5691234');
  await dialog.getByLabel('Email').fill('no-es-email');
  await dialog.getByRole('button', { name: 'Enviar invitación' }).click();
  await expect(dialog.getByText('El teléfono debe tener 11 dígitos.')).toBeVisible();
  await expect(dialog.getByText('Email debe ser válido')).toBeVisible();
  // inviting oneself: the server's Spanish message under the field
  await dialog.getByLabel('Teléfono').fill('56912345678');
  await dialog.getByLabel('Email').fill(owner.email);
  await dialog.getByRole('button', { name: 'Enviar invitación' }).click();
  await expect(dialog.getByText('No puedes invitarte a ti mismo a tu red de seguridad.')).toBeVisible();

  const invitee = newAccount();
  await dialog.getByLabel('Email').fill(invitee.email);
  await dialog.getByRole('button', { name: 'Enviar invitación' }).click();
  await expect(dialog.getByText(`Enviamos la invitación a ${invitee.email}.`)).toBeVisible();
  const mine = dialog.getByRole('list', { name: 'Mi red de Seguridad' });
  await expect(mine.getByText('Carla Invitada')).toBeVisible();
  await expect(mine.getByText('Pendiente')).toBeVisible();

  // the invitee opens the e-mail's link in a browser of their own and signs up
  const link = await readLinkFromOutbox(
    invitee.email,
    /http:\/\/localhost:\d+\/register\?security_code=[\w-]+/,
  );
  const other = await browser.newContext();
  const inviteePage = await other.newPage();
  await inviteePage.goto(link);
  await expect(
    inviteePage.getByText(`Vas a ser agregado a la red de seguridad de ${owner.name}`),
  ).toBeVisible();
  await inviteePage.getByLabel('Nombre').fill(invitee.name);
  await inviteePage.getByLabel('Email').fill(invitee.email);
  await inviteePage.getByLabel('Contraseña', { exact: true }).fill(invitee.password);
  await inviteePage.getByRole('button', { name: 'Registrarme' }).click();
  await expect(inviteePage.getByRole('heading', { name: 'Registro Completo' })).toBeVisible();

  // the invitee's side: the network they belong to
  await inviteePage.goto('/');
  await inviteePage.getByRole('button', { name: /Red de seguridad/ }).click();
  const inviteeDialog = inviteePage.getByRole('dialog', { name: 'Red de seguridad' });
  await expect(inviteeDialog.getByText('Aún no has invitado a nadie a tu red de seguridad.')).toBeVisible();
  await inviteeDialog.getByRole('tab', { name: 'Redes a la que pertenezco' }).click();
  const belong = inviteeDialog.getByRole('list', { name: 'Redes a la que pertenezco' });
  await expect(belong.getByText(owner.name, { exact: true })).toBeVisible();
  await expect(belong.getByText(owner.email)).toBeVisible();

  // the owner's side: accepted, with the member's account name; nobody's network of their own
  await page.reload();
  await page.getByRole('button', { name: /Red de seguridad/ }).click();
  await expect(mine.getByText(invitee.name)).toBeVisible();
  await expect(mine.getByText('Aceptada')).toBeVisible();
  await dialog.getByRole('tab', { name: 'Redes a la que pertenezco' }).click();
  await expect(dialog.getByText('Aún no perteneces a la red de seguridad de nadie.')).toBeVisible();

  // the link works once
  await inviteePage.goto(link);
  await expect(inviteePage.getByText(/no es válida, ya fue utilizada o ha expirado/)).toBeVisible();

  // the member leaves, after confirming
  await inviteePage.goto('/');
  await inviteePage.getByRole('button', { name: /Red de seguridad/ }).click();
  await inviteeDialog.getByRole('tab', { name: 'Redes a la que pertenezco' }).click();
  await inviteeDialog.getByRole('button', { name: `Salir de la red de ${owner.name}` }).click();
  await inviteePage
    .getByRole('dialog', { name: '¿Salir de esta red?' })
    .getByRole('button', { name: 'Sí, salir' })
    .click();
  await expect(inviteeDialog.getByText(`Saliste de la red de seguridad de ${owner.name}.`)).toBeVisible();
  await expect(inviteeDialog.getByText('Aún no perteneces a la red de seguridad de nadie.')).toBeVisible();

  // the owner invites again and removes the pending invitation
  await dialog.getByRole('tab', { name: 'Mi red de Seguridad' }).click();
  await expect(dialog.getByText('Aún no has invitado a nadie a tu red de seguridad.')).toBeVisible();
  await dialog.getByLabel('Nombre').fill('Pedro Pendiente');
  await dialog.getByLabel('Teléfono').fill('56987654321');
  await dialog.getByLabel('Email').fill(newAccount().email);
  await dialog.getByRole('button', { name: 'Enviar invitación' }).click();
  await dialog.getByRole('button', { name: 'Eliminar a Pedro Pendiente de mi red' }).click();
  await page
    .getByRole('dialog', { name: '¿Eliminar de tu red?' })
    .getByRole('button', { name: 'Sí, eliminar' })
    .click();
  await expect(dialog.getByText('Pedro Pendiente ya no forma parte de tu red de seguridad.')).toBeVisible();
  await expect(dialog.getByText('Aún no has invitado a nadie a tu red de seguridad.')).toBeVisible();
  await other.close();
});

test('security network: an existing account signs in from the link and joins', async ({ page }) => {
  const owner = await createAccount();
  const member = await createAccount();
  await signIn(page, owner);
  await page.getByRole('button', { name: /Red de seguridad/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Red de seguridad' });
  const invitedEmail = newAccount().email;
  await dialog.getByLabel('Nombre').fill('Miembro Existente');
  await dialog.getByLabel('Teléfono').fill('56911112222');
  await dialog.getByLabel('Email').fill(invitedEmail);
  await dialog.getByRole('button', { name: 'Enviar invitación' }).click();
  await expect(dialog.getByText(`Enviamos la invitación a ${invitedEmail}.`)).toBeVisible();
  const link = await readLinkFromOutbox(
    invitedEmail,
    /http:\/\/localhost:\d+\/register\?security_code=[\w-]+/,
  );
  await page.getByRole('button', { name: 'Cerrar', exact: true }).click();
  await page.getByRole('button', { name: 'Cerrar Sesión' }).click();

  await page.goto(link);
  await page.getByRole('link', { name: '¿Ya tienes cuenta? Inicia sesión para unirte a la red' }).click();
  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel('Contraseña', { exact: true }).fill(member.password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page.getByText(`Vas a ser agregado a la red de seguridad de ${owner.name}`)).toBeVisible();
  await page.getByRole('button', { name: `Unirme a la red de ${owner.name}` }).click();
  await expect(page.getByText(`Ahora formas parte de la red de seguridad de ${owner.name}.`)).toBeVisible();
  await page.getByRole('link', { name: 'Ir al panel de usuario' }).click();
  await page.getByRole('button', { name: /Red de seguridad/ }).click();
  await dialog.getByRole('tab', { name: 'Redes a la que pertenezco' }).click();
  await expect(
    dialog.getByRole('list', { name: 'Redes a la que pertenezco' }).getByText(owner.email),
  ).toBeVisible();
});
