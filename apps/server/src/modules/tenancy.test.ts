import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, errorOf, merchant, newIp, type TestApp } from '../testing/app.js';

/**
 * Tenancy (DESIGN §4): every market-scoped route answers another merchant with 404, exactly as if
 * the market did not exist, and changes nothing. Each new market-scoped route is one more row.
 */
interface MarketRoute {
  /** The route as /api/docs names it: "METHOD /api/path". */
  route: string;
  request(marketId: string): InjectOptions;
  /** What the owner gets from the same request: proves the 404 is about ownership, not a typo. */
  ownerStatus: number;
}

const MARKET_ROUTES: MarketRoute[] = [
  {
    route: 'GET /api/Market/get-store-by-id/{id}',
    request: (id) => ({ method: 'GET', url: `/api/Market/get-store-by-id/${id}` }),
    ownerStatus: 200,
  },
  {
    route: 'PUT /api/Market/update-store',
    request: (id) => ({ method: 'PUT', url: '/api/Market/update-store', payload: { id, description: 'taken over' } }),
    ownerStatus: 200,
  },
];

let t: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  t = await createTestApp();
  app = t.app;
});
afterAll(async () => {
  await t?.close();
});

describe('tenancy', () => {
  it('every market-scoped route answers another merchant with 404 and changes nothing', async () => {
    const owner = await merchant(app);
    const stranger = await merchant(app);
    // The stranger has a market of their own: being a merchant grants nothing over others' markets.
    for (const [who, name] of [
      [owner, `tenant-${Date.now().toString(36)}`],
      [stranger, `stranger-${Date.now().toString(36)}`],
    ] as const) {
      const created = await app.inject({
        method: 'POST',
        url: '/api/Market/create-store',
        payload: { name, sectorId: 1 },
        headers: bearer(who.token),
        remoteAddress: newIp(),
      });
      expect(created.statusCode).toBe(201);
    }
    const list = await app.inject({ method: 'GET', url: '/api/Market/get-all-store', headers: bearer(owner.token) });
    const market = (list.json() as { data: { id: string }[] }).data[0]!;
    const before = (
      await app.inject({ method: 'GET', url: `/api/Market/get-store-by-id/${market.id}`, headers: bearer(owner.token) })
    ).json();

    for (const route of MARKET_ROUTES) {
      const request = route.request(market.id);
      const response = await app.inject({
        ...request,
        headers: { ...(request.headers as Record<string, string>), ...bearer(stranger.token), 'accept-language': 'en' },
        remoteAddress: newIp(),
      });
      expect(response.statusCode, route.route).toBe(404);
      expect(errorOf(response), route.route).toEqual({ code: 'NOT_FOUND', message: 'Not found' });
    }

    const after = (
      await app.inject({ method: 'GET', url: `/api/Market/get-store-by-id/${market.id}`, headers: bearer(owner.token) })
    ).json();
    expect(after).toEqual(before);

    for (const route of MARKET_ROUTES) {
      const request = route.request(market.id);
      const response = await app.inject({
        ...request,
        headers: { ...(request.headers as Record<string, string>), ...bearer(owner.token) },
        remoteAddress: newIp(),
      });
      expect(response.statusCode, `${route.route} as the owner: ${response.body}`).toBe(route.ownerStatus);
    }
  });

  it('the table lists every documented route that names a market', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/docs' })).json() as {
      paths: Record<string, Record<string, { parameters?: { name: string }[]; requestBody?: unknown }>>;
    };
    const scoped: string[] = [];
    for (const [url, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const names = (operation.parameters ?? []).map((p) => p.name);
        const body = JSON.stringify(operation.requestBody ?? {});
        if (names.includes('marketId') || body.includes('"marketId"')) scoped.push(`${method.toUpperCase()} ${url}`);
      }
    }
    const listed = MARKET_ROUTES.map((r) => r.route);
    for (const route of scoped) expect(listed, `${route} is market-scoped: add it to MARKET_ROUTES`).toContain(route);
    // The rows themselves name real routes.
    for (const route of listed) {
      const [method, url] = route.split(' ') as [string, string];
      expect(doc.paths[url]?.[method.toLowerCase()], route).toBeDefined();
    }
  });
});
