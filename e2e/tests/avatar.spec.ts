import type { Page } from '@playwright/test';
import { createAccount, expect, signIn, test } from './fixtures.ts';

/** A 640×480 JPEG drawn by the browser itself: a sky, a sun and a hill, so a picture shows. */
async function drawPhoto(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 640;
    canvas.height = 480;
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#4a90d9';
    context.fillRect(0, 0, 640, 480);
    context.fillStyle = '#f5c400';
    context.beginPath();
    context.arc(320, 200, 120, 0, Math.PI * 2);
    context.fill();
    context.fillStyle = '#2e7d32';
    context.fillRect(0, 360, 640, 120);
    return canvas.toDataURL('image/jpeg', 0.9);
  });
  return Buffer.from(dataUrl.split(',')[1]!, 'base64');
}

test('choose a picture, crop it square, save it, and see it in the sidebar', async ({ page }) => {
  const account = await createAccount();
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  const isCropper = (url: string) => /\/avatar-crop-dialog-[\w-]+\.js$/.test(url);
  await signIn(page, account);
  // the cropper is not part of what Login and Home load
  expect(scripts.filter(isCropper)).toEqual([]);
  const sidebar = page.getByRole('navigation', { name: 'Menú lateral' });
  // no picture yet: the initials
  await expect(sidebar.getByText('VM', { exact: true })).toBeVisible();
  await expect(sidebar.locator('img')).toHaveCount(0);

  await page.getByRole('button', { name: 'Editar Perfil' }).click();
  const profile = page.getByRole('dialog', { name: 'Editar Perfil' });
  await expect(profile).toBeVisible();
  // it is fetched once the profile dialog opens
  await expect.poll(() => scripts.filter(isCropper).length).toBe(1);

  // a file that is not a picture is refused in the panel
  let chooser = page.waitForEvent('filechooser');
  await profile.getByRole('button', { name: 'Cambiar foto' }).click();
  await (
    await chooser
  ).setFiles({ name: 'notas.txt', mimeType: 'text/plain', buffer: Buffer.from('no es una foto') });
  await expect(
    profile.getByText('El archivo elegido no es una imagen. Elige una foto (JPEG o PNG).'),
  ).toBeVisible();

  chooser = page.waitForEvent('filechooser');
  await profile.getByRole('button', { name: 'Cambiar foto' }).click();
  await (await chooser).setFiles({ name: 'foto.jpg', mimeType: 'image/jpeg', buffer: await drawPhoto(page) });

  const crop = page.getByRole('dialog', { name: 'Recorta tu foto' });
  await expect(crop).toBeVisible();
  await expect(crop.getByRole('group', { name: 'Área de recorte' }).locator('img')).toBeVisible();
  // zoom in a little with the keyboard, as a person could
  const zoom = crop.getByRole('slider', { name: 'Acercar' });
  await zoom.focus();
  for (let i = 0; i < 4; i += 1) await zoom.press('ArrowRight');
  await expect(zoom).toHaveValue('1.2');

  const sent = page.waitForRequest('**/api/app/user/updateAvatar');
  await crop.getByRole('button', { name: 'Guardar foto' }).click();
  // the panel sends the crop as a square JPEG of at most 512 px
  const { avatar } = (await sent).postDataJSON() as { avatar: string };
  expect(avatar).toMatch(/^data:image\/jpeg;base64,/);

  await expect(crop).toBeHidden();
  await expect(profile.getByText('Foto actualizada')).toBeVisible();

  // the sidebar, behind the dialog (hidden from the accessibility tree meanwhile), shows the picture at
  // once, through its signed link, and it really loaded: the crop of 480 px at zoom 1.2, 400×400
  const picture = page.locator('nav[aria-label="Menú lateral"] img');
  await expect(picture).toHaveAttribute(
    'src',
    /^\/api\/files\/avatars\/\d+\/[0-9a-f-]{36}\.jpg\?expires=\d+&signature=[0-9a-f]{64}$/,
  );
  await expect
    .poll(() => picture.evaluate((image: HTMLImageElement) => [image.naturalWidth, image.naturalHeight]))
    .toEqual([400, 400]);
  await profile.getByRole('button', { name: 'Cerrar' }).click();
  await expect(sidebar.getByRole('img', { name: account.name })).toBeVisible();
  await expect(sidebar.getByText('VM', { exact: true })).toHaveCount(0);

  // and still after a reload (from app/user/details)
  await page.reload();
  await expect(sidebar.locator('img')).toHaveAttribute('src', /^\/api\/files\/avatars\//);
});
