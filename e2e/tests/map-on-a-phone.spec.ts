import type { Page } from '@playwright/test';
import {
  PLAN_WITH_TRACKING,
  createAccount,
  expect,
  payForPlan,
  selectDevice,
  signIn,
  signInToken,
  simulatedAndroid,
  test,
} from './fixtures.ts';

// 2 device pixels per CSS pixel, as on most phones customers use (decision 017, "sharp map tiles on phones")
test.use({ deviceScaleFactor: 2 });

/** a tile the size of tile.openstreetmap.org's (256 px): this machine cannot reach the real ones */
const TILE_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256"><rect width="256" height="256" fill="#e5e3df"/></svg>';

/** every drawn tile: its zoom (from the URL), pixels it carries and CSS pixels it is drawn on */
function readTiles(page: Page) {
  return page.locator('img.leaflet-tile-loaded').evaluateAll((images: HTMLImageElement[]) =>
    images.map((image) => ({
      zoom: Number(/\/(\d+)\/\d+\/\d+\.png$/.exec(image.src)?.[1]),
      naturalWidth: image.naturalWidth,
      shownWidth: image.getBoundingClientRect().width * window.devicePixelRatio,
    })),
  );
}

/** whether the map shows tiles of `zoom` and has finished animating the zoom that brought them */
function hasSettledAtTileZoom(page: Page, zoom: number) {
  return page.evaluate(
    (tileZoom) =>
      document.querySelector('.leaflet-zoom-anim') === null &&
      [...document.querySelectorAll<HTMLImageElement>('img.leaflet-tile-loaded')].some(
        (image) => /\/(\d+)\/\d+\/\d+\.png$/.exec(image.src)?.[1] === String(tileZoom),
      ),
    zoom,
  );
}

test('the map is sharp on a phone and still drawn at its closest zoom', async ({ page, startPhone }) => {
  // a long journey (real timers, several browsers or phones): 3 times the limit of playwright.config.ts
  test.slow();
  await page.route('https://tile.openstreetmap.org/**', (route) =>
    route.fulfill({ contentType: 'image/svg+xml', body: TILE_SVG }),
  );
  const account = await createAccount();
  await startPhone(account);
  const token = await signInToken(account);
  await payForPlan(token, PLAN_WITH_TRACKING);

  await signIn(page, account);
  // the device is picked in the wide sidebar; then the screen becomes a phone's
  await selectDevice(page, simulatedAndroid);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: /^Tracking del dispositivo/ }).click();
  await expect(page.getByRole('heading', { name: 'Tracking dispositivo' })).toBeVisible();

  // spec 9's zoom 12: tiles of zoom 13, each with at least a device pixel for every pixel shown
  await expect.poll(async () => (await readTiles(page)).length).toBeGreaterThan(0);
  for (const tile of await readTiles(page)) {
    expect(tile.zoom).toBe(13);
    expect(tile.naturalWidth).toBeGreaterThanOrEqual(tile.shownWidth);
  }

  // zoomed in to spec 9's max (16): the zoom-in button turns off and tiles of zoom 17 are drawn
  const zoomIn = page.getByRole('button', { name: 'Acercar' });
  for (let zoom = 13; zoom <= 16; zoom += 1) {
    await zoomIn.click();
    // a step at a time: Leaflet drops a zoom asked for while it still animates the last one, and the
    // new zoom's tiles may arrive before that animation ends (its map pane has `leaflet-zoom-anim`
    // meanwhile). Both read at the same moment: the new zoom's tiles are only asked for once the
    // animation has begun, so with them there and the class gone, it has ended.
    await expect.poll(() => hasSettledAtTileZoom(page, zoom + 1)).toBe(true);
  }
  await expect(zoomIn).toHaveAttribute('aria-disabled', 'true');
  await expect
    .poll(async () => (await readTiles(page)).filter((tile) => tile.zoom === 17).length)
    .toBeGreaterThan(0);
});
