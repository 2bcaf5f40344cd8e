import type { Basket, ProductView } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addToBasket,
  call,
  catalogOwner,
  createProduct,
  createTestApp,
  dataOf,
  errorOf,
  fieldCodes,
  productBody,
  shop,
  type TestApp,
  visitor,
} from '../../testing/app.js';

let t: TestApp;
let owner: Awaited<ReturnType<typeof catalogOwner>>;
let other: Awaited<ReturnType<typeof catalogOwner>>;

beforeAll(async () => {
  t = await createTestApp();
  owner = await catalogOwner(t.app);
  other = await catalogOwner(t.app);
});
afterAll(async () => {
  await t?.close();
});

/** A product of the main merchant's market; `fields` override the defaults (stock 10, 19.99 AZN). */
async function product(fields: Record<string, unknown> = {}) {
  const body = productBody(owner.market.id, owner.category.id, owner.imageUrl, fields);
  return { ...(await createProduct(t.app, owner.token, body)), body };
}

const basketOf = async (uniqueCode: string, marketId = owner.market.id) =>
  dataOf<Basket>(await shop(t.app, 'GET', `/api/Basket/get-or-create/${marketId}/${uniqueCode}`));

const add = (uniqueCode: string, productId: string, fields: Record<string, unknown> = {}) =>
  addToBasket(t.app, owner.market.id, uniqueCode, productId, fields);

describe('GET /Basket/get-or-create/{marketId}/{uniqueCode}', () => {
  it('gives a visitor the same empty basket on every visit, and another visitor another one', async () => {
    const me = visitor();
    const first = await basketOf(me);
    expect(first).toMatchObject({
      marketId: owner.market.id,
      uniqueCode: me,
      items: [],
      itemCount: 0,
      subtotal: 0,
      currency: 'AZN',
    });
    expect((await basketOf(me)).id).toBe(first.id);
    const someoneElse = await basketOf(visitor());
    expect(someoneElse.id).not.toBe(first.id);
    // The same visitor in another store has a basket of that store.
    const elsewhere = await basketOf(me, other.market.id);
    expect(elsewhere.id).not.toBe(first.id);
    expect(elsewhere.marketId).toBe(other.market.id);
  });

  it('keeps what was added across visits', async () => {
    const me = visitor();
    const item = await product({ price: 1200 });
    dataOf(await add(me, item.id, { quantity: 2 }));
    expect(await basketOf(me)).toMatchObject({ itemCount: 2, subtotal: 2400 });
  });

  it('answers 404 for a store that does not exist', async () => {
    for (const marketId of ['8f1c3a55-1d2e-4c7b-9a0e-3b5f6d7e8f90', 'not-a-store']) {
      const response = await shop(t.app, 'GET', `/api/Basket/get-or-create/${marketId}/${visitor()}`);
      expect(response.statusCode).toBe(404);
      expect(errorOf(response).code).toBe('NOT_FOUND');
    }
  });

  it('answers "Invalid session or store" for a malformed visitor id, in the shopper’s language', async () => {
    for (const uniqueCode of ['null', 'short', 'has%20space', 'semi;colon', 'ünicode-visitor']) {
      const response = await shop(t.app, 'GET', `/api/Basket/get-or-create/${owner.market.id}/${uniqueCode}`);
      expect(response.statusCode, uniqueCode).toBe(400);
      expect(errorOf(response)).toMatchObject({
        code: 'INVALID_SESSION_OR_STORE',
        message: 'Invalid session or store',
      });
    }
    const az = await shop(t.app, 'GET', `/api/Basket/get-or-create/${owner.market.id}/null`, undefined, 'az');
    expect(az.statusCode).toBe(400);
    expect(errorOf(az)).toMatchObject({
      code: 'INVALID_SESSION_OR_STORE',
      message: 'Sessiya və ya mağaza yanlışdır',
    });
  });
});

