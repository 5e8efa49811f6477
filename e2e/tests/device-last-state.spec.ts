import { createAccount, expect, signIn, test } from './fixtures.ts';

// A phone's last state (decision 042): the sidebar says whether a phone is online, with the battery it
// reported, and when it was last connected once it is gone; on a laptop and on a phone, where the sidebar is
// a drawer.

const screens = [
  { name: 'a phone', width: 390, height: 844, isDrawer: true },
  { name: 'a laptop', width: 1366, height: 900, isDrawer: false },
];

for (const { name, width, height, isDrawer } of screens) {
  test(`the device's last state on ${name}`, async ({ page, startPhone }) => {
    await page.setViewportSize({ width, height });
    const account = await createAccount();
    const phone = await startPhone(account, { battery: 37 });
    await phone.waitForLine(/ → status \{"battery":37,"charging":false,"network":"wifi"\}/);

    await signIn(page, account);
    if (isDrawer) await page.getByRole('button', { name: 'Abrir menú' }).click();
    const device = page.getByRole('button', { name: /Samsung Teléfono simulado.*Galaxy A54/ });
    await expect(device).toBeVisible();
    await expect(device).toContainText('En línea');
    await expect(device).toContainText('Batería 37 %');
    await expect(device).toContainText('Wi-Fi');
    // the line fits the sidebar, however narrow the screen
    const box = await device.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(width);

    // the phone goes away: the row says so without reloading, and keeps what it last reported
    await phone.stop();
    await expect(device).toContainText('Última conexión hace un momento');
    await expect(device).not.toContainText('En línea');
    await expect(device).toContainText('Batería 37 %');

    // and so it stays after a reload, read from the server
    await page.reload();
    if (isDrawer) await page.getByRole('button', { name: 'Abrir menú' }).click();
    await expect(device).toContainText('Última conexión hace un momento');
    await expect(device).toContainText('Batería 37 % · Wi-Fi');
  });
}
