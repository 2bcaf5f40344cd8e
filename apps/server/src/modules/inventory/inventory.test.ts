import type { InventoryRow, Page, ProductListItem, ProductView } from '@shop/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  catalogOwner,
  createCategory,
  createMarket,
  createProduct,
  createTestApp,
  dataOf,
  errorOf,
  fieldCodes,
  productBody,
  type TestApp,
} from '../../testing/app.js';
import { holdRows } from '../../testing/row-locks.js';

let t: TestApp;
let app: FastifyInstance;
let owner: Awaited<ReturnType<typeof catalogOwner>>;
let other: Awaited<ReturnType<typeof catalogOwner>>;

beforeAll(async () => {
  t = await createTestApp();
  app = t.app;
  owner = await catalogOwner(app);
  other = await catalogOwner(app);
});
afterAll(async () => {
  await t?.close();
});

async function inventory(marketId: string, query = '', token: string | null = owner.token) {
  return dataOf<Page<InventoryRow>>(
    await call(app, token, 'GET', `/api/Inventory/${marketId}${query ? `?${query}` : ''}`),
  );
}
const adjust = (payload: Record<string, unknown>, token: string | null = owner.token) =>
  call(app, token, 'POST', '/api/Inventory/adjust', { reason: 'received', ...payload });
async function product(marketId: string, id: string, token = owner.token) {
  return dataOf<ProductView>(await call(app, token, 'GET', `/api/Products/${marketId}/${id}`));
}

/** A market with one category for the main merchant. */
async function freshMarket() {
  const market = await createMarket(app, owner.token);
  const category = await createCategory(app, owner.token, market.id);
  const make = (title: string, fields: Record<string, unknown>) =>
    createProduct(app, owner.token, productBody(market.id, category.id, owner.imageUrl, { title, ...fields }));
  return { marketId: market.id, make };
}

describe('the inventory list', () => {
  let marketId: string;
  const p: Record<string, ProductView> = {};

  beforeAll(async () => {
    const shop = await freshMarket();
    marketId = shop.marketId;
    p.apron = await shop.make('Apron', { stock: 12, sku: 'AP-1' });
    p.bowl = await shop.make('bowl', { stock: 3 });
    p.cup = await shop.make('Cup', {
      images: [owner.imageUrl, '/uploads/x/second.webp'],
      options: [{ name: 'Colour', values: ['White', 'Black'] }],
      variants: [
        { options: ['White'], price: 500, stock: 0, sku: 'CUP-W', imageUrl: '/uploads/x/white.webp' },
        { options: ['Black'], price: 500, stock: 5, sku: 'CUP-B' },
      ],
    });
    p.dish = await shop.make('Dish', { stock: 0, trackQuantity: false });
    p.eggCup = await shop.make('Egg cup', { stock: 6, status: 'passive' });
    p.fork = await shop.make('Fork', { stock: 0 });
  });

  it('shows every SKU: each product without variants and each variant, with its level', async () => {
    const page = await inventory(marketId);
    expect(page).toMatchObject({ total: 7, page: 1, pageSize: 24 });
    expect(page.items.map((r) => [r.title, r.variantTitle, r.sku, r.stock, r.trackQuantity, r.level])).toEqual([
      ['Apron', null, 'AP-1', 12, true, 'ok'],
      ['bowl', null, null, 3, true, 'low'],
      ['Cup', 'White', 'CUP-W', 0, true, 'out'],
      // Five units is still "low" (lowStock 5); six is not.
      ['Cup', 'Black', 'CUP-B', 5, true, 'low'],
      // Quantity not tracked: never low or out.
      ['Dish', null, null, 0, false, 'ok'],
      ['Egg cup', null, null, 6, true, 'ok'],
      ['Fork', null, null, 0, true, 'out'],
    ]);
    const [white, black] = p.cup!.variants;
    expect(page.items[2]).toEqual({
      productId: p.cup!.id,
      variantId: white!.id,
      title: 'Cup',
      variantTitle: 'White',
      sku: 'CUP-W',
      imageUrl: '/uploads/x/white.webp',
      stock: 0,
      held: 0,
      heldUntil: null,
      available: 0,
      trackQuantity: true,
      level: 'out',
    });
    // A variant without its own picture shows the product's first.
    expect(page.items[3]).toMatchObject({ variantId: black!.id, imageUrl: owner.imageUrl });
    expect(page.items[0]).toMatchObject({ productId: p.apron!.id, variantId: null, imageUrl: owner.imageUrl });
  });

  it.each([
    [
      'level=low',
      [
        ['bowl', null],
        ['Cup', 'Black'],
      ],
    ],
    [
      'level=out',
      [
        ['Cup', 'White'],
        ['Fork', null],
      ],
    ],
    [
      'search=CUP',
      [
        ['Cup', 'White'],
        ['Cup', 'Black'],
        ['Egg cup', null],
      ],
    ],
    ['search=cup-w', [['Cup', 'White']]],
    ['search=ap-1', [['Apron', null]]],
    ['search=black', [['Cup', 'Black']]],
    ['search=%25', []],
    ['search=_', []],
    ['search=cup&level=low', [['Cup', 'Black']]],
  ])('filters by %s', async (query, expected) => {
    const page = await inventory(marketId, query);
    expect(page.items.map((r) => [r.title, r.variantTitle])).toEqual(expected);
    expect(page.total).toBe(expected.length);
  });

  it('pages with the page size and the total', async () => {
    const pages = [];
    for (let page = 1; page <= 3; page++) pages.push(await inventory(marketId, `pageSize=3&page=${page}`));
    expect(pages.map((pg) => [pg.page, pg.pageSize, pg.total, pg.items.length])).toEqual([
      [1, 3, 7, 3],
      [2, 3, 7, 3],
      [3, 3, 7, 1],
    ]);
    expect(pages.flatMap((pg) => pg.items.map((r) => r.sku ?? r.title))).toEqual([
      'AP-1',
      'bowl',
      'CUP-W',
      'CUP-B',
      'Dish',
      'Egg cup',
      'Fork',
    ]);
  });

  it.each([
    ['level=empty', { level: 'invalidValue' }],
    ['page=0', { page: 'invalidValue' }],
    ['pageSize=500', { pageSize: 'invalidValue' }],
    ['sort=name', { sort: 'unknownField' }],
    [`search=${'x'.repeat(101)}`, { search: 'tooLong' }],
  ])('refuses %s with a 400', async (query, expected) => {
    const response = await call(app, owner.token, 'GET', `/api/Inventory/${marketId}?${query}`);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).code).toBe('VALIDATION_FAILED');
    expect(fieldCodes(response)).toEqual(expected);
  });

  it('is the owner’s alone: a session is needed, and another merchant gets a 404', async () => {
    const anonymous = await call(app, null, 'GET', `/api/Inventory/${marketId}`);
    expect(anonymous.statusCode).toBe(401);
    expect(errorOf(anonymous)).toEqual({ code: 'UNAUTHORIZED', message: 'Please sign in to continue' });
    const stranger = await call(app, other.token, 'GET', `/api/Inventory/${marketId}`);
    expect(stranger.statusCode).toBe(404);
    expect(errorOf(stranger)).toEqual({ code: 'NOT_FOUND', message: 'Not found' });
  });
});

