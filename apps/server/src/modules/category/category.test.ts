import type { CategoryView, ProductView } from '@shop/shared';
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
  call(app, token, 'POST', '/api/Category/create', payload);
const updateRaw = (payload: unknown, token: string | null = owner.token) =>
  call(app, token, 'PUT', '/api/Category/update', payload);
const getOne = (marketId: string, id: string, token: string | null = owner.token) =>
  call(app, token, 'GET', `/api/Category/${marketId}/${id}`);
const remove = (marketId: string, id: string, token: string | null = owner.token) =>
  call(app, token, 'DELETE', `/api/Category/${marketId}/${id}`);
async function all(marketId: string, token: string | null = owner.token) {
  return dataOf<CategoryView[]>(await call(app, token, 'GET', `/api/Category/all/${marketId}`));
}

/** A market of its own, so lists and counts hold only what the test made. */
async function freshMarket() {
  return (await createMarket(app, owner.token)).id;
}

function asUpdate(view: CategoryView, changes: Record<string, unknown> = {}) {
  return {
    id: view.id,
    marketId: view.marketId,
    name: view.name,
    ...(view.description === null ? {} : { description: view.description }),
    imageUrl: view.imageUrl,
    status: view.status,
    ...changes,
  };
}

describe('creating categories', () => {
  it('creates an active category with its fields, read back the same', async () => {
    const marketId = await freshMarket();
    const response = await createRaw({
      marketId,
      name: '  Qadın geyimləri ',
      description: ' Dresses and more ',
      imageUrl: owner.imageUrl,
    });
    const created = dataOf<CategoryView>(response, 201);
    expect(created).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      marketId,
      name: 'Qadın geyimləri',
      description: 'Dresses and more',
      imageUrl: owner.imageUrl,
      status: 'active',
      productCount: 0,
      createdAt: expect.any(String),
    });
    expect(dataOf<CategoryView>(await getOne(marketId, created.id))).toEqual(created);
    expect(await all(marketId)).toEqual([created]);
  });

  it.each([
    ['no name', { name: undefined }, { name: 'required' }, 'Fill in the inputs completely'],
    ['an empty name', { name: '' }, { name: 'required' }, 'Fill in the inputs completely'],
    ['a name of spaces', { name: '   ' }, { name: 'required' }, 'Fill in the inputs completely'],
    ['a numeric name', { name: 5 }, { name: 'required' }, 'Fill in the inputs completely'],
    ['a name over 100 characters', { name: 'x'.repeat(101) }, { name: 'tooLong' }, 'Too long'],
    ['an image from elsewhere', { imageUrl: 'https://x.example/a.png' }, { imageUrl: 'invalidValue' }, undefined],
    ['an unknown status', { status: 'hidden' }, { status: 'invalidValue' }, undefined],
    ['an unknown field', { position: 1 }, { position: 'unknownField' }, 'This field is not accepted'],
  ])('refuses %s', async (_, fields, expected, message) => {
    const marketId = await freshMarket();
    const response = await createRaw({ marketId, name: 'Shoes', ...fields });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).code).toBe('VALIDATION_FAILED');
    expect(fieldCodes(response)).toEqual(expected);
    if (message) expect(Object.values(errorOf(response).fields ?? {})[0]?.message).toBe(message);
    expect(await all(marketId)).toEqual([]);
  });

  it('a name is unique in a market whatever the case; other markets may use it', async () => {
    const marketId = await freshMarket();
    await createCategory(app, owner.token, marketId, { name: 'Çantalar' });
    const again = await createRaw({ marketId, name: ' ÇANTALAR ' });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toEqual({
      code: 'CATEGORY_NAME_TAKEN',
      message: 'A category with this name already exists',
      fields: { name: { code: 'CATEGORY_NAME_TAKEN', message: 'A category with this name already exists' } },
    });
    expect((await all(marketId)).map((c) => c.name)).toEqual(['Çantalar']);
    const elsewhere = await createCategory(app, other.token, other.market.id, { name: 'Çantalar' });
    expect(elsewhere.name).toBe('Çantalar');
  });

  it('needs a session, and the market must be the caller’s', async () => {
    const anonymous = await createRaw({ marketId: owner.market.id, name: 'Anon' }, null);
    expect(anonymous.statusCode).toBe(401);
    const stranger = await createRaw({ marketId: owner.market.id, name: 'Stranger' }, other.token);
    expect(stranger.statusCode).toBe(404);
    expect(errorOf(stranger)).toEqual({ code: 'NOT_FOUND', message: 'Not found' });
    expect((await all(owner.market.id)).map((c) => c.name)).not.toContain('Stranger');
  });
});

