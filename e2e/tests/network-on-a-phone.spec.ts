import type { Locator } from '@playwright/test';
import {
  callApi,
  createAccount,
  expect,
  newAccount,
  readLinkFromOutbox,
  signIn,
  signInToken,
  test,
} from './fixtures.ts';

/** an e-mail with no place to break: 100 characters of one word */
const longEmail = (who: string) =>
  `${who}.con.un.correo.electronico.larguisimo.${Date.now().toString(36)}@un-dominio-bastante-largo-de-prueba.cl`;

/** `text` wraps inside the row and ends before `button`, which is whole on the screen */
async function expectBesideButton(text: Locator, button: Locator, screenWidth: number) {
  const textBox = (await text.boundingBox())!;
  const buttonBox = (await button.boundingBox())!;
  expect(buttonBox.x).toBeGreaterThanOrEqual(0);
  expect(buttonBox.x + buttonBox.width).toBeLessThanOrEqual(screenWidth);
  expect(textBox.x + textBox.width).toBeLessThanOrEqual(buttonBox.x);
  // wrapped: more than one line
  expect(textBox.height).toBeGreaterThan(30);
}

test("on a phone, a long e-mail in the network's rows wraps beside 'Eliminar' and 'Salir'", async ({
  page,
}, testInfo) => {
  const me = await createAccount();
  const host = await createAccount({ ...newAccount(), email: longEmail('anfitriona') });
  const invitee = longEmail('invitada');
  const myToken = await signInToken(me);
  await callApi('enviarInvitacion', { name: 'Invitada', phone: '56912345678', invitado: invitee }, myToken);
  // the host's network has me: I joined through the link of their e-mail
  await callApi(
    'enviarInvitacion',
    { name: 'Yo', phone: '56912345678', invitado: me.email },
    await signInToken(host),
  );
  const link = await readLinkFromOutbox(me.email, /http:\/\/localhost:\d+\/register\?security_code=[\w-]+/);
  const code = new URL(link).searchParams.get('security_code')!;
  await callApi('aceptarInvitacion', { security_code: code }, myToken);

  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, me);
  await page.getByRole('button', { name: /Red de seguridad/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Red de seguridad' });
  const mine = dialog.getByRole('list', { name: 'Mi red de Seguridad' });
  const invitedEmail = mine.getByText(invitee);
  await expect(invitedEmail).toBeVisible();
  const remove = mine.getByRole('button', { name: 'Eliminar a Invitada de mi red' });
  await expectBesideButton(invitedEmail, remove, 390);
  await page.screenshot({ path: testInfo.outputPath('mi-red-390.png') });

  await dialog.getByRole('tab', { name: 'Redes a la que pertenezco' }).click();
  const belong = dialog.getByRole('list', { name: 'Redes a la que pertenezco' });
  const hostEmail = belong.getByText(host.email);
  await expect(hostEmail).toBeVisible();
  await expectBesideButton(
    hostEmail,
    belong.getByRole('button', { name: `Salir de la red de ${host.name}` }),
    390,
  );
  await page.screenshot({ path: testInfo.outputPath('mis-redes-390.png') });
});
