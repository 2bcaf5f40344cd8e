import type { CollectionView, Page, ProductListItem } from '@shop/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  catalogOwner,
  createCategory,
  createCollection,
  createMarket,
  createProduct,
  createTestApp,
  dataOf,
  errorOf,
  fieldCodes,
  productBody,
  type TestApp,
} from '../../testing/app.js';

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

const createRaw = (payload: unknown, token: string | null = owner.token) =>
  call(app, token, 'POST', '/api/Collection/create-collection-and-product-collection', payload);
const updateRaw = (payload: unknown, token: string | null = owner.token) =>
  call(app, token, 'PUT', '/api/Collection/update-collection', payload);
const getOne = (marketId: string, id: string, token: string | null = owner.token) =>
  call(app, token, 'GET', `/api/Collection/get-collection-by-id/${id}/${marketId}`);
const remove = (marketId: string, id: string, token: string | null = owner.token) =>
  call(app, token, 'DELETE', `/api/Collection/delete-collection/${id}/${marketId}`);
async function all(marketId: string, token: string | null = owner.token) {
  return dataOf<CollectionView[]>(await call(app, token, 'GET', `/api/Collection/get-all-collections/${marketId}`));
}

/** A market with a category and `count` products (the last `passive` of them passive). */
async function shop(count: number, passive = 0) {
  const market = await createMarket(app, owner.token);
  const category = await createCategory(app, owner.token, market.id);
  const products: string[] = [];
  for (let i = 0; i < count; i++) {
    const status = i >= count - passive ? 'passive' : 'active';
    products.push(
      (await createProduct(app, owner.token, productBody(market.id, category.id, owner.imageUrl, { status }))).id,
    );
  }
  return { marketId: market.id, categoryId: category.id, products };
}

function asUpdate(view: CollectionView, changes: Record<string, unknown> = {}) {
  return {
    id: view.id,
    marketId: view.marketId,
    title: view.title,
    ...(view.description === null ? {} : { description: view.description }),
    coverImageUrl: view.coverImageUrl,
    status: view.status,
    productIds: view.productIds,
    ...changes,
  };
}

describe('creating collections', () => {
  it('creates a collection with its products in the order given', async () => {
    const { marketId, products } = await shop(3);
    const [a, b, c] = products as [string, string, string];
    const response = await createRaw({
      marketId,
      title: ' Yay kolleksiyası ',
      description: 'Light things',
      coverImageUrl: owner.imageUrl,
      productIds: [c, a, b],
    });
    const created = dataOf<CollectionView>(response, 201);
    expect(created).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      marketId,
      title: 'Yay kolleksiyası',
      description: 'Light things',
      coverImageUrl: owner.imageUrl,
      status: 'active',
      productIds: [c, a, b],
      productCount: 3,
      createdAt: expect.any(String),
    });
    expect(dataOf<CollectionView>(await getOne(marketId, created.id))).toEqual(created);
    expect(await all(marketId)).toEqual([created]);
  });

  it('may start empty', async () => {
    const { marketId } = await shop(0);
    const created = await createCollection(app, owner.token, { marketId, coverImageUrl: owner.imageUrl });
    expect(created).toMatchObject({ productIds: [], productCount: 0 });
  });

  it.each([
    [
      'no cover image',
      { coverImageUrl: undefined },
      { coverImageUrl: 'coverImageRequired' },
      'Cover image is required',
    ],
    ['an empty cover image', { coverImageUrl: '' }, { coverImageUrl: 'coverImageRequired' }, 'Cover image is required'],
    ['a null cover image', { coverImageUrl: null }, { coverImageUrl: 'coverImageRequired' }, 'Cover image is required'],
    [
      'a cover image from elsewhere',
      { coverImageUrl: 'https://x.example/c.png' },
      { coverImageUrl: 'invalidValue' },
      'This value is not valid',
    ],
    ['no title', { title: undefined }, { title: 'titleRequired' }, "Title can't be blank"],
    ['a blank title', { title: '  ' }, { title: 'titleRequired' }, "Title can't be blank"],
    ['a title over 200 characters', { title: 'x'.repeat(201) }, { title: 'tooLong' }, 'Too long'],
    ['product ids as text', { productIds: 'all' }, { productIds: 'invalidValue' }, 'This value is not valid'],
    ['a malformed product id', { productIds: ['abc'] }, { 'productIds.0': 'invalidValue' }, 'This value is not valid'],
    ['an unknown field', { sort: 'manual' }, { sort: 'unknownField' }, 'This field is not accepted'],
  ])('refuses %s', async (_, fields, expected, message) => {
    const { marketId } = await shop(0);
    const response = await createRaw({ marketId, title: 'Summer', coverImageUrl: owner.imageUrl, ...fields });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).code).toBe('VALIDATION_FAILED');
    expect(fieldCodes(response)).toEqual(expected);
    expect(Object.values(errorOf(response).fields ?? {})[0]?.message).toBe(message);
    expect(await all(marketId)).toEqual([]);
  });

  it('refuses a product twice in one collection', async () => {
    const { marketId, products } = await shop(2);
    const response = await createRaw({
      marketId,
      title: 'Twice',
      coverImageUrl: owner.imageUrl,
      productIds: [products[0], products[1], products[0]],
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).fields).toEqual({
      productIds: { code: 'duplicateValue', message: 'This value is already in the list' },
    });
    expect(await all(marketId)).toEqual([]);
  });

  it('refuses products of another market, or that do not exist, and creates nothing', async () => {
    const { marketId, products } = await shop(1);
    const theirs = await createProduct(
      app,
      other.token,
      productBody(other.market.id, other.category.id, other.imageUrl),
    );
    for (const foreign of [theirs.id, '00000000-0000-4000-8000-000000000000']) {
      const response = await createRaw({
        marketId,
        title: 'Mixed',
        coverImageUrl: owner.imageUrl,
        productIds: [products[0], foreign],
      });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response)).toEqual({
        code: 'VALIDATION_FAILED',
        message: 'Check the highlighted fields',
        fields: { productIds: { code: 'invalidValue', message: 'This value is not valid' } },
      });
    }
    expect(await all(marketId)).toEqual([]);
  });

  it('needs a session, and the market must be the caller’s', async () => {
    const payload = { marketId: owner.market.id, title: 'Stranger', coverImageUrl: owner.imageUrl };
    expect((await createRaw(payload, null)).statusCode).toBe(401);
    const stranger = await createRaw(payload, other.token);
    expect(stranger.statusCode).toBe(404);
    expect(errorOf(stranger)).toEqual({ code: 'NOT_FOUND', message: 'Not found' });
    expect((await all(owner.market.id)).map((c) => c.title)).not.toContain('Stranger');
  });
});