describe('updating categories', () => {
  it('changes every field', async () => {
    const marketId = await freshMarket();
    const created = await createCategory(app, owner.token, marketId, { name: 'Old', description: 'Before' });
    const response = await updateRaw(
      asUpdate(created, { name: 'New', description: 'After', imageUrl: owner.imageUrl, status: 'passive' }),
    );
    const updated = dataOf<CategoryView>(response);
    expect(updated).toEqual({
      ...created,
      name: 'New',
      description: 'After',
      imageUrl: owner.imageUrl,
      status: 'passive',
    });
    expect(dataOf<CategoryView>(await getOne(marketId, created.id))).toEqual(updated);
  });

  it('may keep its own name in another case, but not take another category’s', async () => {
    const marketId = await freshMarket();
    const a = await createCategory(app, owner.token, marketId, { name: 'Bags' });
    const b = await createCategory(app, owner.token, marketId, { name: 'Belts' });
    expect(dataOf<CategoryView>(await updateRaw(asUpdate(a, { name: 'BAGS' }))).name).toBe('BAGS');
    const taken = await updateRaw(asUpdate(b, { name: 'bags', description: 'changed' }));
    expect(taken.statusCode).toBe(409);
    expect(fieldCodes(taken)).toEqual({ name: 'CATEGORY_NAME_TAKEN' });
    expect(dataOf<CategoryView>(await getOne(marketId, b.id))).toEqual(b);
  });

  it('validates like create', async () => {
    const marketId = await freshMarket();
    const created = await createCategory(app, owner.token, marketId);
    const response = await updateRaw(asUpdate(created, { name: ' ' }));
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).fields?.name).toEqual({ code: 'required', message: 'Fill in the inputs completely' });
    expect(fieldCodes(await updateRaw(asUpdate(created, { id: 'x' })))).toEqual({ id: 'invalidValue' });
    expect(dataOf<CategoryView>(await getOne(marketId, created.id))).toEqual(created);
  });

  it('an unknown category, or another market’s named through one’s own market, is a 404', async () => {
    const theirs = await createCategory(app, other.token, other.market.id);
    const unknown = await updateRaw(asUpdate(theirs, { id: '00000000-0000-4000-8000-000000000000', name: 'X' }));
    expect(unknown.statusCode).toBe(404);
    const mixed = await updateRaw(asUpdate(theirs, { marketId: owner.market.id, name: 'Taken over' }));
    expect(mixed.statusCode).toBe(404);
    expect(errorOf(mixed)).toEqual({ code: 'NOT_FOUND', message: 'Not found' });
    expect(dataOf<CategoryView>(await getOne(other.market.id, theirs.id, other.token))).toEqual(theirs);
  });
});

