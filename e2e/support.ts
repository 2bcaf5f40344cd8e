import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';

export const PASSWORD = 'Journey-Pass-2026!';

let counter = 0;
export function uniqueEmail(tag: string) {
  counter += 1;
  return `${tag}-${Date.now().toString(36)}-${counter}@shop.az`;
}

export function uniqueStoreName(tag: string) {
  counter += 1;
  return `${tag}-${Date.now().toString(36)}-${counter}`;
}

/** A short tag no other run of the same server has used: for names that must be unique. */
export function uniqueTag() {
  counter += 1;
  return `${Date.now().toString(36)}${counter}`;
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
  createdAt: string;
}

/** Every mail the dev mailbox (the outbox) holds for `email`. */
export async function mailsTo(request: APIRequestContext, email: string): Promise<Mail[]> {
  const response = await request.get('/api/Dev/mailbox');
  return ((await response.json()) as { data: Mail[] }).data.filter((m) => m.to === email);
}

/** The `data` of an API call that must succeed; a failure shows the answer. */
export async function apiData<T>(api: APIRequestContext, method: string, path: string, data?: unknown): Promise<T> {
  const response = await api.fetch(`/api${path}`, { method, data });
  const body = await response.json();
  expect(response.ok(), `${method} ${path}: ${JSON.stringify(body)}`).toBe(true);
  return body.data as T;
}

/**
 * A new merchant registered, confirmed and signed in on `api` (the mailed codes read through
 * `request`), with a new store of its own; answers the store and the merchant's e-mail.
 */
export async function merchantWithNewStore(api: APIRequestContext, request: APIRequestContext, tag: string) {
  const email = uniqueEmail(tag);
  const since = Date.now();
  await apiData(api, 'POST', '/User/register', {
    email,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    acceptTerms: true,
  });
  await apiData(api, 'POST', '/User/confirm-email', { email, code: await codeFor(request, email, since) });
  await signInApi(api, request, { email, password: PASSWORD });
  const store = await apiData<{ id: string; name: string }>(api, 'POST', '/Market/create-store', {
    name: uniqueStoreName(tag),
    sectorId: 1,
  });
  return { ...store, email };
}

/** The newest code mailed to `email` after `since`, read from the dev mailbox (the outbox). */
export async function codeFor(request: APIRequestContext, email: string, since: number): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get('/api/Dev/mailbox');
        const mails = ((await response.json()) as { data: Mail[] }).data;
        // The newest mail with a code: other mails to the same account (a journey in another
        // worker changing the store's bank details) may be newer still.
        code = mails
          .filter((m) => m.to === email && new Date(m.createdAt).getTime() >= since - 1000)
          .map((m) => m.text.match(/\b(\d{6})\b/)?.[1])
          .find(Boolean);
        return code;
      },
      { timeout: 10_000 },
    )
    .toBeTruthy();
  return code as string;
}

/**
 * Runs `steps` — a sign-in of `email`, from the password to the mailed code — while no other
 * journey signs that account in. A new login code replaces the account's previous one (DESIGN §4),
 * so two workers signing one seeded account in at once (the demo merchant, the staff member) would
 * each read a code the other had just made stale. The lock is a directory beside this run's server
 * (its port): created by one worker at a time; a lock older than a journey's timeout was left by a
 * worker that died, and is taken over.
 */
