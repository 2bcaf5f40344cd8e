// The landing page's screenshots (issue 17), taken of the product itself: the demo merchant's
// control panel and the demo store on a phone, on a fresh embedded server, written as WebP to
// apps/web/public/landing/. Run it again when the panel or the storefront changes look.
//
//   npm run build -w apps/web && node scripts/landing-screenshots.mjs
//
// Debian's Chromium (/usr/bin/chromium, or CHROMIUM_PATH), never a downloaded browser.
//
// Before the server starts, this file runs once more in seed mode (`--seed`, under tsx, on the
// same data directory: an embedded database is one process's at a time): the demo store as
// every embedded server seeds it, plus a month of sales bought through the real storefront API,
// so that the panel's home shows what a merchant's does rather than zeros.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { serverBuilds } from './web-build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(root, 'apps/web/public/landing');
// The demo merchant every embedded server seeds (apps/server/src/demo/seed.ts).
const DEMO = { email: 'demo@shop.az', password: 'Demo-Store-2026!', store: 'demo-store' };
// The sizes landing.tsx (SHOTS) gives the pictures: a change here is a change there.
const PANEL = { width: 1280, height: 800, small: 640 };
const PHONE = { width: 375, height: 812, scale: 2, file: 480 };
const QUALITY = 78;
const DAY = 86_400_000;

if (process.argv.includes('--seed')) {
  await seedSales();
  process.exit(0);
}

if (!serverBuilds.every((file) => fs.existsSync(file))) {
  console.error('The web app is not built: run `npm run build -w apps/web` first.');
  process.exit(1);
}

const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-landing-'));
const env = {
  ...process.env,
  PORT: String(port),
  HOST: '127.0.0.1',
  PUBLIC_URL: origin,
  DATA_DIR: dataDir,
  SEED_DEMO: 'on',
  DEV_MAILBOX: 'on',
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  // A month of orders from one machine in a minute: far above what one shopper does.
  RATE_LIMIT_MULTIPLIER: '100',
};
// Embedded mode (the demo is seeded only there) with the codes in the outbox, whatever this shell sets.
delete env.DATABASE_URL;
delete env.SMTP_URL;

let server;
let browser;
try {
  const seeded = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--seed'], {
    cwd: root,
    stdio: 'inherit',
    env,
  });
  if (seeded.status !== 0) throw new Error(`seeding failed (exit ${seeded.status})`);
  server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env,
  });
  await waitForHealth();
  const { chromium } = await import('playwright-core');
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--hide-scrollbars'],
  });
  fs.mkdirSync(outDir, { recursive: true });
  await panelShot(browser);
  await phoneShot(browser);
} finally {
  await browser?.close();
  await stopServer();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

/** A port nothing listens on now. */
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

async function waitForHealth() {
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server stopped (exit ${server.exitCode})`);
    try {
      if ((await fetch(`${origin}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the server did not answer /api/health within 150 s');
}

function stopServer() {
  if (!server || server.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    server.once('exit', resolve);
    server.kill('SIGTERM');
  });
}

/** Signs the demo merchant in through the API (password, then the code the dev mailbox holds). */
async function signIn(context) {
  const api = context.request;
  const since = Date.now();
  const login = await api.post(`${origin}/api/User/login`, { data: { login: DEMO.email, password: DEMO.password } });
  if (!login.ok()) throw new Error(`login: ${login.status()} ${await login.text()}`);
  let code;
  for (let i = 0; i < 50 && !code; i++) {
    const { data } = await (await api.get(`${origin}/api/Dev/mailbox`)).json();
    const mail = data.find((m) => m.to === DEMO.email && new Date(m.createdAt).getTime() >= since - 1000);
    code = mail?.text.match(/\b(\d{6})\b/)?.[1];
    if (!code) await new Promise((resolve) => setTimeout(resolve, 200));
  }
  if (!code) throw new Error('no login code reached the dev mailbox');
  const confirmed = await api.post(`${origin}/api/User/confirm-login`, { data: { email: DEMO.email, code } });
  if (!confirmed.ok()) throw new Error(`confirm-login: ${confirmed.status()} ${await confirmed.text()}`);
}

/**
 * Every picture in view loaded and drawn, fonts too: nothing half-painted in the shot. (Lazy
 * pictures below the fold never load, so only those in the viewport are waited for.)
 */
async function settled(page) {
  await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => {});
  await page.evaluate(async () => {
    await document.fonts.ready;
    const inView = [...document.images].filter((img) => img.getBoundingClientRect().top < window.innerHeight);
    const loaded = inView.map((img) =>
      img.complete
        ? img.decode().catch(() => {})
        : new Promise((resolve) => {
            img.addEventListener('load', resolve, { once: true });
            img.addEventListener('error', resolve, { once: true });
          }),
    );
    await Promise.race([Promise.all(loaded), new Promise((resolve) => setTimeout(resolve, 10_000))]);
  });
  // Charts and transitions finish their first frames.
  await page.waitForTimeout(1000);
}

async function write(png, file, width) {
  const { default: sharp } = await import('sharp');
  const target = path.join(outDir, file);
  let image = sharp(png);
  if (width) image = image.resize({ width });
  // The link preview's copy is a JPEG: not every app that unfurls links reads WebP.
  if (file.endsWith('.jpg')) await image.jpeg({ quality: 80, mozjpeg: true }).toFile(target);
  else await image.webp({ quality: QUALITY, effort: 6, smartSubsample: true }).toFile(target);
  const { size } = fs.statSync(target);
  const { width: w, height: h } = await sharp(target).metadata();
  console.log(`${path.relative(root, target)}: ${w}×${h}, ${(size / 1024).toFixed(1)} KB`);
}