describe('adjusting stock', () => {
  it('adds and removes units with a reason; the product and the list show the new stock', async () => {
    const shop = await freshMarket();
    const bowl = await shop.make('Bowl', { stock: 3 });
    const up = await adjust({ marketId: shop.marketId, productId: bowl.id, delta: 5, reason: 'received' });
    expect(dataOf(up)).toEqual({ productId: bowl.id, variantId: null, stock: 8, productStock: 8 });
    const down = await adjust({
      marketId: shop.marketId,
      productId: bowl.id,
      delta: -2,
      reason: 'damaged',
      note: 'Two arrived broken',
    });
    expect(dataOf(down)).toMatchObject({ stock: 6, productStock: 6 });
    for (const reason of ['correction', 'returned', 'other']) {
      expect((await adjust({ marketId: shop.marketId, productId: bowl.id, delta: 1, reason })).statusCode).toBe(200);
    }
    expect((await product(shop.marketId, bowl.id)).stock).toBe(9);
    expect((await inventory(shop.marketId)).items).toEqual([expect.objectContaining({ stock: 9, level: 'ok' })]);
  });

  it('refuses to go below zero and leaves the stock as it was', async () => {
    const shop = await freshMarket();
    const fork = await shop.make('Fork', { stock: 2 });
    const response = await adjust({ marketId: shop.marketId, productId: fork.id, delta: -3, reason: 'damaged' });
    expect(response.statusCode).toBe(409);
    expect(errorOf(response)).toEqual({
      code: 'STOCK_WOULD_BE_NEGATIVE',
      message: 'Stock can not go below zero',
      fields: { delta: { code: 'STOCK_WOULD_BE_NEGATIVE', message: 'Stock can not go below zero' } },
    });
    expect((await product(shop.marketId, fork.id)).stock).toBe(2);
    expect(dataOf(await adjust({ marketId: shop.marketId, productId: fork.id, delta: -2 }))).toMatchObject({
      stock: 0,
    });
    expect((await inventory(shop.marketId, 'level=out')).total).toBe(1);
  });

  it('a product with variants needs the variant; its own stock is their sum', async () => {
    const shop = await freshMarket();
    const cup = await shop.make('Cup', {
      options: [{ name: 'Colour', values: ['White', 'Black'] }],
      variants: [
        { options: ['White'], price: 500, stock: 0 },
        { options: ['Black'], price: 500, stock: 5 },
      ],
    });
    const [white, black] = cup.variants;
    const missing = await adjust({ marketId: shop.marketId, productId: cup.id, delta: 1 });
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing).fields).toEqual({
      variantId: { code: 'required', message: 'Fill in the inputs completely' },
    });
    const up = await adjust({ marketId: shop.marketId, productId: cup.id, variantId: white!.id, delta: 4 });
    expect(dataOf(up)).toEqual({ productId: cup.id, variantId: white!.id, stock: 4, productStock: 9 });
    const tooMany = await adjust({ marketId: shop.marketId, productId: cup.id, variantId: black!.id, delta: -6 });
    expect(tooMany.statusCode).toBe(409);
    expect(errorOf(tooMany).code).toBe('STOCK_WOULD_BE_NEGATIVE');
    const after = await product(shop.marketId, cup.id);
    expect(after.variants.map((v) => v.stock)).toEqual([4, 5]);
    expect(after.stock).toBe(9);
    expect((await inventory(shop.marketId)).items.map((r) => [r.variantTitle, r.stock, r.level])).toEqual([
      ['White', 4, 'low'],
      ['Black', 5, 'low'],
    ]);
  });

  it('a variant of another product, or a variant for a product without variants, is a 404', async () => {
    const shop = await freshMarket();
    const cup = await shop.make('Cup', {
      options: [{ name: 'Colour', values: ['White'] }],
      variants: [{ options: ['White'], price: 500, stock: 1 }],
    });
    const mug = await shop.make('Mug', {
      options: [{ name: 'Colour', values: ['White'] }],
      variants: [{ options: ['White'], price: 500, stock: 1 }],
    });
    const plate = await shop.make('Plate', { stock: 1 });
    const foreign = await adjust({
      marketId: shop.marketId,
      productId: cup.id,
      variantId: mug.variants[0]!.id,
      delta: 1,
    });
    expect(foreign.statusCode).toBe(404);
    const extra = await adjust({
      marketId: shop.marketId,
      productId: plate.id,
      variantId: cup.variants[0]!.id,
      delta: 1,
    });
    expect(extra.statusCode).toBe(404);
    expect((await inventory(shop.marketId)).items.map((r) => r.stock)).toEqual([1, 1, 1]);
  });

  it('another market’s product is a 404, through their market or one’s own, and keeps its stock', async () => {
    const theirs = await createProduct(
      app,
      other.token,
      productBody(other.market.id, other.category.id, other.imageUrl, { stock: 4 }),
    );
    for (const marketId of [owner.market.id, other.market.id]) {
      const response = await adjust({ marketId, productId: theirs.id, delta: -1 });
      expect(response.statusCode).toBe(404);
      expect(errorOf(response)).toEqual({ code: 'NOT_FOUND', message: 'Not found' });
    }
    expect((await product(other.market.id, theirs.id, other.token)).stock).toBe(4);
  });

  it.each([
    ['a zero delta', { delta: 0 }, { delta: 'invalidStock' }],
    ['a fractional delta', { delta: 1.5 }, { delta: 'invalidStock' }],
    ['a delta as text', { delta: '3' }, { delta: 'invalidStock' }],
    ['a delta beyond the limit', { delta: 1_000_000_001 }, { delta: 'invalidStock' }],
    ['an unknown reason', { reason: 'stolen' }, { reason: 'invalidValue' }],
    ['a note over 500 characters', { note: 'x'.repeat(501) }, { note: 'tooLong' }],
    ['a malformed product id', { productId: 'abc' }, { productId: 'invalidValue' }],
    ['an unknown field', { warehouse: 'main' }, { warehouse: 'unknownField' }],
  ])('refuses %s with a 400', async (_, fields, expected) => {
    const shop = await freshMarket();
    const item = await shop.make('Item', { stock: 3 });
    const response = await adjust({ marketId: shop.marketId, productId: item.id, delta: 1, ...fields });
    expect(response.statusCode).toBe(400);
    expect(fieldCodes(response)).toEqual(expected);
    expect((await product(shop.marketId, item.id)).stock).toBe(3);
  });

  it('refuses to grow past the stock limit, however it is reached', async () => {
    const shop = await freshMarket();
    const item = await shop.make('Warehouse', { stock: 1_000_000_000 });
    const response = await adjust({ marketId: shop.marketId, productId: item.id, delta: 1 });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).fields).toEqual({
      delta: { code: 'invalidStock', message: 'Stock must be a valid non-negative number' },
    });
    const twice = await shop.make('Twice', {
      options: [{ name: 'Size', values: ['S', 'M'] }],
      variants: [
        { options: ['S'], price: 1, stock: 999_999_999 },
        { options: ['M'], price: 1, stock: 0 },
      ],
    });
    // The variant would be within the limit, the product's total would not.
    const total = await adjust({
      marketId: shop.marketId,
      productId: twice.id,
      variantId: twice.variants[1]!.id,
      delta: 2,
    });
    expect(total.statusCode).toBe(400);
    expect(fieldCodes(total)).toEqual({ delta: 'invalidStock' });
    expect((await product(shop.marketId, item.id)).stock).toBe(1_000_000_000);
    expect((await product(shop.marketId, twice.id)).stock).toBe(999_999_999);
  });

  it('the product list’s stock filter and its counts follow an adjustment at once', async () => {
    const shop = await freshMarket();
    const fork = await shop.make('Fork', { stock: 0 });
    await shop.make('Knife', { stock: 2 });
    const counts = async (token: string | null = owner.token) => {
      const query = async (q: string) =>
        dataOf<Page<ProductListItem>>(await call(app, token, 'GET', `/api/Products/all/${shop.marketId}?${q}`));
      const [out, inStock] = [await query('stock=out'), await query('stock=in')];
      return {
        out: [out.total, out.items.map((i) => i.title)],
        in: [inStock.total, inStock.items.map((i) => i.title)],
      };
    };
    expect(await counts()).toEqual({ out: [1, ['Fork']], in: [1, ['Knife']] });
    expect(await counts(null)).toEqual({ out: [1, ['Fork']], in: [1, ['Knife']] });
    dataOf(await adjust({ marketId: shop.marketId, productId: fork.id, delta: 3 }));
    expect(await counts()).toEqual({ out: [0, []], in: [2, ['Knife', 'Fork']] });
    expect(await counts(null)).toEqual({ out: [0, []], in: [2, ['Knife', 'Fork']] });
    dataOf(await adjust({ marketId: shop.marketId, productId: fork.id, delta: -3 }));
    expect(await counts()).toEqual({ out: [1, ['Fork']], in: [1, ['Knife']] });
  });
});