describe('POST /Basket/add-product', () => {
  it('refuses quantities that are not a whole number from 1 to 999, at the quantity field', async () => {
    const item = await product({ stock: 5000 });
    const me = visitor();
    for (const quantity of [0, -1, 1.5, 1000, '2', null]) {
      const response = await add(me, item.id, { quantity });
      expect(response.statusCode, String(quantity)).toBe(400);
      expect(errorOf(response).code).toBe('VALIDATION_FAILED');
      expect(fieldCodes(response)).toEqual({ quantity: 'invalidQuantity' });
      expect(errorOf(response).fields?.quantity?.message).toBe('Quantity must be a whole number from 1');
    }
    const az = await addToBasket(t.app, owner.market.id, me, item.id, { quantity: 0 }, 'az');
    expect(errorOf(az).fields?.quantity?.message).toBe('Miqdar 1-dən başlayan tam ədəd olmalıdır');
    // Adding up past 999 on one line is refused the same way, and nothing changes.
    dataOf(await add(me, item.id, { quantity: 999 }));
    const over = await add(me, item.id, { quantity: 1 });
    expect(over.statusCode).toBe(400);
    expect(fieldCodes(over)).toEqual({ quantity: 'invalidQuantity' });
    expect((await basketOf(me)).items[0]?.quantity).toBe(999);
  });

  it('adds one unit when no quantity is given', async () => {
    const item = await product({ price: 700 });
    const basket = dataOf<Basket>(await add(visitor(), item.id));
    expect(basket.items).toMatchObject([{ productId: item.id, quantity: 1, unitPrice: 700, lineTotal: 700 }]);
  });

  it('answers "Invalid session, market, or product" for a passive product, another store’s and an unknown one', async () => {
    const passive = await product({ status: 'passive' });
    const foreign = await createProduct(
      t.app,
      other.token,
      productBody(other.market.id, other.category.id, other.imageUrl),
    );
    const me = visitor();
    for (const productId of [passive.id, foreign.id, '8f1c3a55-1d2e-4c7b-9a0e-3b5f6d7e8f90']) {
      const response = await add(me, productId);
      expect(response.statusCode).toBe(400);
      expect(errorOf(response)).toEqual({
        code: 'INVALID_SESSION_MARKET_PRODUCT',
        message: 'Invalid session, market, or product',
      });
    }
    expect((await basketOf(me)).items).toEqual([]);
    // The foreign product is sold in its own store.
    dataOf(await addToBasket(t.app, other.market.id, me, foreign.id));
  });

  it('without a visitor id, or naming no store or product, says "Invalid session, market, or product" (SPEC §8)', async () => {
    const item = await product();
    const refused = [
      await shop(t.app, 'POST', '/api/Basket/add-product', { marketId: owner.market.id, productId: item.id }),
      await addToBasket(t.app, owner.market.id, 'null', item.id),
      await addToBasket(t.app, 'x', visitor(), item.id),
      await addToBasket(t.app, '8f1c3a55-1d2e-4c7b-9a0e-3b5f6d7e8f90', visitor(), item.id),
      await addToBasket(t.app, owner.market.id, visitor(), 'not-a-product'),
      await addToBasket(t.app, owner.market.id, visitor(), item.id, { variantId: 'x' }),
      await shop(t.app, 'POST', '/api/Basket/add-product', null),
    ];
    for (const response of refused) {
      expect(response.statusCode, response.body).toBe(400);
      expect(errorOf(response).code).toBe('INVALID_SESSION_MARKET_PRODUCT');
    }
    // In the shopper's language.
    const az = await addToBasket(t.app, owner.market.id, 'null', item.id, {}, 'az');
    expect(errorOf(az).message).toBe('Sessiya, mağaza və ya məhsul yanlışdır');
    const ru = await addToBasket(t.app, owner.market.id, visitor(), '8f1c3a55-1d2e-4c7b-9a0e-3b5f6d7e8f90', {}, 'ru');
    expect(errorOf(ru).message).toBe('Неверная сессия, магазин или товар');
    // A quantity out of range is still the quantity's own error.
    const quantity = await addToBasket(t.app, owner.market.id, visitor(), item.id, { quantity: 0 });
    expect(fieldCodes(quantity)).toEqual({ quantity: 'invalidQuantity' });
  });

  describe('a product with variants', () => {
    let shirt: ProductView;
    beforeAll(async () => {
      shirt = await product({
        title: 'Shirt',
        options: [{ name: 'Size', values: ['S', 'M'] }],
        variants: [
          { options: ['S'], price: 1500, stock: 2 },
          { options: ['M'], price: 1600, compareAtPrice: 2000, stock: 0 },
        ],
      });
    });

    it('needs the variant chosen', async () => {
      const response = await add(visitor(), shirt.id);
      expect(response.statusCode).toBe(400);
      expect(fieldCodes(response)).toEqual({ variantId: 'required' });
    });

    it('adds the chosen variant at its own price and title', async () => {
      const small = shirt.variants.find((v) => v.options[0] === 'S')!;
      const basket = dataOf<Basket>(await add(visitor(), shirt.id, { variantId: small.id, quantity: 2 }));
      expect(basket.items).toMatchObject([
        { productId: shirt.id, variantId: small.id, title: 'Shirt', variantTitle: 'S', unitPrice: 1500, quantity: 2 },
      ]);
      expect(basket.subtotal).toBe(3000);
    });

    it('refuses a variant of another product as an invalid product, and OUT_OF_STOCK for a sold-out one', async () => {
      const plain = await product();
      const otherShirt = await product({
        options: [{ name: 'Size', values: ['L'] }],
        variants: [{ options: ['L'], price: 1500, stock: 3 }],
      });
      const me = visitor();
      const foreignVariant = await add(me, shirt.id, { variantId: otherShirt.variants[0]!.id });
      expect(foreignVariant.statusCode).toBe(400);
      expect(errorOf(foreignVariant).code).toBe('INVALID_SESSION_MARKET_PRODUCT');
      // A variant id on a product without variants is not a thing either.
      const onPlain = await add(me, plain.id, { variantId: shirt.variants[0]!.id });
      expect(onPlain.statusCode).toBe(400);
      expect(errorOf(onPlain).code).toBe('INVALID_SESSION_MARKET_PRODUCT');
      const medium = shirt.variants.find((v) => v.options[0] === 'M')!;
      const soldOut = await add(me, shirt.id, { variantId: medium.id });
      expect(soldOut.statusCode).toBe(409);
      expect(errorOf(soldOut).code).toBe('OUT_OF_STOCK');
      expect((await basketOf(me)).items).toEqual([]);
    });
  });

  it('refuses more than the stock that is available, and adding twice adds up to it', async () => {
    const item = await product({ stock: 3 });
    const me = visitor();
    const tooMany = await add(me, item.id, { quantity: 4 });
    expect(tooMany.statusCode).toBe(409);
    expect(errorOf(tooMany)).toMatchObject({ code: 'OUT_OF_STOCK', message: 'Not enough in stock for some items' });
    expect((await basketOf(me)).items).toEqual([]);

    dataOf(await add(me, item.id, { quantity: 2 }));
    const basket = dataOf<Basket>(await add(me, item.id, { quantity: 1 }));
    expect(basket.items).toHaveLength(1);
    expect(basket.items[0]).toMatchObject({ quantity: 3, available: 3 });
    expect(basket.itemCount).toBe(3);
    const fourth = await add(me, item.id);
    expect(fourth.statusCode).toBe(409);
    expect(errorOf(fourth).code).toBe('OUT_OF_STOCK');
    expect((await basketOf(me)).items[0]?.quantity).toBe(3);
  });

  it('does not limit a product sold when out of stock, nor one whose stock is not tracked', async () => {
    const keepsSelling = await product({ stock: 0, continueSelling: true });
    const untracked = await product({ stock: 0, trackQuantity: false });
    const me = visitor();
    dataOf(await add(me, keepsSelling.id, { quantity: 50 }));
    const basket = dataOf<Basket>(await add(me, untracked.id, { quantity: 7 }));
    expect(basket.items.map((i) => [i.productId, i.quantity, i.available])).toEqual([
      [keepsSelling.id, 50, null],
      [untracked.id, 7, null],
    ]);
  });

  it('shows the live price: when the merchant changes it, the basket shows the new one', async () => {
    const item = await product({ price: 1000 });
    const me = visitor();
    dataOf(await add(me, item.id, { quantity: 3 }));
    expect(await basketOf(me)).toMatchObject({ subtotal: 3000 });
    dataOf(await call(t.app, owner.token, 'PUT', '/api/Products/update', { id: item.id, ...item.body, price: 1250 }));
    const basket = await basketOf(me);
    expect(basket.items[0]).toMatchObject({ unitPrice: 1250, lineTotal: 3750 });
    expect(basket.subtotal).toBe(3750);
  });

  it('leaves out a line whose product went passive', async () => {
    const item = await product();
    const me = visitor();
    dataOf(await add(me, item.id));
    dataOf(
      await call(t.app, owner.token, 'PUT', '/api/Products/update', { id: item.id, ...item.body, status: 'passive' }),
    );
    expect(await basketOf(me)).toMatchObject({ items: [], itemCount: 0, subtotal: 0 });
  });

  it('does not accept a price or any other field from the browser', async () => {
    const item = await product({ price: 1000 });
    const me = visitor();
    const response = await add(me, item.id, { price: 1, unitPrice: 1 });
    expect(response.statusCode).toBe(400);
    expect(fieldCodes(response)).toEqual({ price: 'unknownField', unitPrice: 'unknownField' });
    expect((await basketOf(me)).items).toEqual([]);
  });
});