describe('updating collections', () => {
  it('reorders, adds and removes products, and changes the fields', async () => {
    const { marketId, products } = await shop(4);
    const [a, b, c, d] = products as [string, string, string, string];
    const created = await createCollection(app, owner.token, {
      marketId,
      coverImageUrl: owner.imageUrl,
      productIds: [a, b, c],
    });
    const cover = '/uploads/elsewhere/cover.webp';
    const updated = dataOf<CollectionView>(
      await updateRaw(
        asUpdate(created, { title: 'Renamed', description: 'Now', coverImageUrl: cover, productIds: [d, c, a] }),
      ),
    );
    expect(updated).toEqual({
      ...created,
      title: 'Renamed',
      description: 'Now',
      coverImageUrl: cover,
      productIds: [d, c, a],
      productCount: 3,
    });
    expect(dataOf<CollectionView>(await getOne(marketId, created.id))).toEqual(updated);
  });

  it('refuses another market’s product and leaves the collection as it was', async () => {
    const { marketId, products } = await shop(2);
    const theirs = await createProduct(
      app,
      other.token,
      productBody(other.market.id, other.category.id, other.imageUrl),
    );
    const created = await createCollection(app, owner.token, {
      marketId,
      coverImageUrl: owner.imageUrl,
      productIds: [products[0]],
    });
    const response = await updateRaw(
      asUpdate(created, { title: 'Should not stick', productIds: [products[1], theirs.id] }),
    );
    expect(response.statusCode).toBe(400);
    expect(fieldCodes(response)).toEqual({ productIds: 'invalidValue' });
    expect(dataOf<CollectionView>(await getOne(marketId, created.id))).toEqual(created);
  });

  it('validates like create', async () => {
    const { marketId } = await shop(0);
    const created = await createCollection(app, owner.token, { marketId, coverImageUrl: owner.imageUrl });
    const response = await updateRaw(asUpdate(created, { coverImageUrl: '' }));
    expect(errorOf(response).fields).toEqual({
      coverImageUrl: { code: 'coverImageRequired', message: 'Cover image is required' },
    });
    expect(dataOf<CollectionView>(await getOne(marketId, created.id))).toEqual(created);
  });

  it('an unknown collection, or another market’s named through one’s own market, is a 404', async () => {
    const theirs = await createCollection(app, other.token, {
      marketId: other.market.id,
      coverImageUrl: other.imageUrl,
    });
    const unknown = await updateRaw(asUpdate(theirs, { id: '00000000-0000-4000-8000-000000000000' }), other.token);
    expect(unknown.statusCode).toBe(404);
    const mixed = await updateRaw(asUpdate(theirs, { marketId: owner.market.id, title: 'Taken over' }));
    expect(mixed.statusCode).toBe(404);
    expect(errorOf(mixed)).toEqual({ code: 'NOT_FOUND', message: 'Not found' });
    expect(dataOf<CollectionView>(await getOne(other.market.id, theirs.id, other.token))).toEqual(theirs);
  });
});

