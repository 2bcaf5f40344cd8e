import { type Checkout, type InventoryRow, type Page, type ProductView, SANDBOX_CARDS } from '@shop/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addToBasket,
  call,
  catalogOwner,
  confirmedCheckout,
  createProduct,
  createTariff,
  createTestApp,
  dataOf,
  errorOf,
  orderStatus,
  placeOrder,
  productBody,
  query,
  startPayment,
  stockOf,
  submitSandboxPage,
  type TestApp,
  visitor,
} from '../../testing/app.js';

/**
 * Units held by checkouts (issue 11): a payment sells the units set aside for it without
 * counting again, so on hand must never fall below what checkouts hold — the merchant sees on
 * hand, held and available, an edit below the held units is refused with how many and for how
 * long, and the merchant can give the held units back on purpose.
 */

let t: TestApp;
let owner: Awaited<ReturnType<typeof catalogOwner>>;
let tariff: { id: string };

beforeAll(async () => {
  t = await createTestApp();
  owner = await catalogOwner(t.app);
  tariff = await createTariff(t.app, owner.token, owner.market.id, { price: 500 });
});
afterAll(async () => {
  await t?.close();
});

const marketId = () => owner.market.id;

async function product(fields: Record<string, unknown>) {
  return createProduct(t.app, owner.token, productBody(marketId(), owner.category.id, owner.imageUrl, fields));
}

/** A shopper who put `quantity` of the product (or variant) in the cart and reached the card page. */
async function atCardPage(productId: string, fields: Record<string, unknown> = {}) {
  const v = visitor();
  dataOf(await addToBasket(t.app, marketId(), v, productId, fields));
  const order = await placeOrder(t.app, await confirmedCheckout(t.app, marketId(), v, tariff.id), v);
  return { v, order, ...(await startPayment(t.app, order.id, v)) };
}

async function pay(shopper: { v: string; order: Checkout; redirectUrl: string }) {
  const landed = await submitSandboxPage(t.app, shopper.redirectUrl, SANDBOX_CARDS.approve);
  expect(landed.statusCode).toBe(303);
  return orderStatus(t.app, shopper.order.id, shopper.v);
}

async function inventoryRow(productId: string, variantId: string | null = null) {
  const page = dataOf<Page<InventoryRow>>(
    await call(t.app, owner.token, 'GET', `/api/Inventory/${marketId()}?pageSize=100`),
  );
  const row = page.items.find((r) => r.productId === productId && r.variantId === variantId);
  if (!row) throw new Error('no inventory row');
  return row;
}

const adjust = (productId: string, delta: number, language = 'en', variantId?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/Inventory/adjust',
    headers: { 'accept-language': language, authorization: `Bearer ${owner.token}` },
    payload: { marketId: marketId(), productId, variantId, delta, reason: 'damaged' },
  });

const update = (view: ProductView, fields: Record<string, unknown>) =>
  call(t.app, owner.token, 'PUT', '/api/Products/update', {
    ...productBody(marketId(), owner.category.id, owner.imageUrl, {
      title: view.title,
      price: view.price,
      stock: view.stock,
      trackQuantity: view.trackQuantity,
      continueSelling: view.continueSelling,
      options: view.options,
      variants: view.variants.map((v) => ({ id: v.id, options: v.options, price: v.price, stock: v.stock })),
    }),
    id: view.id,
    ...fields,
  });

const ownerView = async (id: string) =>
  dataOf<ProductView>(await call(t.app, owner.token, 'GET', `/api/Products/${marketId()}/${id}`));

