import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createCategory,
  createCollection,
  createMarket,
  createProduct,
  createTestApp,
  dataOf,
  errorOf,
  merchant,
  multipart,
  newIp,
  productBody,
  type TestApp,
  uploadImage,
} from '../testing/app.js';

/**
 * Tenancy (DESIGN §4): every market-scoped route answers another merchant with 404, exactly as if
 * the market did not exist, and changes nothing — except the reads shoppers share with the owner,
 * where another merchant is a shopper like any other: they get the public view, nothing more.
 * Each new market-scoped route is one more row.
 */
interface Fixture {
  marketId: string;
  categoryId: string;
  passiveCategoryId: string;
  /** A category nothing uses: the owner's delete may remove it. */
  spareCategoryId: string;
  /** Active, with variants. */
  productId: string;
  variantId: string;
  passiveProductId: string;
  spareProductId: string;
  collectionId: string;
  passiveCollectionId: string;
  spareCollectionId: string;
  imageUrl: string;
  csv: Buffer;
}

interface MarketRoute {
  /** The route as /api/docs names it: "METHOD /api/path". */
  route: string;
  request(f: Fixture): InjectOptions;
  /** What the owner gets from the same request: proves the 404 is about ownership, not a typo. */
  ownerStatus: number;
  /**
   * 'owner': only the owner's; anyone else gets 404. 'shared': a read shoppers share, where
   * another merchant gets exactly what an anonymous shopper gets.
   */
  access: 'owner' | 'shared';
  /** For shared reads of one item: the same read of a passive item, a 404 for all but the owner. */
  passive?(f: Fixture): InjectOptions;
}

const get = (url: string): InjectOptions => ({ method: 'GET', url });

function productUpdate(f: Fixture) {
  return {
    id: f.productId,
    marketId: f.marketId,
    title: 'Tenancy product',
    description: '<p>Renamed by the owner</p>',
    categoryId: f.categoryId,
    images: [f.imageUrl],
    price: 1500,
    options: [{ name: 'Size', values: ['S'] }],
    variants: [{ id: f.variantId, options: ['S'], price: 1500, stock: 4 }],
  };
}

