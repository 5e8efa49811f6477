import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import {
  DENY_CONSENT_COOKIE,
  GOOGLE_PERSON_COOKIE,
  GOOGLE_PERSON_NAME,
  OIDC_ISSUER_URL,
} from '../oidc-issuer.ts';
import {
  callApi,
  createAccount,
  expect,
  expectCurrentPlan,
  newAccount,
  readLinkFromOutbox,
  runAdmin,
  signInToken,
  test,
} from './fixtures.ts';

test('Inicia Sesión con Google: through the provider and back, signed in at Home with the provider’s name', async ({
  page,
}) => {
  const visited: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) visited.push(frame.url());
  });
  await page.goto('/login');
  await page.getByRole('button', { name: 'Inicia Sesión con Google' }).click();
  // the provider (the local issuer) answers at once, as Google does for a person already signed in
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('button', { name: 'Cerrar Sesión' })).toBeVisible();
  await expect(page.getByText(GOOGLE_PERSON_NAME, { exact: true }).first()).toBeVisible();
  // the single-use token left the address bar
  expect(page.url()).not.toContain('social_access_token');

  // a used token brought back (history, a shared link) does not sign anyone in
  const withToken = visited.find((url) => url.includes('/login?social_access_token='));
  expect(withToken).toBeDefined();
  await page.getByRole('button', { name: 'Cerrar Sesión' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto(withToken!);
  await expect(
    page.getByText(
      'El inicio de sesión con Google no es válido, ya fue utilizado o ha expirado. Por favor inténtalo nuevamente.',
    ),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cerrar Sesión' })).toHaveCount(0);
});

test('the hand-off is bound to the browser: a token URL opened in another browser signs nobody in (decision 034)', async ({
  browser,
}) => {
  // the person's browser comes back from the provider, but its trade is held back for a moment
  const own = await browser.newContext();
  const page = await own.newPage();
  let landing: string | undefined;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame() && frame.url().includes('social_access_token=')) landing ??= frame.url();
  });
  await page.route('**/api/social-auth/loginWithGoogleToken', (route) => route.abort());
  await page.goto('/login');
  await page.getByRole('button', { name: 'Inicia Sesión con Google' }).click();
  await expect.poll(() => landing).toBeDefined();

  // someone else is sent that URL (login CSRF): their browser has no hand-off cookie
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await otherPage.goto(landing!);
  await expect(
    otherPage.getByText(
      'El inicio de sesión con Google no es válido, ya fue utilizado o ha expirado. Por favor inténtalo nuevamente.',
    ),
  ).toBeVisible();
  await expect(otherPage.getByRole('button', { name: 'Cerrar Sesión' })).toHaveCount(0);
  await other.close();

  // the refusal did not spend it: the browser that started still signs in with it
  await page.unroute('**/api/social-auth/loginWithGoogleToken');
  await page.goto(landing!);
  await expect(page.getByRole('button', { name: 'Cerrar Sesión' })).toBeVisible();
  await own.close();
});

