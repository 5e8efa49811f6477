import { createAccount, expect, newAccount, test } from './fixtures.ts';

test('sign up: validation, a taken e-mail, then the completed registration', async ({ page }) => {
  await page.goto('/register');
  const submit = page.getByRole('button', { name: 'Registrarme' });
  await expect(page.getByText('Mínimo 8 caracteres')).toBeVisible();

  await submit.click();
  await expect(page.getByText('Este campo es obligatorio').first()).toBeVisible();
  await page.getByLabel('Email').fill('no-es-un-email');
  await submit.click();
  await expect(page.getByText('Formato incorrecto')).toBeVisible();

  // a taken e-mail: the server's message, listed
  const existing = await createAccount();
  await page.getByLabel('Nombre').fill('Otra Persona');
  await page.getByLabel('Email').fill(existing.email.toUpperCase());
  await page.getByLabel('Contraseña', { exact: true }).fill('clave-larga-123');
  await submit.click();
  await expect(page.getByText('Hay errores en el formulario:')).toBeVisible();
  await expect(page.getByText('Ya existe una cuenta registrada con este email.')).toBeVisible();

  const account = newAccount();
  await page.getByLabel('Nombre').fill(account.name);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Contraseña', { exact: true }).fill(account.password);
  await submit.click();
  await expect(page.getByText('Registro Completo')).toBeVisible();
  await expect(page.getByRole('link', { name: /Google Play/ })).toBeVisible();
  await expect(page.getByRole('link', { name: /App Store/ })).toBeVisible();
  await page
    .getByRole('button', { name: 'Ir al panel de usuario' })
    .or(page.getByRole('link', { name: 'Ir al panel de usuario' }))
    .click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText(account.name, { exact: true })).toBeVisible();
  await expect(page.getByText('No hay dispositivos registrados en tu cuenta.')).toBeVisible();
});

test('on an Android phone, Registro Completo tries the app link first, then the Play store after 5 s', async ({
  browser,
}) => {
  const context = await browser.newContext({
    userAgent:
      'Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  // the store is outside this network: answer for it, and see the browser arrive
  await context.route('https://play.google.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<h1>Android store</h1>' }),
  );
  // every navigation the page asks for, the app's own scheme included, which no request shows
  const cdp = await context.newCDPSession(page);
  const asked: string[] = [];
  cdp.on('Page.frameRequestedNavigation', ({ url }) => void asked.push(url));
  await cdp.send('Page.enable');

  await page.goto('/register');
  const account = newAccount();
  await page.getByLabel('Nombre').fill(account.name);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Contraseña', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Registrarme' }).click();
  await expect(page.getByText('Registro Completo')).toBeVisible();
  // the countdown starts at 5 (the exact seconds are the panel's test with a fake clock)
  const countdown = page.getByText(/^Redireccionando en \d$/);
  await expect(countdown).toHaveText(/Redireccionando en [2-5]/);

  // the app link (the server's default, escudo://app) first, while the countdown runs
  await expect.poll(() => asked).toEqual(['escudo://app']);
  await expect(countdown).toBeVisible();
  // then, the app not having opened, the store
  await expect(page.getByRole('heading', { name: 'Android store' })).toBeVisible();
  expect(asked[0]).toBe('escudo://app');
  expect(asked.at(-1)).toMatch(/^https:\/\/play\.google\.com\//);
  await context.close();
});