const MARKET_ROUTES: MarketRoute[] = [
  {
    route: 'GET /api/Market/get-store-by-id/{id}',
    request: (f) => get(`/api/Market/get-store-by-id/${f.marketId}`),
    ownerStatus: 200,
    access: 'owner',
  },
  {
    route: 'PUT /api/Market/update-store',
    request: (f) => ({
      method: 'PUT',
      url: '/api/Market/update-store',
      payload: { id: f.marketId, description: 'taken over' },
    }),
    ownerStatus: 200,
    access: 'owner',
  },
  // ---- Categories
  {
    route: 'GET /api/Category/all/{marketId}',
    request: (f) => get(`/api/Category/all/${f.marketId}`),
    ownerStatus: 200,
    access: 'shared',
  },
  {
    route: 'GET /api/Category/{marketId}/{id}',
    request: (f) => get(`/api/Category/${f.marketId}/${f.categoryId}`),
    passive: (f) => get(`/api/Category/${f.marketId}/${f.passiveCategoryId}`),
    ownerStatus: 200,
    access: 'shared',
  },
  {
    route: 'POST /api/Category/create',
    request: (f) => ({
      method: 'POST',
      url: '/api/Category/create',
      payload: { marketId: f.marketId, name: 'Planted' },
    }),
    ownerStatus: 201,
    access: 'owner',
  },
  {
    route: 'PUT /api/Category/update',
    request: (f) => ({
      method: 'PUT',
      url: '/api/Category/update',
      payload: { id: f.categoryId, marketId: f.marketId, name: 'Renamed category' },
    }),
    ownerStatus: 200,
    access: 'owner',
  },
  {
    route: 'DELETE /api/Category/{marketId}/{id}',
    request: (f) => ({ method: 'DELETE', url: `/api/Category/${f.marketId}/${f.spareCategoryId}` }),
    ownerStatus: 200,
    access: 'owner',
  },
  // ---- Products
  {
    route: 'GET /api/Products/all/{marketId}',
    request: (f) => get(`/api/Products/all/${f.marketId}`),
    ownerStatus: 200,
    access: 'shared',
  },
  {
    route: 'GET /api/Products/{marketId}/{id}',
    request: (f) => get(`/api/Products/${f.marketId}/${f.productId}`),
    passive: (f) => get(`/api/Products/${f.marketId}/${f.passiveProductId}`),
    ownerStatus: 200,
    access: 'shared',
  },
  {
    route: 'POST /api/Products/create',
    request: (f) => ({
      method: 'POST',
      url: '/api/Products/create',
      payload: productBody(f.marketId, f.categoryId, f.imageUrl, { title: 'Planted product' }),
    }),
    ownerStatus: 201,
    access: 'owner',
  },
  {
    route: 'PUT /api/Products/update',
    request: (f) => ({ method: 'PUT', url: '/api/Products/update', payload: productUpdate(f) }),
    ownerStatus: 200,
    access: 'owner',
  },
  {
    route: 'DELETE /api/Products/{marketId}/{id}',
    request: (f) => ({ method: 'DELETE', url: `/api/Products/${f.marketId}/${f.spareProductId}` }),
    ownerStatus: 200,
    access: 'owner',
  },
  {
    route: 'POST /api/Products/bulk',
    request: (f) => ({
      method: 'POST',
      url: '/api/Products/bulk',
      payload: { marketId: f.marketId, ids: [f.productId, f.passiveProductId], action: 'deactivate' },
    }),
    ownerStatus: 200,
    access: 'owner',
  },
  {
    route: 'GET /api/Products/export/{marketId}',
    request: (f) => get(`/api/Products/export/${f.marketId}`),
    ownerStatus: 200,
    access: 'owner',
  },
  {
    route: 'POST /api/Products/import/{marketId}',
    request: (f) => ({ method: 'POST', url: `/api/Products/import/${f.marketId}?dryRun=false`, payload: f.csv }),
    ownerStatus: 200,
    access: 'owner',
  },
  // ---- Collections
  {
    route: 'GET /api/Collection/get-all-collections/{marketId}',
    request: (f) => get(`/api/Collection/get-all-collections/${f.marketId}`),
    ownerStatus: 200,
    access: 'shared',
  },
  {
    route: 'GET /api/Collection/get-collection-by-id/{id}/{marketId}',
    request: (f) => get(`/api/Collection/get-collection-by-id/${f.collectionId}/${f.marketId}`),
    passive: (f) => get(`/api/Collection/get-collection-by-id/${f.passiveCollectionId}/${f.marketId}`),
    ownerStatus: 200,
    access: 'shared',
  },
  {
    route: 'POST /api/Collection/create-collection-and-product-collection',
    request: (f) => ({
      method: 'POST',
      url: '/api/Collection/create-collection-and-product-collection',
      payload: { marketId: f.marketId, title: 'Planted collection', coverImageUrl: f.imageUrl, productIds: [] },
    }),
    ownerStatus: 201,
    access: 'owner',
  },
  {
    route: 'PUT /api/Collection/update-collection',
    request: (f) => ({
      method: 'PUT',
      url: '/api/Collection/update-collection',
      payload: {
        id: f.collectionId,
        marketId: f.marketId,
        title: 'Emptied',
        coverImageUrl: f.imageUrl,
        productIds: [],
      },
    }),
    ownerStatus: 200,
    access: 'owner',
  },
  {
    route: 'DELETE /api/Collection/delete-collection/{id}/{marketId}',
    request: (f) => ({
      method: 'DELETE',
      url: `/api/Collection/delete-collection/${f.spareCollectionId}/${f.marketId}`,
    }),
    ownerStatus: 200,
    access: 'owner',
  },
  // ---- Inventory
  {
    route: 'GET /api/Inventory/{marketId}',
    request: (f) => get(`/api/Inventory/${f.marketId}`),
    ownerStatus: 200,
    access: 'owner',
  },
  {
    route: 'POST /api/Inventory/adjust',
    request: (f) => ({
      method: 'POST',
      url: '/api/Inventory/adjust',
      payload: { marketId: f.marketId, productId: f.productId, variantId: f.variantId, delta: -4, reason: 'other' },
    }),
    ownerStatus: 200,
    access: 'owner',
  },
];

let t: TestApp;
let app: FastifyInstance;
let owner: Awaited<ReturnType<typeof merchant>>;
let stranger: Awaited<ReturnType<typeof merchant>>;
let strangerMarketId: string;
let f: Fixture;

/** A request as `token` (or anonymous with null), in English, from an address of its own. */
function send(request: InjectOptions, token: string | null) {
  return app.inject({
    ...request,
    headers: {
      ...(request.headers as Record<string, string>),
      ...(token ? bearer(token) : {}),
      'accept-language': 'en',
    },
    remoteAddress: newIp(),
  });
}

