/**
 * What every journey needs (STYLE.md #9): accounts made through the real API, sign-in through the
 * real form, and the e-mails the server wrote to its outbox.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { simpleParser } from 'mailparser';
import { test as base, expect, type Page } from '@playwright/test';
import { E2E_DATA_DIR, E2E_URL } from '../playwright.config.ts';

export { expect };

export interface Account {
  name: string;
  email: string;
  password: string;
}

/** seeded by the server at start-up outside production (two phones: Android and iPhone) */
export const demoAccount: Account = {
  name: 'Camila Rojas',
  email: 'demo@escudo.cl',
  password: 'escudo-demo',
};

export function newAccount(): Account {
  const id = randomBytes(4).toString('hex');
  return {
    name: `Valentina Muñoz ${id}`,
    email: `valentina.${id}@example.cl`,
    password: `clave-${id}-segura`,
  };
}

/** Creates an account through the API, as another client of the product would. */
export async function createAccount(account: Account = newAccount()): Promise<Account> {
  const response = await fetch(`${E2E_URL}/api/auth/signUpByCode`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  if (response.status !== 201) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  return account;
}

/** Signs in through the Login form and waits for Home. */
export async function signIn(page: Page, account: Account): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Contraseña', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page).toHaveURL(`${E2E_URL}/`);
  await expect(page.getByRole('button', { name: 'Cerrar Sesión' })).toBeVisible();
}

/** The link of the newest e-mail to `email` in the server's outbox, waiting for it to arrive. */
export async function readLinkFromOutbox(email: string, pattern: RegExp): Promise<string> {
  const dir = path.join(E2E_DATA_DIR, 'outbox');
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const files = (await fs.readdir(dir).catch(() => [])).sort().reverse();
    for (const file of files) {
      const mail = await simpleParser(await fs.readFile(path.join(dir, file)));
      const to = Array.isArray(mail.to) ? mail.to[0] : mail.to;
      const match = to?.text === email ? pattern.exec(mail.text ?? '') : null;
      if (match) return match[0];
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no e-mail to ${email} matching ${pattern}`);
}

export const test = base;