describe('units held by checkouts', () => {
  it('5 units, 5 shoppers at the card page, the merchant lowers stock by 3: refused, all 5 pay, stock 0', async () => {
    const item = await product({ title: 'Held five', stock: 5 });
    const shoppers = [];
    for (let i = 0; i < 5; i++) shoppers.push(await atCardPage(item.id));

    // The merchant sees what is on hand, what checkouts hold and what can still be sold.
    const row = await inventoryRow(item.id);
    expect(row).toMatchObject({ stock: 5, held: 5, available: 0, level: 'out' });
    const until = Date.parse(row.heldUntil ?? '');
    expect(until).toBeGreaterThan(Date.now() + 13 * 60_000);
    expect(until).toBeLessThanOrEqual(Date.now() + 15 * 60_000 + 5_000);
    expect(await ownerView(item.id)).toMatchObject({ stock: 5, held: 5 });
    // Shoppers learn nothing of the counts.
    const publicView = dataOf<ProductView>(
      await t.app.inject({ method: 'GET', url: `/api/Products/${marketId()}/${item.id}` }),
    );
    expect(publicView.held).toBe(0);

    // Lowering by 3 through the inventory screen: refused with how many and for how long.
    const lowered = await adjust(item.id, -3);
    expect(lowered.statusCode).toBe(409);
    const error = errorOf(lowered) as ReturnType<typeof errorOf> & { params?: Record<string, number> };
    expect(error.code).toBe('STOCK_HELD');
    expect(error.params).toEqual({ held: 5, minutes: 15 });
    expect(error.message).toBe(
      'Checkouts hold 5 of these units for up to 15 min more, so on hand can not go below 5. Wait for the holds to end or release them',
    );
    const inAzerbaijani = errorOf(await adjust(item.id, -3, 'az'));
    expect(inAzerbaijani.message).toContain('5 ədəd');
    expect(inAzerbaijani.message).toContain('15 dəq');
    const inRussian = errorOf(await adjust(item.id, -1, 'ru'));
    expect(inRussian.message).toContain('5 шт.');

    // … and through the product form: the stock field says it.
    const edited = await update(await ownerView(item.id), { stock: 2 });
    expect(edited.statusCode).toBe(409);
    expect(errorOf(edited).fields?.stock?.code).toBe('STOCK_HELD');
    expect(errorOf(edited).fields?.stock?.message).toContain('hold 5 of these units');
    expect(await stockOf(t.ctx, item.id)).toEqual({ stock: 5, reserved: 5 });

    // Everyone pays: nothing sold that was not there.
    for (const shopper of shoppers) expect((await pay(shopper)).paymentStatus).toBe('paid');
    expect(await stockOf(t.ctx, item.id)).toEqual({ stock: 0, reserved: 0 });
    expect(await inventoryRow(item.id)).toMatchObject({ stock: 0, held: 0, heldUntil: null, available: 0 });
  });

  it('on hand may go down to what is held, and up at any time', async () => {
    const item = await product({ title: 'Down to held', stock: 6 });
    await atCardPage(item.id, { quantity: 2 });
    expect(dataOf<{ stock: number }>(await adjust(item.id, -4)).stock).toBe(2);
    expect(errorOf(await adjust(item.id, -1)).code).toBe('STOCK_HELD');
    expect(dataOf<{ stock: number }>(await adjust(item.id, 3)).stock).toBe(5);
    expect((await inventoryRow(item.id)).available).toBe(3);
    expect(dataOf<ProductView>(await update(await ownerView(item.id), { stock: 2 })).stock).toBe(2);
  });

  it('a variant below its held units, and "continue selling" turned off under them, are refused', async () => {
    const shirt = await product({
      title: 'Held shirt',
      options: [{ name: 'Size', values: ['S', 'M'] }],
      variants: [
        { options: ['S'], price: 1000, stock: 3 },
        { options: ['M'], price: 1000, stock: 3 },
      ],
    });
    const [small, medium] = shirt.variants as [ProductView['variants'][0], ProductView['variants'][0]];
    await atCardPage(shirt.id, { variantId: medium.id, quantity: 2 });
    expect(await inventoryRow(shirt.id, medium.id)).toMatchObject({ stock: 3, held: 2, available: 1 });
    expect((await ownerView(shirt.id)).variants.map((v) => v.held)).toEqual([0, 2]);

    const view = await ownerView(shirt.id);
    const edited = await update(view, {
      variants: [
        { id: small.id, options: ['S'], price: 1000, stock: 0 },
        { id: medium.id, options: ['M'], price: 1000, stock: 1 },
      ],
    });
    expect(edited.statusCode).toBe(409);
    expect(Object.keys(errorOf(edited).fields ?? {})).toEqual(['variants.1.stock']);
    // Two units short at once: each field names its own held units.
    await atCardPage(shirt.id, { variantId: small.id });
    const bothShort = await update(await ownerView(shirt.id), {
      variants: [
        { id: small.id, options: ['S'], price: 1000, stock: 0 },
        { id: medium.id, options: ['M'], price: 1000, stock: 0 },
      ],
    });
    const fields = errorOf(bothShort).fields ?? {};
    expect(fields['variants.0.stock']?.message).toContain('hold 1 of these units');
    expect(fields['variants.1.stock']?.message).toContain('hold 2 of these units');
    const released = await call(t.app, owner.token, 'POST', '/api/Inventory/release-holds', {
      marketId: marketId(),
      productId: shirt.id,
      variantId: small.id,
    });
    expect(dataOf(released)).toEqual({ checkouts: 1, units: 1 });
    expect(errorOf(await adjust(shirt.id, -2, 'en', medium.id)).code).toBe('STOCK_HELD');
    expect(dataOf<{ stock: number }>(await adjust(shirt.id, -3, 'en', small.id)).stock).toBe(0);

    // Sold when out of stock: held units may exceed on hand — until that is turned off.
    const preorder = await product({ title: 'Preorder', stock: 0, continueSelling: true });
    await atCardPage(preorder.id, { quantity: 2 });
    const turnedOff = await update(await ownerView(preorder.id), { continueSelling: false });
    expect(turnedOff.statusCode).toBe(409);
    expect(errorOf(turnedOff).fields?.stock?.code).toBe('STOCK_HELD');
    expect(
      dataOf<ProductView>(await update(await ownerView(preorder.id), { stock: 2, continueSelling: false })),
    ).toMatchObject({ stock: 2, continueSelling: false });
  });

  it('the merchant releases the held units: shoppers who pay after that buy only what is left', async () => {
    const item = await product({ title: 'Released', stock: 4 });
    const shoppers = [];
    for (let i = 0; i < 4; i++) shoppers.push(await atCardPage(item.id));
    const other = await product({ title: 'Bought beside', stock: 10 });
    const both = await atCardPage(other.id);
    // The same checkout holds one of each of two products: releasing one releases the checkout.
    dataOf(await addToBasket(t.app, marketId(), shoppers[0]!.v, other.id));

    const released = await call(t.app, owner.token, 'POST', '/api/Inventory/release-holds', {
      marketId: marketId(),
      productId: item.id,
    });
    expect(dataOf(released)).toEqual({ checkouts: 4, units: 4 });
    expect(await stockOf(t.ctx, item.id)).toEqual({ stock: 4, reserved: 0 });
    // The other product's checkout holds on.
    expect(await stockOf(t.ctx, other.id)).toEqual({ stock: 10, reserved: 1 });
    expect(dataOf<{ stock: number }>(await adjust(item.id, -3)).stock).toBe(1);

    const results = [];
    for (const shopper of shoppers) results.push(await pay(shopper));
    expect(results.map((r) => r.paymentStatus)).toEqual(['paid', 'canceled', 'canceled', 'canceled']);
    expect(await stockOf(t.ctx, item.id)).toEqual({ stock: 0, reserved: 0 });
    const returned = await query<{ status: string }>(
      t.ctx,
      sql`select p.status from payments p join orders o on o.id = p.order_id
        where o.id = any(${sql.param(shoppers.slice(1).map((s) => s.order.id))}::uuid[])`,
    );
    expect(returned.map((p) => p.status)).toEqual(['reversed', 'reversed', 'reversed']);
    expect((await pay(both)).paymentStatus).toBe('paid');

    // Nothing held: releasing answers nothing released; another store's product is not found.
    expect(
      dataOf(
        await call(t.app, owner.token, 'POST', '/api/Inventory/release-holds', {
          marketId: marketId(),
          productId: item.id,
        }),
      ),
    ).toEqual({ checkouts: 0, units: 0 });
    const stranger = await catalogOwner(t.app);
    const theirs = await createProduct(
      t.app,
      stranger.token,
      productBody(stranger.market.id, stranger.category.id, stranger.imageUrl),
    );
    const refused = await call(t.app, owner.token, 'POST', '/api/Inventory/release-holds', {
      marketId: marketId(),
      productId: theirs.id,
    });
    expect(refused.statusCode).toBe(404);
  });

  it('units sold while the product form was open stay sold: the form’s change applies to the count now', async () => {
    const item = await product({ title: 'Form open', stock: 5 });
    const shirt = await product({
      title: 'Form open shirt',
      options: [{ name: 'Size', values: ['S'] }],
      variants: [{ options: ['S'], price: 1000, stock: 4 }],
    });
    // The merchant opens both forms …
    const opened = await ownerView(item.id);
    const openedShirt = await ownerView(shirt.id);
    // … two units of each are sold meanwhile …
    await pay(await atCardPage(item.id, { quantity: 2 }));
    await pay(await atCardPage(shirt.id, { variantId: openedShirt.variants[0]!.id, quantity: 2 }));
    // … and the merchant saves a new title only: the count stays what the sales left.
    const renamed = await update(opened, { title: 'Form open, renamed', stockSeen: opened.stock });
    expect(dataOf<ProductView>(renamed).stock).toBe(3);
    // Received 3 more, typed as 5 → 8 on the form: 3 + 3 = 6.
    expect(dataOf<ProductView>(await update(opened, { stock: 8, stockSeen: 5 })).stock).toBe(6);
    const variant = openedShirt.variants[0]!;
    const shirtSaved = await update(openedShirt, {
      variants: [{ id: variant.id, options: ['S'], price: 1000, stock: 4, stockSeen: 4 }],
    });
    expect(dataOf<ProductView>(shirtSaved).variants[0]!.stock).toBe(2);
    // Taking away more than is left now is refused at the field that asked.
    const tooMany = await update(opened, { stock: 0, stockSeen: 8 });
    expect(tooMany.statusCode).toBe(409);
    expect(errorOf(tooMany).fields?.stock?.code).toBe('STOCK_WOULD_BE_NEGATIVE');
    // Without what the form saw, the typed count is the count (as the CSV import sets it).
    expect(dataOf<ProductView>(await update(opened, { stock: 9 })).stock).toBe(9);
  });

  it('a product whose own units are held can not be given variants until they are released', async () => {
    const item = await product({ title: 'Gets sizes', stock: 5 });
    await atCardPage(item.id);
    const edited = await update(await ownerView(item.id), {
      options: [{ name: 'Size', values: ['S'] }],
      variants: [{ options: ['S'], price: 1000, stock: 5 }],
    });
    expect(edited.statusCode).toBe(409);
    expect(errorOf(edited).code).toBe('STOCK_HELD');
    expect((await ownerView(item.id)).variants).toEqual([]);
  });
});
