import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { CategoryView, Checkout, CollectionView, MarketView, ProductView } from '@shop/shared';
import type { SQL } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import sharp from 'sharp';
import { buildApp } from '../app.js';
import { type Config, testConfig } from '../config.js';
import { rowsOf } from '../db/client.js';
import { sql } from '../db/sql-text.js';
import type { AppContext } from '../platform/context.js';
import { existingPgliteTemplate, postgresTemplateName, withAdmin } from './database-templates.js';

/**
 * The real server for API tests: `buildApp` with the web left out. With TEST_DATABASE_URL set,
 * each test app gets its own PostgreSQL database (created here, dropped on close); otherwise an
 * in-memory PGlite. Uploads go to a temporary directory.
 */
export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  config: Config;
  close(): Promise<void>;
}

export async function createTestApp(
  overrides: Partial<Config> = {},
  /** The web app too, from its build, where a test needs the pages (vitest's global setup builds it). */
  options: { web?: 'build' } = {},
): Promise<TestApp> {
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'shop-test-'));
  const cleanups: (() => Promise<void>)[] = [() => rm(tmp, { recursive: true, force: true })];
  let database: Config['database'] = { kind: 'pglite', dataDir: undefined, loadDataDir: existingPgliteTemplate() };
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl && !overrides.database) {
    const name = `t_${randomBytes(8).toString('hex')}`;
    // From the migrated template (vitest's global setup); without one, a new database migrates.
    await adminQuery(adminUrl, `CREATE DATABASE ${name} TEMPLATE ${postgresTemplateName()}`).catch((error) =>
      (error as { code?: string }).code === '3D000'
        ? adminQuery(adminUrl, `CREATE DATABASE ${name}`)
        : Promise.reject(error),
    );
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    database = { kind: 'postgres', url: url.toString(), poolSize: 20 }; // as many as the concurrency tests need to queue at once
    cleanups.unshift(() => adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  }
  const config = testConfig({
    database,
    dataDir: tmp,
    uploadsDir: path.join(tmp, 'uploads'),
    privateDir: path.join(tmp, 'private'),
    ...overrides,
  });
  let built: Awaited<ReturnType<typeof buildApp>>;
  try {
    built = await buildApp(config, { web: options.web ?? 'none' });
  } catch (error) {
    for (const cleanup of cleanups) await cleanup();
    throw error;
  }
  const { app, ctx } = built;
  await app.ready();
  return {
    app,
    ctx,
    config,
    async close() {
      try {
        await app.close();
      } finally {
        for (const cleanup of cleanups) await cleanup();
      }
    },
  };
}

async function adminQuery(url: string, sql: string) {
  await withAdmin(url, (client) => client.query(sql));
}

// ---- Callers ---------------------------------------------------------------------------------

let counter = 0;
const ipBase = randomBytes(2);

/** A client address of its own, so per-address rate limits of other tests don't interfere. */
export function newIp(): string {
  counter++;
  return `10.${ipBase[0]}.${(ipBase[1]! + (counter >> 8)) % 256}.${counter % 256}`;
}