export async function oneSignInAtATime<T>(email: string, steps: () => Promise<T>): Promise<T> {
  const locks = path.join(os.tmpdir(), `shop-e2e-sign-in-${process.env.E2E_PORT ?? 3199}`);
  fs.mkdirSync(locks, { recursive: true });
  const lock = path.join(locks, createHash('sha256').update(email).digest('hex').slice(0, 16));
  for (;;) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const age = Date.now() - (fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > 120_000) fs.rmSync(lock, { recursive: true, force: true });
      else await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  try {
    return await steps();
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

/** Signs `account` in on the API context `api` (the mailed code read through `request`). */
export async function signInApi(
  api: APIRequestContext,
  request: APIRequestContext,
  account: { email: string; password: string },
) {
  await oneSignInAtATime(account.email, async () => {
    const since = Date.now();
    await apiData(api, 'POST', '/User/login', { login: account.email, password: account.password });
    await apiData(api, 'POST', '/User/confirm-login', {
      email: account.email,
      code: await codeFor(request, account.email, since),
    });
  });
}

/** Types a code into the six boxes (the first box takes focus and moves along). */
export async function enterCode(page: Page, code: string) {
  const boxes = page.getByTestId('code-input').locator('input');
  await boxes.first().click();
  await page.keyboard.type(code);
}

/**
 * Lifts a sortable item by its focused handle from the keyboard (Space), ready for the arrows.
 * dnd-kit's keyboard sensor starts listening for them in a timer set as the item is lifted: a
 * timer of the page's own, set once the handle is pressed, runs after it — a slow machine sent
 * the arrow before the sensor heard any.
 */
export async function liftFromKeyboard(page: Page, handle: Locator) {
  await handle.focus();
  await page.keyboard.press('Space');
  await expect(handle).toHaveAttribute('aria-pressed', 'true');
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
}

/** The stored language preference (cookie), as the language switch would set it. */
export async function useLanguage(page: Page, language: 'az' | 'en' | 'ru') {
  await page.context().addCookies([{ name: 'language', value: language, domain: '127.0.0.1', path: '/' }]);
}

/** The merchant every fresh server seeds (SEED_DEMO), with the one store "demo-store". */
export const DEMO = { email: 'demo@shop.az', password: 'Demo-Store-2026!', store: 'demo-store' } as const;

/** Signs the demo merchant in through the screens, with the login code from the dev mailbox. */
export async function signInAsDemo(page: Page, request: APIRequestContext) {
  await signInAs(page, request, DEMO);
  await expect(page.getByTestId('store-switcher')).toContainText(DEMO.store);
}

/** Signs a merchant of one store in through the login form and its e-mailed code, into its control panel. */
export async function signInAs(page: Page, request: APIRequestContext, account: { email: string; password: string }) {
  await oneSignInAtATime(account.email, async () => {
    await page.goto('/login');
    await page.getByTestId('login-email').fill(account.email);
    await page.getByTestId('login-password').fill(account.password);
    const since = Date.now();
    await page.getByTestId('login-submit').click();
    await expect(page).toHaveURL(/\/login-verification$/);
    await enterCode(page, await codeFor(request, account.email, since));
    await page.getByTestId('code-submit').click();
    // One store: straight into its control panel.
    await expect(page).toHaveURL(/\/cp\/home$/);
  });
}

/** A file as `setInputFiles` takes it. */
export interface FilePayload {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/**
 * A small real picture of one colour (PNG or JPEG), made here from pixels, so that uploads
 * go through the server's real image checks; different colours tell the pictures apart.
 */
export async function imageFile(
  name: string,
  colour: { r: number; g: number; b: number },
  format: 'png' | 'jpeg' = 'png',
): Promise<FilePayload> {
  const image = sharp({ create: { width: 96, height: 96, channels: 3, background: colour } });
  const buffer = format === 'png' ? await image.png().toBuffer() : await image.jpeg({ quality: 80 }).toBuffer();
  return { name, mimeType: format === 'png' ? 'image/png' : 'image/jpeg', buffer };
}

/** Reads CSV text (RFC 4180: quoted fields may hold commas, quotes and line breaks) into rows. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const input = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < input.length; i += 1) {
    const c = input[i];
    if (quoted) {
      if (c === '"' && input[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && input[i + 1] === '\n') i += 1;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/** Rows back into CSV text, quoting only the fields that need it. */
export function toCsv(rows: readonly (readonly string[])[]): string {
  const cell = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);
  return `${rows.map((row) => row.map(cell).join(',')).join('\n')}\n`;
}