/** What the page looked like when it did not come: for the one who runs this to see why. */
async function failed(page, what, error) {
  const shot = path.join(os.tmpdir(), 'landing-screenshot-failed.png');
  await page.screenshot({ path: shot }).catch(() => {});
  throw new Error(`${what} did not show at ${page.url()} (see ${shot})`, { cause: error });
}

async function panelShot(browser) {
  const context = await browser.newContext({
    viewport: { width: PANEL.width, height: PANEL.height },
    deviceScaleFactor: 1,
    locale: 'az-AZ',
    timezoneId: 'Asia/Baku',
  });
  await signIn(context);
  const page = await context.newPage();
  await page.goto(`${origin}/cp/home`);
  await page
    .getByTestId('cp-home-title')
    .waitFor({ timeout: 60_000 })
    .catch((error) => failed(page, "the panel's home", error));
  await settled(page);
  const png = await page.screenshot({ type: 'png' });
  await write(png, 'panel.webp');
  await write(png, 'panel-640.webp', PANEL.small);
  await write(png, 'panel.jpg');
  await context.close();
}

async function phoneShot(browser) {
  const context = await browser.newContext({
    viewport: { width: PHONE.width, height: PHONE.height },
    deviceScaleFactor: PHONE.scale,
    isMobile: true,
    hasTouch: true,
    locale: 'az-AZ',
    timezoneId: 'Asia/Baku',
  });
  const page = await context.newPage();
  await page.goto(`${origin}/${DEMO.store}`);
  await page
    .locator('[data-testid="storefront"][data-hydrated]')
    .waitFor({ timeout: 60_000 })
    .catch((error) => failed(page, 'the demo store', error));
  await settled(page);
  await write(await page.screenshot({ type: 'png' }), 'store-phone.webp', PHONE.file);
  await context.close();
}

/**
 * Seed mode (under tsx, before the server starts): the demo store, then about ninety orders of
 * its products over the last 60 days, each bought, paid with the sandbox card and (but the newest)
 * fulfilled through the API as shoppers and the merchant would; then dated back, as the
 * analytics tests do, with visits to go with them. Always the same month (a seeded generator).
 */
async function seedSales() {
  const server = (file) => import(pathToFileURL(path.join(root, 'apps/server/src', file)).href);
  const { buildApp } = await server('app.ts');
  const { loadConfig } = await server('config.ts');
  const { seedDemo } = await server('demo/seed.ts');
  const { signIn: signInApp } = await server('testing/app.ts');
  const { buy, fulfil } = await server('testing/orders.ts');
  const { rowsOf } = await server('db/client.ts');
  const { sql } = await import('drizzle-orm');

  const { app, ctx } = await buildApp(loadConfig(process.env), { web: 'none' });
  try {
    await seedDemo(ctx);
    const rows = async (query) => rowsOf(await ctx.db.execute(query));
    const [market] = await rows(sql`select id from markets where name = ${DEMO.store}`);
    if (!market) throw new Error('the demo store was not seeded');
    const owner = { token: await signInApp(app, DEMO.email, DEMO.password), market: { id: market.id } };
    const [tariff] = await rows(
      sql`select id from shipping_tariffs where market_id = ${market.id} and type = 'flat' order by price limit 1`,
    );
    const lines = await rows(sql`
      select p.id as product_id, v.id as variant_id
      from products p left join product_variants v on v.product_id = p.id
      where p.market_id = ${market.id} and p.status = 'active'
        and coalesce(v.stock - v.reserved, p.stock - p.reserved) >= 3
      order by p.created_at, v.position`);
    if (!tariff || lines.length === 0) throw new Error('the demo store has no tariff or nothing in stock');

    let state = 17;
    const random = () => {
      state = (state * 1103515245 + 12345) % 2147483648;
      return state / 2147483648;
    };
    const pick = (list) => list[Math.floor(random() * list.length)];
    const now = Date.now();
    for (let i = 0; i < 90; i++) {
      // Two months, more orders lately: a store that is growing, compared with the month before.
      const daysAgo = Math.floor(60 * random() ** 1.5);
      const items = random() < 0.3 ? [pick(lines), pick(lines)] : [pick(lines)];
      const wanted = [...new Map(items.map((l) => [l.variant_id ?? l.product_id, l])).values()];
      let bought;
      try {
        ({ order: bought } = await buy(
          app,
          owner,
          tariff.id,
          wanted.map((l) => ({
            productId: l.product_id,
            ...(l.variant_id ? { variantId: l.variant_id } : {}),
            quantity: 1,
          })),
          { language: 'az' },
        ));
      } catch {
        continue; // sold out by the orders before: the next one
      }
      if (daysAgo > 1) await fulfil(app, owner, bought.id);
      const at = new Date(now - daysAgo * DAY - Math.floor(random() * 10) * 3_600_000).toISOString();
      await rows(sql`update orders set placed_at = ${at}::timestamptz,
          paid_at = case when paid_at is null then null else ${at}::timestamptz end
        where id = ${bought.id}`);
    }
    for (let daysAgo = 0; daysAgo < 60; daysAgo++) {
      const day = new Date(now - daysAgo * DAY).toISOString().slice(0, 10);
      const visits = 40 + Math.floor(random() * 30) + Math.floor((60 - daysAgo) * 1.5);
      await rows(sql`insert into storefront_sessions (market_id, day, visitor)
        select ${market.id}, ${day}::date, md5(${day} || n::text) from generate_series(1, ${visits}) n
        on conflict do nothing`);
    }
  } finally {
    await app.close();
  }
}
