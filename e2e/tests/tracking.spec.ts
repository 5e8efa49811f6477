import { routes } from '@escudo/contract';
import {
  PLAN_WITH_TRACKING,
  callApi,
  createAccount,
  expect,
  payForPlan,
  selectDevice,
  signIn,
  signInToken,
  simulatedAndroid,
  test,
} from './fixtures.ts';

/** the panel's own calls, intercepted below to fail the network or hold the answer */
const changeTrackingStatusUrl = `**${routes.changeTrackingStatus.path}`;

test('follow a live route, stop it, find it in the history and page the history', async ({
  page,
  startPhone,
}) => {
  // a long journey (real timers, several browsers or phones): 3 times the limit of playwright.config.ts
  test.slow();
  const account = await createAccount();
  const phone = await startPhone(account);

  const token = await signInToken(account);
  // resolves only on the endpoint's success status (200); a refusal throws an ApiCallError
  const changeStatus = (trackingStatus: 1 | 2) =>
    callApi('changeTrackingStatus', { device_id: phone.deviceId, trackingStatus }, token);
  // the starter plan has no tracking: the server refuses it (decision 012), until a plan with it is paid
  await expect(changeStatus(1)).rejects.toMatchObject({ status: 409, code: 'FEATURE_NOT_IN_PLAN' });
  await payForPlan(token, PLAN_WITH_TRACKING);

  // fifteen earlier routes, so that the history needs a second page (15 a page, spec 9)
  for (let i = 0; i < 15; i += 1) {
    for (const trackingStatus of [1, 2] as const) await changeStatus(trackingStatus);
  }

  await signIn(page, account);
  await selectDevice(page, simulatedAndroid);
  await page.getByRole('button', { name: /^Tracking del dispositivo/ }).click();
  await expect(page.getByRole('heading', { name: 'Tracking dispositivo' })).toBeVisible();
  await expect(page.getByText('1–15 de 15')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Ver Ruta Activa' })).toBeDisabled();

  // the network fails (spec 8): the danger text, the banner gone, nothing turned on
  await page.route(changeTrackingStatusUrl, (route) => route.abort('internetdisconnected'), {
    times: 1,
  });
  await page.getByRole('button', { name: 'Activar Tracking' }).click();
  await expect(
    page.getByText('Hubo un error de red al enviar la solicitud, por favor inténtalo nuevamente.'),
  ).toBeVisible();
  await expect(page.getByText('Activando tracking')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Activar Tracking' })).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Ver Ruta Activa' })).toBeDisabled();

  // on: the panel waits for the phone, which starts walking. The server orders the phone before it
  // answers the browser, so a quick phone answers first: hold the server's answer until the phone
  // has taken the order and sent its first point, which also keeps the banner on screen meanwhile.
  let releaseAnswer = () => {};
  const answerReleased = new Promise<void>((resolve) => (releaseAnswer = resolve));
  let routeId: number | null = null;
  await page.route(
    changeTrackingStatusUrl,
    async (route) => {
      const response = await route.fetch();
      routeId = ((await response.json()) as { tracking: { id: number } }).tracking.id;
      await answerReleased;
      await route.fulfill({ response });
    },
    { times: 1 },
  );
  await page.getByRole('button', { name: 'Activar Tracking' }).click();
  await expect(page.getByText('Activando tracking')).toBeVisible();
  await expect.poll(() => routeId).not.toBeNull();
  // (the phone's output also holds the fifteen earlier routes: only this route's lines count)
  const pointsSent = new RegExp(` → routePoints \\{"tracking_id":${routeId},`);
  await phone.waitForLine(new RegExp(` · tracking on \\(route ${routeId},`));
  await phone.waitForLine(pointsSent);
  releaseAnswer();
  await expect(
    page.getByText(
      'El tracking ha sido activado en el dispositivo, ahora podrás visualizar su posición en tiempo real.',
    ),
  ).toBeVisible();
  // taken from the phone's answers that came before the server's, not from its next point
  expect(phone.lines.filter((line) => pointsSent.test(line))).toHaveLength(1);

  // the live route grows on the map as the phone's points arrive
  const pointsLine = page.getByText(/^Tracking activo desde el \d{2}-\d{2}-\d{4} \d{2}:\d{2} · \d+ puntos$/);
  await expect(pointsLine).toHaveText(/· [1-9]\d* puntos$/, { timeout: 15_000 });
  const route = page.locator('.leaflet-overlay-pane path');
  await expect(route).toHaveCount(1);
  const firstShape = await route.getAttribute('d');
  await expect(pointsLine).toHaveText(/· ([2-9]|\d{2,}) puntos$/, { timeout: 15_000 });
  await expect.poll(() => route.getAttribute('d'), { timeout: 15_000 }).not.toBe(firstShape);
  await expect(page.locator('.leaflet-marker-icon[title="Posición actual"]')).toBeVisible();
  await page.getByRole('button', { name: 'Ocultar Ruta Activa' }).click();
  await expect(route).toHaveCount(0);
  await page.getByRole('button', { name: 'Ver Ruta Activa' }).click();
  await expect(route).toHaveCount(1);

  // off: loading, then the spec's text; the phone stops
  await page.getByRole('button', { name: 'Desactivar Tracking' }).click();
  await expect(page.getByText('Desactivando tracking')).toBeVisible();
  await expect(page.getByText('El tracking ha sido desactivado en el dispositivo.')).toBeVisible();
  await phone.waitForLine(new RegExp(` · tracking off \\(route ${routeId}\\)$`));
  await expect(page.getByRole('button', { name: 'Activar Tracking' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Ver Ruta Activa' })).toBeDisabled();

  // the route just recorded heads the history; showing it draws it with its start and end
  await expect(page.getByText('1–15 de 16')).toBeVisible();
  const newest = page.getByRole('row').nth(1);
  await expect(newest).toContainText(/\d{2}-\d{2}-\d{4} \d{2}:\d{2}/);
  await expect(newest).toContainText(/([2-9]|\d{2,}) puntos/);
  await newest.getByRole('button', { name: 'Ver ruta', exact: true }).click();
  await expect(newest.getByRole('button', { name: 'Ocultar ruta', exact: true })).toBeVisible();
  await expect(route).toHaveCount(1);
  await expect(page.locator('.leaflet-marker-icon[title="Inicio del recorrido"]')).toBeVisible();
  await expect(page.locator('.leaflet-marker-icon[title="Fin del recorrido"]')).toBeVisible();
  await newest.getByRole('button', { name: 'Ocultar ruta', exact: true }).click();
  await expect(route).toHaveCount(0);

  // the oldest route is on the second page
  await page.getByRole('button', { name: 'Ir a la página siguiente' }).click();
  await expect(page.getByText('16–16 de 16')).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(2);
});