describe('PUT /Basket/update-quantity', () => {
  it('sets the line’s quantity within the available stock', async () => {
    const item = await product({ stock: 4, price: 500 });
    const me = visitor();
    const line = dataOf<Basket>(await add(me, item.id)).items[0]!;
    const update = (quantity: unknown, uniqueCode = me) =>
      shop(t.app, 'PUT', '/api/Basket/update-quantity', {
        marketId: owner.market.id,
        uniqueCode,
        basketItemId: line.id,
        quantity,
      });

    expect(dataOf<Basket>(await update(4))).toMatchObject({ itemCount: 4, subtotal: 2000 });
    expect(dataOf<Basket>(await update(2))).toMatchObject({ itemCount: 2, subtotal: 1000 });

    const tooMany = await update(5);
    expect(tooMany.statusCode).toBe(409);
    expect(errorOf(tooMany).code).toBe('OUT_OF_STOCK');
    for (const bad of [0, -3, 2.5, 1000]) {
      const response = await update(bad);
      expect(response.statusCode).toBe(400);
      expect(fieldCodes(response)).toEqual({ quantity: 'invalidQuantity' });
    }
    // Another visitor can't change it.
    const stranger = await update(1, visitor());
    expect(stranger.statusCode).toBe(404);
    expect((await basketOf(me)).items[0]?.quantity).toBe(2);
  });
});

