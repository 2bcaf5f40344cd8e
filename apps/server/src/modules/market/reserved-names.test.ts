import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { marketNameSchema, RESERVED_MARKET_NAMES } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import routeTable from '../../../../web/app/routes.js';
import { call, createTestApp, dataOf, errorOf, fieldCodes, merchant, type TestApp } from '../../testing/app.js';

/**
 * A store lives at /{name}; every first path segment the server answers itself must be refused
 * as a store's name, or that store's pages would be shadowed (issue 11: a store named
 * `sandbox-pay`). The server as it runs in production, web app included.
 */

let t: TestApp;
let owner: Awaited<ReturnType<typeof merchant>>;
let sectorId: number;
beforeAll(async () => {
  t = await createTestApp({}, { web: 'build' });
  owner = await merchant(t.app);
  sectorId = dataOf<{ id: number }[]>(await call(t.app, owner.token, 'GET', '/api/Sector/get-all-sectors'))[0]!.id;
});
afterAll(async () => {
  await t?.close();
});

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../web');
const first = (p: string) => p.replace(/^\/+/, '').split('/')[0] ?? '';
const isName = (name: string) => /^[a-z0-9]+(-[a-z0-9]+)*$/.test(name) && name.length >= 3;

/** The first segments the server answers, found apart from the server's own bookkeeping. */
function answeredSegments(): string[] {
  interface Entry {
    id?: string;
    path?: string;
    children?: Entry[];
  }
  // The web app's route table as written (routes.ts) …
  const table: string[] = [];
  const walk = (entries: Entry[], above: string) => {
    for (const entry of entries) {
      const full = [above, entry.path ?? ''].filter(Boolean).join('/');
      if (entry.path) table.push(full);
      walk(entry.children ?? [], full);
    }
  };
  walk(routeTable as Entry[], '');
  // … the files the web serves at the root (public/ and the build's client folder) …
  const files = [...readdirSync(path.join(webRoot, 'public')), ...readdirSync(path.join(webRoot, 'build/client'))];
  // … and the server's own prefixes.
  const server = ['/api/health', '/uploads/x.webp', '/sandbox-pay/x', '/dev-mailbox'];
  return [...new Set([...table, ...files, ...server].map(first))].filter((s) => s && !s.startsWith(':') && s !== '*');
}

describe('names the server answers itself', () => {
  it('every first path segment of the route table, the static files and the API is reserved', () => {
    const reserved = new Set(t.ctx.rootPaths.list());
    const segments = answeredSegments();
    expect(segments).toEqual(expect.arrayContaining(['api', 'uploads', 'sandbox-pay', 'assets', 'login', 'cp']));
    for (const segment of segments) expect(reserved.has(segment), segment).toBe(true);
    // Taken from the routes as registered, not from a list: a file served at the root is in it.
    expect(reserved.has('favicon.svg')).toBe(true);
    // The browser's own list (it says so before asking) holds every one a store could be named.
    for (const name of t.ctx.rootPaths.list().filter(isName)) {
      expect(RESERVED_MARKET_NAMES.has(name), `${name} is missing from RESERVED_MARKET_NAMES`).toBe(true);
      expect(marketNameSchema.safeParse(name).success, name).toBe(false);
    }
  });

  it('a store can not be created or renamed with any of them', async () => {
    const names = t.ctx.rootPaths.list().filter(isName);
    expect(names.length).toBeGreaterThan(40);
    for (const name of names) {
      const created = await call(t.app, owner.token, 'POST', '/api/Market/create-store', { name, sectorId });
      expect(created.statusCode, `${name}: ${created.body}`).toBe(400);
      expect(fieldCodes(created), name).toEqual({ name: 'marketNameReserved' });
    }
    const store = dataOf<{ id: string; name: string }>(
      await call(t.app, owner.token, 'POST', '/api/Market/create-store', { name: `mine-${Date.now()}`, sectorId }),
      201,
    );
    for (const name of ['sandbox-pay', 'dev-mailbox', 'uploads', 'card-success']) {
      const renamed = await call(t.app, owner.token, 'PUT', '/api/Market/update-store', { id: store.id, name });
      expect(renamed.statusCode, name).toBe(400);
      expect(errorOf(renamed).fields?.name?.code).toBe('marketNameReserved');
    }
  });
});
