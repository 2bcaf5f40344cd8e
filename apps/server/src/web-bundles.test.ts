import path from 'node:path';
import type { ServerBuild } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogOwner, createTestApp, type TestApp } from './testing/app.js';
import { webBuildDir } from './web.js';

/**
 * The web app is two server builds (decision 029): the storefront's and the platform's. A visitor
 * must not notice: every page is answered by the build that has it, an unknown path is the
 * not-found page either way, and route discovery (the browser asking which routes a link leads
 * to) answers for links into both builds at once.
 */

let t: TestApp;
let storeName: string;
let version: string;
beforeAll(async () => {
  t = await createTestApp({}, { web: 'build' });
  storeName = (await catalogOwner(t.app)).market.name;
  const build = (await import(path.join(webBuildDir, 'server/store/index.js'))) as ServerBuild;
  version = build.assets.version;
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie: 'language=en' } });

describe('two server builds, one site', () => {
  it('answers platform pages, store pages and the root from their builds', async () => {
    const login = await get('/login');
    expect(login.statusCode).toBe(200);
    expect(login.body).toContain('"routes/auth/login"');
    const store = await get(`/${storeName}`);
    expect(store.statusCode).toBe(200);
    expect(store.body).toContain(storeName);
    expect((await get('/')).statusCode).toBe(200);
    expect((await get('/terms')).statusCode).toBe(200);
    // A client navigation's data request follows its page (a store named "login" would be a 404).
    const loginData = await get('/login.data');
    expect(loginData.statusCode).toBe(200);
    expect(loginData.body).toContain('"root"');
    const storeData = await get(`/${storeName}.data`);
    expect(storeData.statusCode).toBe(200);
    expect(storeData.body).toContain('"store-home"');
  });

  it('answers unknown paths under either build with the not-found page and 404', async () => {
    for (const url of ['/cp/no-such-screen', `/${storeName}/no/such/page`, '/no-such-store-anywhere/a/b']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toContain('text/html');
      // In the visitor's language, never the texts' keys (cookie en: "Page not found").
      expect(response.body, url).toContain('Page not found');
      expect(response.body, url).not.toContain('notFound.title');
    }
  });

  it('discovers the routes of links into both builds in one answer', async () => {
    const paths = ['/login', `/${storeName}/products`, '/blogs'].join(',');
    const response = await get(`/__manifest?paths=${encodeURIComponent(paths)}&version=${version}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
    const routes = Object.keys(response.json() as Record<string, unknown>);
    expect(routes).toEqual(
      expect.arrayContaining(['root', 'routes/auth/login', 'routes/site/blogs', 'store', 'store-products']),
    );
    // Only what the links lead to: not the panel's screens.
    expect(routes).not.toContain('routes/cp/products');
    // A malformed link is no route of either build, and no fault.
    const malformed = await get(`/__manifest?paths=${encodeURIComponent('/%E0%A4%A,/login')}&version=${version}`);
    expect(malformed.statusCode).toBe(200);
    expect(Object.keys(malformed.json() as Record<string, unknown>)).toContain('routes/auth/login');
  });

  it('tells a page of an older build to reload, whichever build it asks', async () => {
    const response = await get(`/__manifest?paths=${encodeURIComponent(`/login,/${storeName}`)}&version=old`);
    expect(response.statusCode).toBe(204);
    expect(response.headers['x-remix-reload-document']).toBe('true');
  });
});