test('a cancelled consent brings the person back to Login with a Spanish message', async ({ page }) => {
  // the person presses "Cancel" on the provider's consent screen (oidc-issuer.ts)
  await page.context().addCookies([{ name: DENY_CONSENT_COOKIE, value: '1', url: OIDC_ISSUER_URL }]);
  await page.goto('/login');
  await page.getByRole('button', { name: 'Inicia Sesión con Google' }).click();
  await expect(
    page.getByText(
      'Cancelaste el inicio de sesión con Google. Puedes intentarlo nuevamente o ingresar con tu email y contraseña.',
    ),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  // and the page still works: the form and the button are there
  await expect(page.getByRole('button', { name: 'Inicia Sesión con Google' })).toBeVisible();
  await expect(page.getByLabel('Email')).toBeVisible();
});

test('an expired or used social_access_token on Login or Register is refused with a Spanish message', async ({
  page,
}) => {
  for (const path of ['/login', '/register']) {
    await page.goto(`${path}?social_access_token=${'x'.repeat(43)}`);
    await expect(
      page.getByText(
        'El inicio de sesión con Google no es válido, ya fue utilizado o ha expirado. Por favor inténtalo nuevamente.',
      ),
    ).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
  }
});

/** Through the provider and back from the page the person is on: signed in at Home. */
async function continueWithGoogle(page: Page) {
  await page.getByRole('button', { name: 'Inicia Sesión con Google' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('button', { name: 'Cerrar Sesión' })).toBeVisible();
}

test('a sponsor’s link, signed up with Google from Register: the sponsor’s plan on Mis planes', async ({
  page,
}) => {
  const lines = await runAdmin([
    'sponsor',
    'create',
    '--name',
    'Municipalidad de Google',
    '--plan',
    '3',
    '--months',
    '6',
  ]);
  const uniqueId = lines.at(-1)!;
  await page.goto(`/register?sponsor_code=${uniqueId}`);
  await expect(page.getByRole('status').filter({ hasText: 'Municipalidad de Google' })).toContainText(
    'plan Familia por 6 meses, sin costo adicional',
  );
  await continueWithGoogle(page);
  await expect(page.getByText(GOOGLE_PERSON_NAME, { exact: true }).first()).toBeVisible();

  // the plan, as the e-mail sign-up's shows it: Familia, until six months from now
  await expectCurrentPlan(page, 'Familia', 6);
});

test('an invitation with Google: a new account joins from Register, an existing one from Login', async ({
  browser,
}) => {
  const owner = await createAccount();
  const access_token = await signInToken(owner);
  /** the owner invites someone; the link of the e-mail they get */
  const invitation = async () => {
    const invitado = newAccount().email;
    await callApi(
      'enviarInvitacion',
      { name: 'Carla Invitada', phone: '56911112222', invitado },
      access_token,
    );
    return readLinkFromOutbox(invitado, /http:\/\/localhost:\d+\/register\?security_code=[\w-]+/);
  };
  /** what the person sees under 'Redes a la que pertenezco' */
  const expectMemberOfOwner = async (page: Page) => {
    await page.getByRole('button', { name: /Red de seguridad/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Red de seguridad' });
    await dialog.getByRole('tab', { name: 'Redes a la que pertenezco' }).click();
    await expect(
      dialog.getByRole('list', { name: 'Redes a la que pertenezco' }).getByText(owner.email),
    ).toBeVisible();
  };

  // someone new opens the link and chooses Google on Register: joined at once, Home
  const newcomer = await browser.newContext();
  const newPage = await newcomer.newPage();
  await newPage.goto(await invitation());
  await expect(newPage.getByText(`Vas a ser agregado a la red de seguridad de ${owner.name}`)).toBeVisible();
  await continueWithGoogle(newPage);
  await expectMemberOfOwner(newPage);
  await newcomer.close();

  // someone who already signed up with Google (the same Google account every time)
  const returning = await browser.newContext();
  await returning.addCookies([
    { name: GOOGLE_PERSON_COOKIE, value: randomBytes(4).toString('hex'), url: OIDC_ISSUER_URL },
  ]);
  const page = await returning.newPage();
  await page.goto('/login');
  await continueWithGoogle(page);
  await page.getByRole('button', { name: 'Cerrar Sesión' }).click();
  await expect(page).toHaveURL(/\/login$/);
  // opens the link, goes to Login to join with that account, and chooses Google there
  await page.goto(await invitation());
  await page.getByRole('link', { name: '¿Ya tienes cuenta? Inicia sesión para unirte a la red' }).click();
  await expect(page).toHaveURL(/\/login\?security_code=/);
  await page.getByRole('button', { name: 'Inicia Sesión con Google' }).click();
  // back at the invitation, signed in, as after signing in with e-mail and password
  await expect(page).toHaveURL(/\/register\?security_code=[\w-]+$/);
  await expect(page.getByText(`Vas a ser agregado a la red de seguridad de ${owner.name}`)).toBeVisible();
  await page.getByRole('button', { name: `Unirme a la red de ${owner.name}` }).click();
  await expect(page.getByText(`Ahora formas parte de la red de seguridad de ${owner.name}.`)).toBeVisible();
  await page.getByRole('link', { name: 'Ir al panel de usuario' }).click();
  await expectMemberOfOwner(page);
  await returning.close();
});