/** An address nobody has used yet. */
export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${Date.now().toString(36)}-${randomBytes(4).toString('hex')}@example.com`;
}

export const PASSWORD = 'Str0ng-Pass!';

export function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

export interface MailView {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  createdAt: string;
}

/** The outbox as the dev mailbox shows it, newest first. */
export async function mailbox(app: FastifyInstance, email?: string): Promise<MailView[]> {
  // The mailbox answers only this machine (platform/dev-mailbox.ts).
  const response = await app.inject({ method: 'GET', url: '/api/Dev/mailbox', remoteAddress: '127.0.0.1' });
  if (response.statusCode !== 200) throw new Error(`mailbox: ${response.statusCode} ${response.body}`);
  const mails = (response.json() as { data: MailView[] }).data;
  return email ? mails.filter((m) => m.to === email.toLowerCase()) : mails;
}

/** The six-digit code of the newest mail to `email`. */
export async function readLatestCode(app: FastifyInstance, email: string): Promise<string> {
  const [latest] = await mailbox(app, email);
  const code = latest?.text.match(/\b\d{6}\b/)?.[0];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

/** Throws unless the response has `status` (the kit's helpers run outside tests too: scripts/e2e-seed.ts). */
export function expectStatus(what: string, response: { statusCode: number; body: string }, status: number) {
  if (response.statusCode !== status) {
    throw new Error(`${what}: expected ${status}, got ${response.statusCode} ${response.body}`);
  }
}

export interface Account {
  email: string;
  password: string;
  /** The address the account was created from; reuse it to stay within its own limits. */
  ip: string;
}

/** Registers an account and confirms its e-mail with the mailed code. */
export async function registerConfirmed(
  app: FastifyInstance,
  email = uniqueEmail(),
  options: { password?: string; ip?: string; language?: 'az' | 'en' | 'ru' } = {},
): Promise<Account> {
  const password = options.password ?? PASSWORD;
  const ip = options.ip ?? newIp();
  const registered = await app.inject({
    method: 'POST',
    url: '/api/User/register',
    remoteAddress: ip,
    payload: {
      email,
      password,
      confirmPassword: password,
      acceptTerms: true,
      ...(options.language ? { language: options.language } : {}),
    },
  });
  expectStatus('register', registered, 200);
  const confirmed = await app.inject({
    method: 'POST',
    url: '/api/User/confirm-email',
    remoteAddress: ip,
    payload: { email, code: await readLatestCode(app, email) },
  });
  expectStatus('confirm-email', confirmed, 200);
  return { email: email.toLowerCase(), password, ip };
}

/** Signs in with both steps (password, then the mailed code) and returns the session token. */
export async function signIn(
  app: FastifyInstance,
  email: string,
  password: string,
  options: { ip?: string; rememberMe?: boolean } = {},
): Promise<string> {
  const ip = options.ip ?? newIp();
  const login = await app.inject({
    method: 'POST',
    url: '/api/User/login',
    remoteAddress: ip,
    payload: { login: email, password, rememberMe: options.rememberMe ?? false },
  });
  expectStatus('login', login, 200);
  const confirmed = await app.inject({
    method: 'POST',
    url: '/api/User/confirm-login',
    remoteAddress: ip,
    payload: { email, code: await readLatestCode(app, email) },
  });
  expectStatus('confirm-login', confirmed, 200);
  return (confirmed.json() as { data: { token: string } }).data.token;
}

/** A confirmed, signed-in merchant. */
export async function merchant(app: FastifyInstance, email = uniqueEmail('merchant')) {
  const account = await registerConfirmed(app, email);
  const token = await signIn(app, account.email, account.password, { ip: account.ip });
  return { ...account, token };
}

/** The token of the newest invitation link mailed to `email` (…/invitation/{token}). */
export async function invitationToken(app: FastifyInstance, email: string): Promise<string> {
  const [latest] = await mailbox(app, email);
  const token = latest?.text.match(/\/invitation\/([A-Za-z0-9_-]+)/)?.[1];
  if (!token) throw new Error(`no invitation mailed to ${email}`);
  return token;
}

/**
 * A merchant account working in `marketId` at `level`, as a person becomes one: invited by the
 * owner, the link opened and accepted signed in.
 */
export async function employee(app: FastifyInstance, ownerToken: string, marketId: string, level: string) {
  const person = await merchant(app);
  const invited = await call(app, ownerToken, 'POST', `/api/markets/${marketId}/employees`, {
    email: person.email,
    level,
  });
  if (invited.statusCode !== 201) throw new Error(`invite: ${invited.statusCode} ${invited.body}`);
  const token = await invitationToken(app, person.email);
  const accepted = await call(app, person.token, 'POST', `/api/Invitation/${token}/accept`);
  if (accepted.statusCode !== 200) throw new Error(`accept: ${accepted.statusCode} ${accepted.body}`);
  return person;
}

export interface ErrorEnvelope {
  code: string;
  message: string;
  fields?: Record<string, { code: string; message: string }>;
}

/** The error of an envelope; fails loudly when the response is a success. */
export function errorOf(response: { json(): unknown; body: string }): ErrorEnvelope {
  const parsed = response.json() as { error?: ErrorEnvelope };
  if (!parsed.error) throw new Error(`expected an error envelope, got ${response.body}`);
  return parsed.error;
}

/** The field codes of a validation failure, e.g. `{ password: 'tooShort' }`. */
export function fieldCodes(response: { json(): unknown; body: string }): Record<string, string> {
  return Object.fromEntries(Object.entries(errorOf(response).fields ?? {}).map(([field, f]) => [field, f.code]));
}

/** A six-digit code that is certainly not `code`. */
export function otherCode(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, '0');
}

// ---- Catalog ---------------------------------------------------------------------------------

/** One API call as a merchant (or anonymously with `token` null), in English. */
export function call(
  app: FastifyInstance,
  token: string | null,
  method: NonNullable<InjectOptions['method']>,
  url: string,
  payload?: unknown,
) {
  return app.inject({
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
    headers: { 'accept-language': 'en', ...(token ? bearer(token) : {}) },
    remoteAddress: newIp(),
  });
}

/** The `data` of a success envelope; fails loudly with the body when the status differs. */
export function dataOf<T>(response: { statusCode: number; body: string; json(): unknown }, status = 200): T {
  if (response.statusCode !== status) {
    throw new Error(`expected ${status}, got ${response.statusCode} ${response.body}`);
  }
  return (response.json() as { data: T }).data;
}

let marketCounter = 0;
/** A store name nobody has taken yet. */
export function uniqueMarketName(prefix = 'shop'): string {
  marketCounter++;
  return `${prefix}-${Date.now().toString(36)}-${randomBytes(2).toString('hex')}-${marketCounter}`;
}

/** A new market of the merchant's (sector 1). */
export async function createMarket(
  app: FastifyInstance,
  token: string,
  fields: { name?: string; logoUrl?: string | null } = {},
): Promise<MarketView> {
  const response = await call(app, token, 'POST', '/api/Market/create-store', {
    name: uniqueMarketName(),
    sectorId: 1,
    ...fields,
  });
  return dataOf<MarketView>(response, 201);
}

/** A multipart/form-data body with one file in field "file", as a browser sends it. */
export async function multipart(bytes: Buffer, name: string, type: string) {
  const data = new FormData();
  data.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  const encoded = new Response(data);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type')! },
  };
}

/** Uploads a PNG of the given size through POST /Media/upload and returns its URL. */
export async function uploadImage(
  app: FastifyInstance,
  token: string,
  size: { width?: number; height?: number } = {},
): Promise<string> {
  const png = await sharp({
    create: { width: size.width ?? 32, height: size.height ?? 24, channels: 3, background: '#2a9d8f' },
  })
    .png()
    .toBuffer();
  const { payload, headers } = await multipart(png, 'picture.png', 'image/png');
  const response = await app.inject({
    method: 'POST',
    url: '/api/Media/upload',
    payload,
    headers: { ...headers, ...bearer(token) },
    remoteAddress: newIp(),
  });
  return dataOf<{ url: string }>(response, 201).url;
}

/** tus's metadata header: each value base64. */
export function tusMetadata(fields: Record<string, string>): string {
  return Object.entries(fields)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');
}

/**
 * Sends a file by the tus protocol as the browser's client does (creation, then chunks of
 * `chunk` bytes with their offsets). `created` is the creation's answer; `id` the upload's when
 * it was created; `finished` the last chunk's answer — 204 when the server kept the file, else its
 * refusal (the bytes are looked at when the last chunk arrives) — and `ok` whether it was kept.
 */
export async function tusUpload(
  app: FastifyInstance,
  kind: string,
  bytes: Buffer,
  name = `file.${kind}`,
  options: { chunk?: number; ip?: string; declaredLength?: number; language?: string } = {},
): Promise<{
  id: string | null;
  ok: boolean;
  created: { statusCode: number; body: string; json(): unknown };
  finished: { statusCode: number; body: string; json(): unknown } | null;
}> {
  const ip = options.ip ?? newIp();
  const created = await app.inject({
    method: 'POST',
    url: '/api/Upload',
    headers: {
      'tus-resumable': '1.0.0',
      'upload-length': String(options.declaredLength ?? bytes.length),
      'upload-metadata': tusMetadata({ kind, filename: name }),
      'accept-language': options.language ?? 'en',
    },
    remoteAddress: ip,
  });
  if (created.statusCode !== 201) return { id: null, ok: false, created, finished: null };
  const location = created.headers.location as string;
  const id = location.split('/').pop() as string;
  const chunk = options.chunk ?? 4 * 1024 * 1024;
  let finished: Awaited<ReturnType<typeof app.inject>> | null = null;
  for (let offset = 0; offset < bytes.length; offset += chunk) {
    finished = await app.inject({
      method: 'PATCH',
      url: location,
      headers: {
        'tus-resumable': '1.0.0',
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
        'accept-language': options.language ?? 'en',
      },
      payload: bytes.subarray(offset, offset + chunk),
      remoteAddress: ip,
    });
    if (finished.statusCode !== 204) break;
  }
  return { id, ok: finished?.statusCode === 204, created, finished };
}

export async function createCategory(
  app: FastifyInstance,
  token: string,
  marketId: string,
  fields: Record<string, unknown> = {},
): Promise<CategoryView> {
  const response = await call(app, token, 'POST', '/api/Category/create', {
    marketId,
    name: `Category ${randomBytes(4).toString('hex')}`,
    ...fields,
  });
  return dataOf<CategoryView>(response, 201);
}

let productCounter = 0;
/** A valid product body without options; `fields` override or add to it. */
export function productBody(
  marketId: string,
  categoryId: string,
  imageUrl: string,
  fields: Record<string, unknown> = {},
): Record<string, unknown> {
  productCounter++;
  return {
    marketId,
    categoryId,
    title: `Product ${productCounter} ${randomBytes(3).toString('hex')}`,
    description: '<p>A good thing.</p>',
    images: [imageUrl],
    price: 1999,
    stock: 10,
    ...fields,
  };
}

export async function createProduct(app: FastifyInstance, token: string, body: Record<string, unknown>) {
  return dataOf<ProductView>(await call(app, token, 'POST', '/api/Products/create', body), 201);
}

export async function createCollection(
  app: FastifyInstance,
  token: string,
  body: { marketId: string; coverImageUrl: string } & Record<string, unknown>,
): Promise<CollectionView> {
  const response = await call(app, token, 'POST', '/api/Collection/create-collection-and-product-collection', {
    title: `Collection ${randomBytes(4).toString('hex')}`,
    ...body,
  });
  return dataOf<CollectionView>(response, 201);
}

/** A merchant with a market, a category and an uploaded image: what every catalog test needs. */
export async function catalogOwner(app: FastifyInstance, email?: string) {
  const owner = await merchant(app, email);
  const market = await createMarket(app, owner.token);
  const category = await createCategory(app, owner.token, market.id);
  const imageUrl = await uploadImage(app, owner.token);
  return { ...owner, market, category, imageUrl };
}

// ---- Shopping --------------------------------------------------------------------------------

/** An instant `days` from now (negative: ago), as the API writes it. */
export const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

/** A fresh visitor id, as the storefront makes one (SPEC §3 uniqueCode). */
export function visitor(): string {
  return `v_${randomBytes(12).toString('hex')}`;
}

export const ADDRESS = {
  firstName: 'Aysel',
  lastName: 'Məmmədova',
  address1: 'Nizami küçəsi 10, mənzil 5',
  city: 'Bakı',
  region: 'baku',
  postCode: 'AZ1000',
};

/** A delivery tariff of the market (flat, everywhere unless `fields` say otherwise). */
export async function createTariff(
  app: FastifyInstance,
  token: string,
  marketId: string,
  fields: Record<string, unknown> = {},
): Promise<{ id: string; price: number }> {
  const response = await call(app, token, 'POST', '/api/ShippingTariff/create', {
    marketId,
    name: `Courier ${randomBytes(3).toString('hex')}`,
    price: 500,
    ...fields,
  });
  return dataOf<{ id: string; price: number }>(response, 201);
}

/** One shopper's API call (anonymous), in English unless `language` says otherwise. */
export function shop(
  app: FastifyInstance,
  method: NonNullable<InjectOptions['method']>,
  url: string,
  payload?: unknown,
  language = 'en',
) {
  return app.inject({
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
    headers: { 'accept-language': language },
    remoteAddress: newIp(),
  });
}

export const CONTACT = { email: 'shopper@example.az', phone: '+994 10 234 56 78' };

/** The shopper presses "add to cart": one unit unless `fields` say otherwise. */
export function addToBasket(
  app: FastifyInstance,
  marketId: string,
  uniqueCode: string,
  productId: string,
  fields: Record<string, unknown> = {},
  language = 'en',
) {
  return shop(app, 'POST', '/api/Basket/add-product', { marketId, uniqueCode, productId, ...fields }, language);
}

/** Starts the visitor's checkout and confirms it with ADDRESS (or `address` over it), CONTACT and the tariff. */
export async function confirmedCheckout(
  app: FastifyInstance,
  marketId: string,
  uniqueCode: string,
  tariffId: string,
  options: { language?: string; email?: string; address?: Partial<typeof ADDRESS> } = {},
): Promise<Checkout> {
  const language = options.language ?? 'en';
  const started = dataOf<Checkout>(
    await shop(app, 'POST', `/api/Basket/checkout/${uniqueCode}/${marketId}`, undefined, language),
    201,
  );
  return dataOf<Checkout>(
    await shop(
      app,
      'POST',
      '/api/Basket/confirm',
      {
        checkoutId: started.id,
        uniqueCode,
        email: options.email ?? CONTACT.email,
        phone: CONTACT.phone,
        shippingAddress: { ...ADDRESS, ...options.address },
        shippingTariffId: tariffId,
      },
      language,
    ),
  );
}

/** Places a confirmed checkout at the total the shopper was shown. */
export async function placeOrder(
  app: FastifyInstance,
  checkout: Checkout,
  uniqueCode: string,
  language = 'en',
): Promise<Checkout> {
  return dataOf<Checkout>(
    await shop(
      app,
      'POST',
      '/api/Order',
      { checkoutId: checkout.id, uniqueCode, expectedTotal: checkout.total },
      language,
    ),
  );
}

/** POST /Payment/start for the visitor's order: where the shopper's browser is sent. */
export async function startPayment(app: FastifyInstance, orderId: string, uniqueCode: string) {
  return dataOf<{ redirectUrl: string; paymentId: string }>(
    await shop(app, 'POST', '/api/Payment/start', { orderId, uniqueCode }),
  );
}

/**
 * Submits the sandbox's hosted card page as a browser does (pay with `card`, or cancel); the
 * answer is the redirect back to the shop, or the page again with an error.
 */
export function submitSandboxPage(
  app: FastifyInstance,
  redirectUrl: string,
  card: string,
  action: 'pay' | 'cancel' = 'pay',
  extra: Record<string, string> = {},
) {
  return app.inject({
    method: 'POST',
    url: new URL(redirectUrl).pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ card, expiry: '12/39', cvc: '123', action, ...extra }).toString(),
    remoteAddress: newIp(),
  });
}

/** The order as the shopper's status page polls it. */
export async function orderStatus(app: FastifyInstance, orderId: string, uniqueCode: string): Promise<Checkout> {
  return dataOf<Checkout>(await shop(app, 'GET', `/api/Order/status/${orderId}?uniqueCode=${uniqueCode}`));
}

/** Rows of a query straight against the test's database (for what no API shows, e.g. holds). */
export async function query<T>(ctx: AppContext, statement: SQL): Promise<T[]> {
  return rowsOf<T>(await ctx.db.execute(statement));
}

/** Stock and held units of a product (or of one of its variants), as the database has them. */
export async function stockOf(ctx: AppContext, productId: string, variantId?: string) {
  const [row] = variantId
    ? await query<{ stock: number; reserved: number }>(
        ctx,
        sql`select stock, reserved from product_variants where id = ${variantId}`,
      )
    : await query<{ stock: number; reserved: number }>(
        ctx,
        sql`select stock, reserved from products where id = ${productId}`,
      );
  if (!row) throw new Error(`no stock row for ${productId}/${variantId}`);
  return row;
}

/**
 * A shopper buys `productId` (one unit unless `quantity`) and pays with the sandbox's approve
 * card: the placed, paid order.
 */
export async function paidOrder(
  app: FastifyInstance,
  marketId: string,
  tariffId: string,
  productId: string,
  options: {
    email?: string;
    language?: string;
    quantity?: number;
    uniqueCode?: string;
    address?: Partial<typeof ADDRESS>;
  } = {},
): Promise<Checkout> {
  const uniqueCode = options.uniqueCode ?? visitor();
  const added = await addToBasket(app, marketId, uniqueCode, productId, { quantity: options.quantity ?? 1 });
  if (added.statusCode !== 200) throw new Error(`add-product: ${added.statusCode} ${added.body}`);
  const checkout = await confirmedCheckout(app, marketId, uniqueCode, tariffId, options);
  const placed = await placeOrder(app, checkout, uniqueCode, options.language);
  const { redirectUrl } = await startPayment(app, placed.id, uniqueCode);
  const paid = await submitSandboxPage(app, redirectUrl, '4242424242424242');
  if (paid.statusCode !== 303) throw new Error(`sandbox page: ${paid.statusCode} ${paid.body}`);
  return orderStatus(app, placed.id, uniqueCode);
}

/**
 * A second server on the test app's PostgreSQL database, as another process of the same
 * deployment would be (close it before the first, which drops the database).
 */
export function createTestAppOnSameDatabase(first: TestApp, options: { web?: 'build' } = {}): Promise<TestApp> {
  if (first.config.database.kind !== 'postgres') throw new Error('only PostgreSQL can be shared by two servers');
  return createTestApp({ database: first.config.database }, options);
}
