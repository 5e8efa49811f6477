import { createAccount, expect, signIn, test } from './fixtures.ts';

const ANDROID_UA =
  'Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

for (const [label, userAgent, store] of [
  ['Android', ANDROID_UA, 'https://play.google.com/'],
  ['iPhone', IPHONE_UA, 'https://apps.apple.com/'],
] as const) {
  test(`store redirect sends an ${label} to its store`, async ({ browser }) => {
    const context = await browser.newContext({ userAgent });
    const page = await context.newPage();
    // the stores are outside this network: answer for them, and see the browser arrive
    await context.route(`${store}**`, (route) =>
      route.fulfill({ contentType: 'text/html', body: `<h1>${label} store</h1>` }),
    );
    await page.goto('/store-redirect');
    await expect(page.getByRole('heading', { name: `${label} store` })).toBeVisible();
    expect(page.url().startsWith(store)).toBe(true);
    await context.close();
  });
}

test('store redirect shows both badges on a computer', async ({ page }) => {
  await page.goto('/store-redirect');
  await expect(page.getByRole('link', { name: /Google Play/ })).toHaveAttribute('href', /play\.google\.com/);
  await expect(page.getByRole('link', { name: /App Store/ })).toHaveAttribute('href', /apps\.apple\.com/);
});

test('the cookie page sets a test cookie and shows it', async ({ page }) => {
  const alerted = new Promise<string>((resolve) =>
    page.once('dialog', async (dialog) => {
      resolve(dialog.message());
      await dialog.accept();
    }),
  );
  await page.goto('/cookie');
  expect(await alerted).toContain('escudo_test_cookie=ok');
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === 'escudo_test_cookie')?.value).toBe('ok');
});

test('signed in, /cookie and /store-redirect keep the header and sidebar, whose buttons show their names on a phone', async ({
  page,
}) => {
  const account = await createAccount();
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, account);
  page.on('dialog', (dialog) => void dialog.accept());

  for (const [path, heading] of [
    ['/cookie', 'Prueba de cookies'],
    ['/store-redirect', 'Descarga la aplicación'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: new RegExp(heading) })).toBeVisible();
    // the header, its buttons named in visible text, not bare icons (docs/spec.md, "Layout")
    for (const name of ['Mi panel de ventas', 'Cerrar Sesión']) {
      const button = page.getByRole('button', { name });
      await expect(button.getByText(name)).toBeVisible();
      await expect(button).toHaveAttribute('title', name);
    }
    // the sidebar is the phone's drawer, behind the menu button
    await page.getByRole('button', { name: 'Abrir menú' }).click();
    await expect(page.getByRole('button', { name: 'Editar Perfil' })).toBeVisible();
    await expect(page.getByText(account.name, { exact: true })).toBeVisible();
    await page.keyboard.press('Escape');
  }
});
