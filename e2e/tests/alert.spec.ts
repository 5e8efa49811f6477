import { E2E_URL } from '../playwright.config.ts';
import { callApi, createAccount, expect, readLinkFromOutbox, signIn, signInToken, test } from './fixtures.ts';

test('an SOS from the phone: the open alert page follows it live, and the owner ends it from Home', async ({
  page,
  browser,
  startPhone,
}) => {
  // a long journey (real timers, several browsers or phones): 3 times the limit of playwright.config.ts
  test.slow();
  const account = await createAccount();
  const login = (who: { email: string; password: string }) => signInToken(who);
  const token = await login(account);

  // someone of the owner's network: invited by e-mail, joined with the link's code
  const member = await createAccount();
  await callApi(
    'enviarInvitacion',
    { name: member.name, phone: '56911112222', invitado: member.email },
    token,
  );
  const invitation = await readLinkFromOutbox(member.email, /security_code=[\w-]+/);
  await callApi(
    'aceptarInvitacion',
    { security_code: invitation.replace('security_code=', '') },
    await login(member),
  );

  const phone = await startPhone(account, { sos: 3 });
  await phone.waitForLine(/SOS raised: alert \d+/);
  // the member is told at once, by e-mail, with a link of their own to the open route
  const mailed = await readLinkFromOutbox(member.email, /https?:\/\/\S+\/alerta\/[\w-]{54}/);

  // the member, signing in to the panel while it is open, is told too, with the way to the page
  const memberPanel = await browser.newContext();
  const memberPage = await memberPanel.newPage();
  await signIn(memberPage, member);
  const told = memberPage
    .getByRole('alert')
    .filter({ hasText: `${account.name} activó una alerta de emergencia.` });
  await expect(told).toBeVisible();
  await expect(told.getByRole('link', { name: 'Ver ubicación' })).toHaveAttribute(
    'href',
    new URL(mailed).pathname,
  );
  await memberPanel.close();

  // the owner's Home shows the banner, with the owner's own link (each member has theirs)
  await signIn(page, account);
  const banner = page.getByRole('alert').filter({ hasText: 'Tienes una alerta activa' });
  await expect(banner).toBeVisible();
  const [own] = (await callApi('getOpenAlerts', {}, token)).alerts;
  expect(own?.url).toMatch(new RegExp(`^${E2E_URL}/alerta/[\\w-]{54}$`));
  expect(mailed).not.toBe(own!.url);
  await expect(banner.getByRole('link', { name: 'Ver alerta' })).toHaveAttribute(
    'href',
    new URL(own!.url).pathname,
  );

  // the member opens the e-mailed link, with no session: who, since when, where, a way to call
  const visitor = await browser.newContext();
  const alertPage = await visitor.newPage();
  await alertPage.goto(mailed);
  await expect(alertPage.getByRole('heading', { name: `${account.name} activó una alerta` })).toBeVisible();
  await expect(alertPage.getByText('Alerta activa')).toBeVisible();
  await expect(alertPage.getByText(/^Desde el \d{2}-\d{2}-\d{4} \d{2}:\d{2}$/)).toBeVisible();
  await expect(alertPage.getByRole('link', { name: 'Llamar al 133' })).toHaveAttribute('href', 'tel:133');
  await expect(alertPage.getByRole('region', { name: 'Mapa con la ubicación de la alerta' })).toBeVisible();
  const pin = alertPage.getByRole('button', { name: 'Última ubicación' });
  await expect(pin).toBeVisible();

  // the phone walks: the page follows without being reloaded
  const lastPosition = alertPage.getByText(/^Última ubicación: /);
  const before = await pin.boundingBox();
  await phone.waitForLine(/SOS position /);
  await expect
    .poll(async () => JSON.stringify(await pin.boundingBox()), { timeout: 20_000 })
    .not.toBe(JSON.stringify(before));
  await expect(lastPosition).toBeVisible();

  // the owner ends it from Home's banner: the phone stops walking, the page says it ended
  await banner.getByRole('button', { name: 'Terminar alerta' }).click();
  await expect(banner).toHaveCount(0);
  await phone.waitForLine(/SOS \d+ ended \(ALERT_ENDED\)/);
  await expect(alertPage.getByText('Alerta terminada')).toBeVisible({ timeout: 15_000 });
  await expect(alertPage.getByText(/^Este enlace funcionará hasta el /)).toBeVisible();

  // the owner removes the member from the network: the member's link ends at once, the owner's works
  const [entry] = (await callApi('misInvitados', {}, token)).data;
  await callApi('eliminarDeRed', { id: entry!.id }, token);
  await alertPage.reload();
  await expect(alertPage.getByRole('heading', { name: 'Enlace no disponible' })).toBeVisible();
  await expect(alertPage.getByRole('region', { name: 'Mapa con la ubicación de la alerta' })).toHaveCount(0);
  await alertPage.goto(own!.url);
  await expect(
    alertPage.getByRole('heading', { name: `La alerta de ${account.name} terminó` }),
  ).toBeVisible();
  await visitor.close();
});

test('an unknown alert link says so, and shows no alert', async ({ page }) => {
  await page.goto(`/alerta/${'x'.repeat(54)}`);
  await expect(page.getByRole('heading', { name: 'Alerta no encontrada' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Mapa con la ubicación de la alerta' })).toHaveCount(0);
});
