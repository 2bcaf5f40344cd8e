import { createHash } from 'node:crypto';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { call, catalogOwner, createProduct, createTestApp, productBody, type TestApp } from '../testing/app.js';

/**
 * What every answer tells the browser (issue 12, hardening): the baseline headers, a
 * Content-Security-Policy on store pages that lets in exactly the analytics hosts the store
 * turned on and the page's own inline scripts, HSTS over https — and HTML and JSON compressed
 * for clients that take it, a cached store page compressed once. The server as in production,
 * web app included.
 */

let t: TestApp;
let owner: Awaited<ReturnType<typeof catalogOwner>>;
let productId: string;
beforeAll(async () => {
  t = await createTestApp({}, { web: 'build' });
  owner = await catalogOwner(t.app);
  productId = (
    await createProduct(
      t.app,
      owner.token,
      productBody(owner.market.id, owner.category.id, owner.imageUrl, { title: 'Headers shirt', stock: 5 }),
    )
  ).id;
});
afterAll(async () => {
  await t?.close();
});

const page = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { 'accept-language': 'en', ...headers } });

const directives = (policy: string) =>
  Object.fromEntries(
    policy.split(';').map((part) => {
      const [name = '', ...sources] = part.trim().split(/\s+/);
      return [name, sources];
    }),
  ) as Record<string, string[]>;

const inlineScripts = (html: string) =>
  [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter(([, attributes]) => !/\ssrc=/.test(attributes ?? '') && !/application\/ld\+json/.test(attributes ?? ''))
    .map(([, , content]) => content ?? '');

describe('security headers', () => {
  it('every answer carries the baseline: no sniffing, no framing elsewhere, no full referrers', async () => {
    for (const url of ['/api/health', '/api/Sector/get-all-sectors', '/login', '/', `/${owner.market.name}`]) {
      const response = await page(url);
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(response.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      expect(String(response.headers['content-security-policy']), url).toContain("frame-ancestors 'self'");
      // Over plain http there is no HSTS.
      expect(response.headers['strict-transport-security'], url).toBeUndefined();
    }
  });

  it('a store page allows its own inline scripts by hash, and no analytics host it did not turn on', async () => {
    const response = await page(`/${owner.market.name}/product/${productId}`);
    expect(response.statusCode).toBe(200);
    const policy = directives(String(response.headers['content-security-policy']));
    expect(policy['default-src']).toEqual(["'self'"]);
    expect(policy['object-src']).toEqual(["'none'"]);
    expect(policy['frame-ancestors']).toEqual(["'self'"]);
    const scripts = inlineScripts(response.body);
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) {
      const hash = `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;
      expect(policy['script-src']).toContain(hash);
    }
    expect(policy['script-src']).not.toContain("'unsafe-inline'");
    expect(policy['script-src']?.filter((s) => s.startsWith('https:'))).toEqual([]);
    expect(policy['connect-src']).toEqual(["'self'"]);
    // The internal marks never leave the server.
    expect(Object.keys(response.headers).filter((h) => h.startsWith('x-storefront'))).toEqual([]);
  });

  it('turning Meta and Google on lets exactly their hosts in, on the next page', async () => {
    await call(t.app, owner.token, 'POST', '/api/Market/add-facebook-id', {
      marketId: owner.market.id,
      facebookPixelId: '123456789012345',
    });
    await call(t.app, owner.token, 'POST', '/api/Market/add-google-id', {
      marketId: owner.market.id,
      googleAnalyticsId: 'G-AB12CD34EF',
    });
    const response = await page(`/${owner.market.name}/product/${productId}`);
    const policy = directives(String(response.headers['content-security-policy']));
    expect(policy['script-src']?.filter((s) => s.startsWith('https:'))).toEqual([
      'https://connect.facebook.net',
      'https://*.googletagmanager.com',
    ]);
    expect(policy['connect-src']).toContain('https://*.google-analytics.com');
    expect(policy['img-src']).toContain('https://www.facebook.com');
    expect(JSON.stringify(policy)).not.toMatch(/yandex|clarity/);
  });

  it('a kept page rendered again in the background keeps its policy', async () => {
    const url = `/${owner.market.name}/category/${owner.category.id}`;
    const first = await page(url);
    expect(String(first.headers['content-security-policy'])).toContain("script-src 'self' 'sha256-");
    // Past its freshness the kept page is served once more while it is rendered anew.
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + 6_000);
    try {
      await page(url);
      // The render in the background takes milliseconds.
      await new Promise((resolve) => setTimeout(resolve, 500));
    } finally {
      vi.restoreAllMocks();
    }
    for (let i = 0; i < 3; i++) {
      const later = await page(url);
      expect(String(later.headers['content-security-policy'])).toContain("script-src 'self' 'sha256-");
    }
  });

  it('HSTS when the deployment is served over https', async () => {
    const secure = await createTestApp({ publicUrl: 'https://shop.example.az' });
    try {
      const response = await secure.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.headers['strict-transport-security']).toBe('max-age=31536000');
    } finally {
      await secure.close();
    }
  });
});

describe('compression', () => {
  it('a cached store page goes out in brotli or gzip as the browser asks, compressed once', async () => {
    const url = `/${owner.market.name}/product/${productId}`;
    const plain = await page(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    // The kept copy is compressed in the background: the next hits are served from it.
    let br = await page(url, { 'accept-encoding': 'gzip, deflate, br' });
    await vi.waitFor(async () => {
      br = await page(url, { 'accept-encoding': 'gzip, deflate, br' });
      expect(br.headers['content-encoding']).toBe('br');
    });
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    const html = zlib.brotliDecompressSync(br.rawPayload).toString();
    expect(html).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    const gz = await page(url, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    const none = await page(url, { 'accept-encoding': 'identity' });
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.body).toBe(plain.body);
  });

  it('the render that made a page sends it compressed fast; asked again, the page is made smaller for the visitors after', async () => {
    const url = `/${owner.market.name}?fast=1`;
    const first = await page(url, { 'accept-encoding': 'br' });
    expect(first.headers['content-encoding']).toBe('br');
    const html = zlib.brotliDecompressSync(first.rawPayload).toString();
    expect(html).toContain('<html');
    // The second visitor still gets the fast copy while the small one is made; the ones after, the small one.
    let later = await page(url, { 'accept-encoding': 'br' });
    expect(later.headers['content-encoding']).toBe('br');
    await vi.waitFor(async () => {
      later = await page(url, { 'accept-encoding': 'br' });
      expect(later.rawPayload.length).toBeLessThan(first.rawPayload.length);
    });
    expect(zlib.brotliDecompressSync(later.rawPayload).toString()).toBe(html);
  });

  it('JSON and pages made per request are compressed on the way out', async () => {
    for (let i = 0; i < 4; i++) {
      await createProduct(t.app, owner.token, productBody(owner.market.id, owner.category.id, owner.imageUrl));
    }
    const url = `/api/Products/all/${owner.market.id}`;
    const list = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
    const raw = await t.app.inject({ method: 'GET', url });
    expect(raw.rawPayload.length).toBeGreaterThan(1024);
    expect(list.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(list.rawPayload).toString())).toEqual(raw.json());
    const login = await page('/login', { 'accept-encoding': 'gzip' });
    expect(login.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(login.rawPayload).toString()).toContain('<html');
  });
});