describe('deleting categories', () => {
  it('removes an unused category', async () => {
    const marketId = await freshMarket();
    const created = await createCategory(app, owner.token, marketId);
    expect(dataOf(await remove(marketId, created.id))).toEqual({ id: created.id, deleted: true });
    expect((await getOne(marketId, created.id)).statusCode).toBe(404);
    expect(await all(marketId)).toEqual([]);
    const again = await remove(marketId, created.id);
    expect(again.statusCode).toBe(404);
    expect(errorOf(again).code).toBe('NOT_FOUND');
    expect((await remove(marketId, 'not-an-id')).statusCode).toBe(404);
  });

  it('refuses while products use it (passive ones too), and allows it once they moved', async () => {
    const marketId = await freshMarket();
    const used = await createCategory(app, owner.token, marketId, { name: 'Used' });
    const spare = await createCategory(app, owner.token, marketId, { name: 'Spare' });
    const product = await createProduct(
      app,
      owner.token,
      productBody(marketId, used.id, owner.imageUrl, { status: 'passive' }),
    );
    const refused = await remove(marketId, used.id);
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused)).toEqual({
      code: 'CATEGORY_IN_USE',
      message: 'This category still has products. Move them to another category first',
    });
    expect(dataOf<CategoryView>(await getOne(marketId, used.id)).productCount).toBe(1);

    const moved = await call(app, owner.token, 'PUT', '/api/Products/update', {
      id: product.id,
      marketId,
      title: product.title,
      description: product.description,
      categoryId: spare.id,
      images: product.images,
      price: product.price,
      stock: product.stock,
      status: product.status,
    });
    expect(dataOf<ProductView>(moved).categoryId).toBe(spare.id);
    expect(dataOf(await remove(marketId, used.id))).toEqual({ id: used.id, deleted: true });
    expect((await all(marketId)).map((c) => [c.name, c.productCount])).toEqual([['Spare', 1]]);
  });

  it('another market’s category can’t be deleted through one’s own market', async () => {
    const theirs = await createCategory(app, other.token, other.market.id);
    expect((await remove(owner.market.id, theirs.id)).statusCode).toBe(404);
    expect(dataOf<CategoryView>(await getOne(other.market.id, theirs.id, other.token))).toEqual(theirs);
  });
});

describe('reading categories', () => {
  let marketId: string;
  let shoes: CategoryView;
  let bags: CategoryView;
  let hidden: CategoryView;

  beforeAll(async () => {
    marketId = await freshMarket();
    shoes = await createCategory(app, owner.token, marketId, { name: 'shoes' });
    bags = await createCategory(app, owner.token, marketId, { name: 'Bags' });
    hidden = await createCategory(app, owner.token, marketId, { name: 'Archive', status: 'passive' });
    const make = (categoryId: string, status: string) =>
      createProduct(app, owner.token, productBody(marketId, categoryId, owner.imageUrl, { status }));
    await make(shoes.id, 'active');
    await make(shoes.id, 'active');
    await make(shoes.id, 'passive');
    await make(bags.id, 'passive');
    await make(hidden.id, 'active');
  });

  it('the owner sees every category by name, with counts of all their products', async () => {
    expect((await all(marketId)).map((c) => [c.name, c.status, c.productCount])).toEqual([
      ['Archive', 'passive', 1],
      ['Bags', 'active', 1],
      ['shoes', 'active', 3],
    ]);
    expect(dataOf<CategoryView>(await getOne(marketId, hidden.id))).toMatchObject({ status: 'passive' });
  });

  it('shoppers and other merchants see active categories, counting active products only', async () => {
    const anonymous = await all(marketId, null);
    expect(anonymous.map((c) => [c.name, c.productCount])).toEqual([
      ['Bags', 0],
      ['shoes', 2],
    ]);
    expect(await all(marketId, other.token)).toEqual(anonymous);
    expect(dataOf<CategoryView>(await getOne(marketId, shoes.id, null)).productCount).toBe(2);
    for (const token of [null, other.token]) {
      const response = await getOne(marketId, hidden.id, token);
      expect(response.statusCode).toBe(404);
      expect(errorOf(response)).toEqual({ code: 'NOT_FOUND', message: 'Not found' });
    }
  });

  it('counts follow the products', async () => {
    const product = await createProduct(app, owner.token, productBody(marketId, bags.id, owner.imageUrl));
    expect(dataOf<CategoryView>(await getOne(marketId, bags.id)).productCount).toBe(2);
    expect(dataOf<CategoryView>(await getOne(marketId, bags.id, null)).productCount).toBe(1);
    expect((await call(app, owner.token, 'DELETE', `/api/Products/${marketId}/${product.id}`)).statusCode).toBe(200);
    expect(dataOf<CategoryView>(await getOne(marketId, bags.id)).productCount).toBe(1);
  });

  it('a category is only found through its own market; unknown ones are 404', async () => {
    expect((await getOne(other.market.id, shoes.id, other.token)).statusCode).toBe(404);
    expect((await getOne(marketId, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await getOne(marketId, 'shoes')).statusCode).toBe(404);
    expect((await call(app, null, 'GET', '/api/Category/all/00000000-0000-4000-8000-000000000000')).statusCode).toBe(
      404,
    );
  });
});
