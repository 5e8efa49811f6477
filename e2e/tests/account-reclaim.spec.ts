/**
 * Taking back an account someone else prepared with the owner's e-mail (decision 050): the preparer
 * signs up with Sofía's Gmail address, keeps his session and password, protects his own phone (the
 * simulator) and puts an accomplice in the network. Sofía opens "Verifica tu email", signs in with
 * Google (the local OpenID issuer), is asked for a new password and answers "¿Es tuyo?" for the phone
 * and the member: she removes both, and the preparer's session, password and phone are refused. With
 * SHOTS_DIR set, it leaves screenshots of each step.
 */
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { GOOGLE_PERSON_COOKIE, OIDC_ISSUER_URL } from '../oidc-issuer.ts';
import {
  ApiCallError,
  callApi,
  createAccount,
  expect,
  newAccount,
  readLinkFromOutbox,
  signInToken,
  test,
} from './fixtures.ts';

const shotsDir = process.env.SHOTS_DIR;
async function shot(page: Page, name: string) {
  if (shotsDir)
    await page.screenshot({
      path: `${shotsDir}/reclaim-${name}-${page.viewportSize()?.width}.png`,
      fullPage: true,
    });
}

/** the API's refusal of a call, as its code */
async function refusal(call: Promise<unknown>): Promise<string> {
  try {
    await call;
  } catch (error) {
    if (error instanceof ApiCallError) return error.code;
    throw error;
  }
  throw new Error('the call was not refused');
}

// at a phone's width, where the review's buttons stack; the verification journey
// (verify-email.spec.ts) runs at both widths
for (const viewport of [{ width: 390, height: 844 }]) {
  test(`the owner takes back an account prepared with her e-mail, and removes the preparer's phone and member (${viewport.width} px)`, async ({
    browser,
    startPhone,
  }) => {
    test.slow();
    // the preparer: Sofía's address, his password, his phone and his accomplice in her network
    const googleId = randomBytes(4).toString('hex');
    const preparer = { ...newAccount(), name: 'Sofía Araya', email: `sofia.${googleId}@gmail.com` };
    await createAccount(preparer);
    const preparerToken = await signInToken(preparer);
    const phone = await startPhone(preparer);
    const accomplice = await createAccount({ ...newAccount(), name: 'Cómplice del preparador' });
    await callApi(
      'enviarInvitacion',
      { name: 'Cómplice', phone: '56911112222', invitado: accomplice.email },
      preparerToken,
    );
    const invitation = await readLinkFromOutbox(accomplice.email, /security_code=[\w-]+/);
    await callApi(
      'aceptarInvitacion',
      { security_code: invitation.split('=')[1]! },
      await signInToken(accomplice),
    );

    // Sofía, in her own browser, where she is signed in to Google
    const context = await browser.newContext({ viewport });
    await context.addCookies([{ name: GOOGLE_PERSON_COOKIE, value: googleId, url: OIDC_ISSUER_URL }]);
    const page = await context.newPage();
    await page.goto(
      await readLinkFromOutbox(preparer.email, /http:\/\/localhost:\d+\/verificar-email\/[\w-]+/),
    );
    await page.getByRole('button', { name: 'Verificar mi email' }).click();
    await expect(page.getByText('¡Email verificado!')).toBeVisible();
    await shot(page, 'verified');
    // the preparer is out at once: his session and his password
    expect(await refusal(callApi('userDetails', {}, preparerToken))).toBe('UNAUTHENTICATED');
    expect(await refusal(callApi('login', { email: preparer.email, password: preparer.password }))).toBe(
      'INVALID_CREDENTIALS',
    );

    // she would rather use Google
    await page.getByRole('link', { name: 'Prefiero ingresar de otra forma' }).click();
    await page.getByRole('button', { name: 'Inicia Sesión con Google' }).click();
    // before anything else: the review, which asks for a password first
    await expect(page).toHaveURL(/\/revisar-cuenta$/);
    await expect(page.getByRole('heading', { name: 'Revisa tu cuenta' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Elige tu contraseña' })).toBeVisible();
    await shot(page, 'review');
    const password = `clave-de-sofia-${googleId}`;
    await page.getByLabel('Nueva contraseña').fill(password);
    await page.getByLabel('Confirmar contraseña').fill(password);
    await page.getByRole('button', { name: 'Guardar contraseña' }).click();
    await expect(page.getByText('Contraseña guardada.')).toBeVisible();

    // "¿Es tuyo?": the preparer's phone is not
    const phones = page.getByRole('region', { name: 'Teléfonos' });
    const phoneItem = phones.getByRole('group', { name: /Samsung/ });
    await expect(phoneItem.getByText('¿Es tuyo?')).toBeVisible();
    await shot(page, 'review-items');
    await phoneItem.getByRole('button', { name: 'No, quitarlo' }).click();
    await expect(phones).toHaveCount(0);
    // the simulator is told at once, says so and stops: its token no longer works
    await phone.waitForLine(/ya no está protegido/);

    // nor is the accomplice
    const network = page.getByRole('region', { name: 'Tu red de seguridad' });
    const member = network.getByRole('group', { name: new RegExp(accomplice.email.replace(/\./g, '\\.')) });
    await expect(member.getByText(/Forma parte de tu red/)).toBeVisible();
    await member.getByRole('button', { name: 'No, quitarlo de mi red' }).click();
    await expect(page.getByText('¡Listo! Revisaste tu cuenta')).toBeVisible();
    await shot(page, 'review-done');
    expect((await callApi('misGrupos', {}, await signInToken(accomplice))).data).toEqual([]);

    // her panel, with her own password from now on; his stays refused
    await page.getByRole('link', { name: 'Ir a mi panel' }).click();
    await expect(page.getByRole('button', { name: 'Cerrar Sesión' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Verifica tu email' })).toHaveCount(0);
    await shot(page, 'home');
    expect(await callApi('login', { email: preparer.email, password })).toHaveProperty('access_token');
    expect(await refusal(callApi('login', { email: preparer.email, password: preparer.password }))).toBe(
      'INVALID_CREDENTIALS',
    );
    await context.close();
  });
}
