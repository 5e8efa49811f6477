// temporary customer check: the panel through the balancer, at phone and desktop size
import { chromium } from '@playwright/test';
const base = 'http://localhost:3300';
const [width, height, tag] = process.argv.slice(2);
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const page = await browser.newPage({ viewport: { width: Number(width), height: Number(height) }, locale: 'es-CL', timezoneId: 'America/Santiago' });
const shot = (name) => page.screenshot({ path: `/tmp/shots/${tag}-${name}.png` });
await page.goto(`${base}/login`);
await page.getByLabel('Email').fill('demo@escudo.cl');
await page.getByLabel('Contraseña', { exact: true }).fill('escudo-demo');
await page.getByRole('button', { name: 'Ingresar' }).click();
await page.getByRole('button', { name: 'Cerrar Sesión' }).waitFor();
await shot('1-home');
const device = page.getByRole('button', { name: /Teléfono de Camila/ });
if (!(await device.isVisible())) await page.getByRole('button', { name: /menú|Abrir/i }).first().click();
await device.click();
await page.getByText(/Dispositivo seleccionado/).waitFor();
await page.getByRole('button', { name: /^Bloqueo de pantalla/ }).click();
let dialog = page.getByRole('dialog', { name: 'Bloqueo de pantalla' });
await dialog.getByLabel('PIN de 4 dígitos').fill('4321');
await dialog.getByRole('button', { name: 'Bloquear teléfono' }).click();
await dialog.getByText('El teléfono quedó bloqueado con el PIN que elegiste.').waitFor({ timeout: 60000 });
await shot('2-locked');
await dialog.getByRole('button', { name: 'Cerrar' }).click();
await page.getByRole('button', { name: /^Pérdida del dispositivo/ }).click();
dialog = page.getByRole('dialog', { name: 'Pérdida del dispositivo' });
await dialog.getByRole('button', { name: /función de pérdida/ }).click();
await page.waitForURL(/device-info/, { timeout: 60000 }).catch(() => {});
await page.waitForTimeout(15000);
await page.reload();
await page.waitForTimeout(5000);
await shot('3-info');
const images = await page.locator('img').evaluateAll((all) => all.map((i) => ({ src: i.src.slice(0, 80), ok: i.complete && i.naturalWidth > 0 })));
console.log(JSON.stringify(images));
await browser.close();