describe('deleting collections', () => {
  it('removes the collection, not its products', async () => {
    const { marketId, products } = await shop(2);
    const created = await createCollection(app, owner.token, {
      marketId,
      coverImageUrl: owner.imageUrl,
      productIds: products,
    });
    expect(dataOf(await remove(marketId, created.id))).toEqual({ id: created.id, deleted: true });
    expect((await getOne(marketId, created.id)).statusCode).toBe(404);
    expect(await all(marketId)).toEqual([]);
    const left = dataOf<Page<ProductListItem>>(await call(app, owner.token, 'GET', `/api/Products/all/${marketId}`));
    expect(left.total).toBe(2);
    const again = await remove(marketId, created.id);
    expect(again.statusCode).toBe(404);
    expect(errorOf(again).code).toBe('NOT_FOUND');
    expect((await remove(marketId, 'nope')).statusCode).toBe(404);
  });

  it('another market’s collection can’t be deleted through one’s own market', async () => {
    const theirs = await createCollection(app, other.token, {
      marketId: other.market.id,
      coverImageUrl: other.imageUrl,
    });
    expect((await remove(owner.market.id, theirs.id)).statusCode).toBe(404);
    expect(dataOf<CollectionView>(await getOne(other.market.id, theirs.id, other.token))).toEqual(theirs);
  });
});

describe('what shoppers see', () => {
  it('only active collections, each with only its active products; a passive collection is a 404', async () => {
    const { marketId, products } = await shop(4, 2);
    const [active1, active2, passive1, passive2] = products as [string, string, string, string];
    const shown = await createCollection(app, owner.token, {
      marketId,
      title: 'Shown',
      coverImageUrl: owner.imageUrl,
      productIds: [passive1, active2, passive2, active1],
    });
    const hidden = await createCollection(app, owner.token, {
      marketId,
      title: 'Hidden',
      coverImageUrl: owner.imageUrl,
      status: 'passive',
      productIds: [active1],
    });
    // The owner sees all, newest first.
    expect((await all(marketId)).map((c) => [c.title, c.productIds, c.productCount])).toEqual([
      ['Hidden', [active1], 1],
      ['Shown', [passive1, active2, passive2, active1], 4],
    ]);
    for (const token of [null, other.token]) {
      expect((await all(marketId, token)).map((c) => [c.title, c.productIds, c.productCount])).toEqual([
        ['Shown', [active2, active1], 2],
      ]);
      expect(dataOf<CollectionView>(await getOne(marketId, shown.id, token))).toMatchObject({
        productIds: [active2, active1],
        productCount: 2,
      });
      const response = await getOne(marketId, hidden.id, token);
      expect(response.statusCode).toBe(404);
      expect(errorOf(response)).toEqual({ code: 'NOT_FOUND', message: 'Not found' });
    }
    expect(dataOf<CollectionView>(await getOne(marketId, hidden.id)).status).toBe('passive');
  });
});

describe('counts', () => {
  it('follow the products: deleting one takes it out of its collections', async () => {
    const { marketId, products } = await shop(3);
    const created = await createCollection(app, owner.token, {
      marketId,
      coverImageUrl: owner.imageUrl,
      productIds: products,
    });
    expect((await call(app, owner.token, 'DELETE', `/api/Products/${marketId}/${products[1]}`)).statusCode).toBe(200);
    expect(dataOf<CollectionView>(await getOne(marketId, created.id))).toMatchObject({
      productIds: [products[0], products[2]],
      productCount: 2,
    });
  });

  it('the product list filtered by a collection follows its membership at once, total included', async () => {
    const { marketId, products } = await shop(3);
    const created = await createCollection(app, owner.token, {
      marketId,
      coverImageUrl: owner.imageUrl,
      productIds: products,
    });
    // The owner's list and a shopper's (whose pages are cached by catalog version too).
    const inCollection = async () => {
      const seen = [];
      for (const token of [owner.token, null]) {
        const page = dataOf<Page<ProductListItem>>(
          await call(app, token, 'GET', `/api/Products/all/${marketId}?collectionId=${created.id}`),
        );
        seen.push([page.total, page.items.length]);
      }
      return seen;
    };
    expect(await inCollection()).toEqual([
      [3, 3],
      [3, 3],
    ]);
    dataOf(await updateRaw(asUpdate(created, { productIds: [products[0]] })));
    expect(await inCollection()).toEqual([
      [1, 1],
      [1, 1],
    ]);
    dataOf(await updateRaw(asUpdate(created, { productIds: products })));
    expect(await inCollection()).toEqual([
      [3, 3],
      [3, 3],
    ]);
    dataOf(await remove(marketId, created.id));
    expect(await inCollection()).toEqual([
      [0, 0],
      [0, 0],
    ]);
  });
});