/** Everything the owner can read of the market: what no stranger's request may change. */
async function ownerState() {
  const reads = [
    `/api/Market/get-store-by-id/${f.marketId}`,
    `/api/Category/all/${f.marketId}`,
    `/api/Products/all/${f.marketId}`,
    `/api/Products/${f.marketId}/${f.productId}`,
    `/api/Products/${f.marketId}/${f.passiveProductId}`,
    `/api/Products/${f.marketId}/${f.spareProductId}`,
    `/api/Collection/get-all-collections/${f.marketId}`,
    `/api/Inventory/${f.marketId}`,
    `/api/Products/export/${f.marketId}`,
  ];
  const state: Record<string, string> = {};
  for (const url of reads) {
    const response = await send(get(url), owner.token);
    expect(response.statusCode, url).toBe(200);
    state[url] = response.body;
  }
  return state;
}

beforeAll(async () => {
  t = await createTestApp();
  app = t.app;
  owner = await merchant(app);
  stranger = await merchant(app);
  // The stranger has a market of their own: being a merchant grants nothing over others' markets.
  strangerMarketId = (await createMarket(app, stranger.token)).id;
  const market = await createMarket(app, owner.token);
  const imageUrl = await uploadImage(app, owner.token);
  const category = await createCategory(app, owner.token, market.id, { name: 'Visible' });
  const passiveCategory = await createCategory(app, owner.token, market.id, { name: 'Hidden', status: 'passive' });
  const spareCategory = await createCategory(app, owner.token, market.id, { name: 'Spare' });
  const product = await createProduct(
    app,
    owner.token,
    productBody(market.id, category.id, imageUrl, {
      title: 'Tenancy product',
      options: [{ name: 'Size', values: ['S'] }],
      variants: [{ options: ['S'], price: 1000, stock: 8, sku: 'TEN-S', barcode: 'SECRET-BARCODE' }],
    }),
  );
  const passiveProduct = await createProduct(
    app,
    owner.token,
    // In the visible category: the owner counts it there, a shopper does not.
    productBody(market.id, category.id, imageUrl, { title: 'Passive product', status: 'passive' }),
  );
  const spareProduct = await createProduct(
    app,
    owner.token,
    productBody(market.id, category.id, imageUrl, { title: 'Spare product' }),
  );
  const collection = await createCollection(app, owner.token, {
    marketId: market.id,
    title: 'Visible collection',
    coverImageUrl: imageUrl,
    productIds: [product.id, passiveProduct.id],
  });
  const passiveCollection = await createCollection(app, owner.token, {
    marketId: market.id,
    title: 'Hidden collection',
    coverImageUrl: imageUrl,
    status: 'passive',
  });
  const spareCollection = await createCollection(app, owner.token, {
    marketId: market.id,
    title: 'Spare collection',
    coverImageUrl: imageUrl,
  });
  const exported = await send(get(`/api/Products/export/${market.id}`), owner.token);
  expect(exported.statusCode).toBe(200);
  // The export with every price changed: applied, it would change every product.
  const csv = exported.body.replace(/,(\d+)\.00,/g, ',1.00,');
  expect(csv).not.toBe(exported.body);
  f = {
    marketId: market.id,
    categoryId: category.id,
    passiveCategoryId: passiveCategory.id,
    spareCategoryId: spareCategory.id,
    productId: product.id,
    variantId: product.variants[0]!.id,
    passiveProductId: passiveProduct.id,
    spareProductId: spareProduct.id,
    collectionId: collection.id,
    passiveCollectionId: passiveCollection.id,
    spareCollectionId: spareCollection.id,
    imageUrl,
    csv: Buffer.from(csv),
  };
});
afterAll(async () => {
  await t?.close();
});

/** The request with a multipart body built when it carries a file (the CSV import). */
async function prepared(request: InjectOptions): Promise<InjectOptions> {
  if (!Buffer.isBuffer(request.payload)) return request;
  const { payload, headers } = await multipart(request.payload, 'products.csv', 'text/csv');
  return { ...request, payload, headers: { ...(request.headers as Record<string, string>), ...headers } };
}