describe('concurrent adjustments', () => {
  it('20 concurrent adjustments of -1 on a stock of 10: exactly 10 succeed and the stock ends at 0', async () => {
    const shop = await freshMarket();
    const item = await shop.make('Last ten', { stock: 10 });
    const fire = () =>
      Promise.all(
        Array.from({ length: 20 }, () =>
          adjust({ marketId: shop.marketId, productId: item.id, delta: -1, reason: 'correction' }),
        ),
      );

    let responses: Awaited<ReturnType<typeof fire>>;
    if (t.ctx.database.kind === 'postgres') {
      // Hold the product's row lock while all twenty start, and watch them queue on it: the
      // requests really run at once, and the lock is what keeps the count right.
      const held = await holdRows(t, sql`select id from products where id = ${item.id} for update`);
      try {
        const pending = fire();
        await held.whenWaiting(10, { timeout: 15_000, interval: 50 });
        await held.release();
        responses = await pending;
      } finally {
        await held.end();
      }
    } else {
      // PGlite is one connection: the same twenty requests are queued by it, and must end the same.
      expect(t.ctx.database.kind).toBe('pglite');
      responses = await fire();
    }

    const succeeded = responses.filter((r) => r.statusCode === 200);
    const refused = responses.filter((r) => r.statusCode !== 200);
    expect(succeeded).toHaveLength(10);
    expect(refused).toHaveLength(10);
    for (const response of refused) {
      expect(response.statusCode).toBe(409);
      expect(errorOf(response).code).toBe('STOCK_WOULD_BE_NEGATIVE');
    }
    // Each success saw a different count: none was lost or counted twice.
    const seen = succeeded.map((r) => dataOf<{ stock: number }>(r).stock).sort((a, b) => a - b);
    expect(seen).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect((await product(shop.marketId, item.id)).stock).toBe(0);
    expect((await inventory(shop.marketId)).items).toEqual([expect.objectContaining({ stock: 0, level: 'out' })]);
  });
});