describe('DELETE /Basket/{basketItemId}/{marketId}/{uniqueCode}', () => {
  it('removes the visitor’s own line', async () => {
    const a = await product();
    const b = await product();
    const me = visitor();
    dataOf(await add(me, a.id));
    const line = dataOf<Basket>(await add(me, b.id)).items.find((i) => i.productId === b.id)!;
    const after = dataOf<Basket>(await shop(t.app, 'DELETE', `/api/Basket/${line.id}/${owner.market.id}/${me}`));
    expect(after.items.map((i) => i.productId)).toEqual([a.id]);
    // Removing it again: it is gone.
    const again = await shop(t.app, 'DELETE', `/api/Basket/${line.id}/${owner.market.id}/${me}`);
    expect(again.statusCode).toBe(404);
  });

  it('answers 404 for another visitor’s line, which stays in its basket', async () => {
    const item = await product();
    const me = visitor();
    const stranger = visitor();
    const line = dataOf<Basket>(await add(me, item.id, { quantity: 2 })).items[0]!;
    await basketOf(stranger);
    for (const uniqueCode of [stranger, visitor()]) {
      const response = await shop(t.app, 'DELETE', `/api/Basket/${line.id}/${owner.market.id}/${uniqueCode}`);
      expect(response.statusCode).toBe(404);
      expect(errorOf(response).code).toBe('NOT_FOUND');
    }
    // Through another store's path it isn't found either.
    const viaOtherStore = await shop(t.app, 'DELETE', `/api/Basket/${line.id}/${other.market.id}/${me}`);
    expect(viaOtherStore.statusCode).toBe(404);
    expect((await basketOf(me)).items).toMatchObject([{ id: line.id, quantity: 2 }]);
  });

  it('answers "Invalid session or store" for a malformed visitor id', async () => {
    const response = await shop(
      t.app,
      'DELETE',
      `/api/Basket/8f1c3a55-1d2e-4c7b-9a0e-3b5f6d7e8f90/${owner.market.id}/null`,
    );
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).code).toBe('INVALID_SESSION_OR_STORE');
  });
});

describe('GET /Basket/{id}', () => {
  it('shows the basket to its visitor and answers 404 for a wrong visitor id or an unknown basket', async () => {
    const item = await product({ price: 900 });
    const me = visitor();
    const basket = dataOf<Basket>(await add(me, item.id));
    expect(dataOf<Basket>(await shop(t.app, 'GET', `/api/Basket/${basket.id}?uniqueCode=${me}`))).toMatchObject({
      id: basket.id,
      subtotal: 900,
    });
    for (const url of [
      `/api/Basket/${basket.id}?uniqueCode=${visitor()}`,
      `/api/Basket/${basket.id}?uniqueCode=null`,
      `/api/Basket/8f1c3a55-1d2e-4c7b-9a0e-3b5f6d7e8f90?uniqueCode=${me}`,
      `/api/Basket/not-a-basket?uniqueCode=${me}`,
    ]) {
      const response = await shop(t.app, 'GET', url);
      expect(response.statusCode, url).toBe(404);
      expect(errorOf(response).code).toBe('NOT_FOUND');
    }
  });
});