describe('tenancy', () => {
  it('every owner-only route answers another merchant with 404 and changes nothing', async () => {
    const before = await ownerState();
    for (const route of MARKET_ROUTES.filter((r) => r.access === 'owner')) {
      const response = await send(await prepared(route.request(f)), stranger.token);
      expect(response.statusCode, `${route.route}: ${response.body}`).toBe(404);
      expect(errorOf(response), route.route).toEqual({ code: 'NOT_FOUND', message: 'Not found' });
    }
    expect(await ownerState()).toEqual(before);
    // Nothing was planted in the stranger's own market either.
    const theirs = await send(get(`/api/Products/all/${strangerMarketId}`), stranger.token);
    expect(dataOf<{ total: number }>(theirs).total).toBe(0);
  });

  it('a shared read gives another merchant exactly the public view: no passive items, no owner fields', async () => {
    const passiveIds = [f.passiveCategoryId, f.passiveProductId, f.passiveCollectionId];
    for (const route of MARKET_ROUTES.filter((r) => r.access === 'shared')) {
      const request = route.request(f);
      const anonymous = await send(request, null);
      const other = await send(request, stranger.token);
      const asOwner = await send(request, owner.token);
      expect(anonymous.statusCode, route.route).toBe(200);
      expect(other.statusCode, route.route).toBe(200);
      expect(other.json(), route.route).toEqual(anonymous.json());
      for (const id of passiveIds) expect(other.body, `${route.route} shows ${id}`).not.toContain(id);
      expect(other.body, route.route).not.toContain('SECRET-BARCODE');
      // The owner's answer differs: the same path serves the owner's fuller view.
      expect(asOwner.statusCode, route.route).toBe(200);
      expect(asOwner.body, route.route).not.toEqual(other.body);
      if (route.passive) {
        const hidden = route.passive(f);
        for (const token of [null, stranger.token]) {
          const response = await send(hidden, token);
          expect(response.statusCode, `${route.route} (passive)`).toBe(404);
          expect(errorOf(response)).toEqual({ code: 'NOT_FOUND', message: 'Not found' });
        }
        expect((await send(hidden, owner.token)).statusCode, `${route.route} (passive, owner)`).toBe(200);
      }
    }
  });

  it('item ids of another market name nothing in one’s own market', async () => {
    const before = await ownerState();
    const mixed: InjectOptions[] = [
      get(`/api/Products/${strangerMarketId}/${f.productId}`),
      get(`/api/Category/${strangerMarketId}/${f.categoryId}`),
      get(`/api/Collection/get-collection-by-id/${f.collectionId}/${strangerMarketId}`),
      { method: 'DELETE', url: `/api/Products/${strangerMarketId}/${f.spareProductId}` },
      { method: 'DELETE', url: `/api/Category/${strangerMarketId}/${f.spareCategoryId}` },
      { method: 'DELETE', url: `/api/Collection/delete-collection/${f.spareCollectionId}/${strangerMarketId}` },
      { method: 'PUT', url: '/api/Products/update', payload: { ...productUpdate(f), marketId: strangerMarketId } },
      {
        method: 'PUT',
        url: '/api/Category/update',
        payload: { id: f.categoryId, marketId: strangerMarketId, name: 'Mine now' },
      },
      {
        method: 'PUT',
        url: '/api/Collection/update-collection',
        payload: { id: f.collectionId, marketId: strangerMarketId, title: 'Mine now', coverImageUrl: f.imageUrl },
      },
      {
        method: 'POST',
        url: '/api/Inventory/adjust',
        payload: {
          marketId: strangerMarketId,
          productId: f.productId,
          variantId: f.variantId,
          delta: -1,
          reason: 'other',
        },
      },
    ];
    for (const request of mixed) {
      const response = await send(request, stranger.token);
      expect(response.statusCode, `${request.method} ${request.url}: ${response.body}`).toBe(404);
      expect(errorOf(response).code).toBe('NOT_FOUND');
    }
    const bulk = await send(
      {
        method: 'POST',
        url: '/api/Products/bulk',
        payload: { marketId: strangerMarketId, ids: [f.productId, f.spareProductId], action: 'deactivate' },
      },
      stranger.token,
    );
    expect(dataOf(bulk)).toEqual({ changed: 0 });
    expect(await ownerState()).toEqual(before);
  });

  it('each route works for the owner (the 404s above are about ownership)', async () => {
    for (const route of MARKET_ROUTES) {
      const response = await send(await prepared(route.request(f)), owner.token);
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
    expect(scoped.length).toBeGreaterThanOrEqual(20);
    const listed = MARKET_ROUTES.map((r) => r.route);
    for (const route of scoped) expect(listed, `${route} is market-scoped: add it to MARKET_ROUTES`).toContain(route);
    // The rows themselves name real routes, each once.
    expect(new Set(listed).size).toBe(listed.length);
    for (const route of listed) {
      const [method, url] = route.split(' ') as [string, string];
      expect(doc.paths[url]?.[method.toLowerCase()], route).toBeDefined();
    }
  });
});
