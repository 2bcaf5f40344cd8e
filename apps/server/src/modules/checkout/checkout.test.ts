import type { Basket, Checkout } from '@shop/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADDRESS,
  addToBasket,
  CONTACT,
  call,
  catalogOwner,
  confirmedCheckout,
  createCategory,
  createMarket,
  createProduct,
  createTariff,
  createTestApp,
  dataOf,
  errorOf,
  fieldCodes,
  orderStatus,
  placeOrder,
  productBody,
  query,
  shop,
  startPayment,
  stockOf,
  type TestApp,
  visitor,
} from '../../testing/app.js';
import { CheckoutService } from './service.js';

let t: TestApp;
let owner: Awaited<ReturnType<typeof catalogOwner>>;
let tariff: { id: string; price: number };

beforeAll(async () => {
  t = await createTestApp();
  owner = await catalogOwner(t.app);
  tariff = await createTariff(t.app, owner.token, owner.market.id, { price: 500 });
});
afterAll(async () => {
  await t?.close();
});

async function product(
  fields: Record<string, unknown> = {},
  marketId = owner.market.id,
  categoryId = owner.category.id,
) {
  const body = productBody(marketId, categoryId, owner.imageUrl, fields);
  return { ...(await createProduct(t.app, owner.token, body)), body };
}

/** A new store of the merchant's with a category and a 5 AZN tariff. */
async function store() {
  const market = await createMarket(t.app, owner.token);
  const category = await createCategory(t.app, owner.token, market.id);
  const courier = await createTariff(t.app, owner.token, market.id, { price: 500 });
  return { market, category, tariff: courier, make: (fields = {}) => product(fields, market.id, category.id) };
}

const startCheckout = (uniqueCode: string, marketId = owner.market.id, language = 'en') =>
  shop(t.app, 'POST', `/api/Basket/checkout/${uniqueCode}/${marketId}`, undefined, language);

const getCheckout = async (id: string, uniqueCode: string) =>
  dataOf<Checkout>(await shop(t.app, 'GET', `/api/Basket/checkout/${id}?uniqueCode=${uniqueCode}`));

const confirm = (body: Record<string, unknown>, language = 'en') =>
  shop(t.app, 'POST', '/api/Basket/confirm', body, language);

const place = (body: Record<string, unknown>) => shop(t.app, 'POST', '/api/Order', body);

/** A visitor with `quantity` units of `productId` in the basket. */
async function shopperWith(productId: string, quantity = 1, marketId = owner.market.id) {
  const uniqueCode = visitor();
  dataOf(await addToBasket(t.app, marketId, uniqueCode, productId, { quantity }));
  return uniqueCode;
}

const basketOf = async (uniqueCode: string) =>
  dataOf<Basket>(await shop(t.app, 'GET', `/api/Basket/get-or-create/${owner.market.id}/${uniqueCode}`));

describe('POST /Basket/checkout/{uniqueCode}/{marketId}', () => {
  it('answers "Your cart is empty" for a visitor without a basket or with an empty one', async () => {
    const nobody = await startCheckout(visitor());
    expect(nobody.statusCode).toBe(409);
    expect(errorOf(nobody)).toMatchObject({ code: 'BASKET_EMPTY', message: 'Your cart is empty' });

    const item = await product();
    const me = visitor();
    const line = dataOf<Basket>(await addToBasket(t.app, owner.market.id, me, item.id)).items[0]!;
    dataOf(await shop(t.app, 'DELETE', `/api/Basket/${line.id}/${owner.market.id}/${me}`));
    const emptied = await startCheckout(me, owner.market.id, 'az');
    expect(emptied.statusCode).toBe(409);
    expect(errorOf(emptied)).toMatchObject({ code: 'BASKET_EMPTY', message: 'Səbətiniz boşdur' });
  });

  it('snapshots the basket at live prices without a number yet', async () => {
    const item = await product({ price: 1250, compareAtPrice: 1500 });
    const me = await shopperWith(item.id, 2);
    const checkout = dataOf<Checkout>(await startCheckout(me), 201);
    expect(checkout).toMatchObject({
      marketId: owner.market.id,
      marketName: owner.market.name,
      number: null,
      name: null,
      paymentStatus: 'unpaid',
      subtotal: 2500,
      shippingPrice: 0,
      total: 2500,
      currency: 'AZN',
      items: [{ productId: item.id, unitPrice: 1250, compareAtPrice: 1500, quantity: 2, lineTotal: 2500 }],
    });
    const minutes = (Date.parse(checkout.reservedUntil) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(14);
    expect(minutes).toBeLessThanOrEqual(15);
  });

  it('holds the units: other shoppers see them gone and can neither add nor hold them', async () => {
    const item = await product({ stock: 3 });
    const other = await shopperWith(item.id, 1);
    const late = await shopperWith(item.id, 2);
    const me = await shopperWith(item.id, 2);

    dataOf(await startCheckout(me), 201);
    expect(await stockOf(t.ctx, item.id)).toEqual({ stock: 3, reserved: 2 });
    // The other shoppers' baskets show what is left to buy.
    expect((await basketOf(other)).items[0]).toMatchObject({ quantity: 1, available: 1 });
    const more = await addToBasket(t.app, owner.market.id, other, item.id);
    expect(more.statusCode).toBe(409);
    expect(errorOf(more).code).toBe('OUT_OF_STOCK');
    const stranger = await addToBasket(t.app, owner.market.id, visitor(), item.id, { quantity: 2 });
    expect(stranger.statusCode).toBe(409);

    // Holding more than is left fails, naming the line, and holds nothing.
    const lateLine = (await basketOf(late)).items[0]!;
    const refused = await startCheckout(late);
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).code).toBe('OUT_OF_STOCK');
    expect(fieldCodes(refused)).toEqual({ [`items.${lateLine.id}`]: 'OUT_OF_STOCK' });
    expect(await stockOf(t.ctx, item.id)).toEqual({ stock: 3, reserved: 2 });

    // The last unit can still be held.
    dataOf(await startCheckout(other), 201);
    expect(await stockOf(t.ctx, item.id)).toEqual({ stock: 3, reserved: 3 });
    expect((await basketOf(late)).items[0]).toMatchObject({ available: 0 });
  });

  it('restarting the checkout of the same basket keeps its id and holds the units once', async () => {
    const item = await product({ stock: 5 });
    const me = await shopperWith(item.id, 2);
    const first = dataOf<Checkout>(await startCheckout(me), 201);
    const again = dataOf<Checkout>(await startCheckout(me), 201);
    expect(again.id).toBe(first.id);
    expect(await stockOf(t.ctx, item.id)).toEqual({ stock: 5, reserved: 2 });

    // With the quantity changed in between, the hold follows the basket.
    const line = (await basketOf(me)).items[0]!;
    dataOf(
      await shop(t.app, 'PUT', '/api/Basket/update-quantity', {
        marketId: owner.market.id,
        uniqueCode: me,
        basketItemId: line.id,
        quantity: 3,
      }),
    );
    const third = dataOf<Checkout>(await startCheckout(me), 201);
    expect(third).toMatchObject({ id: first.id, subtotal: 3 * item.price, items: [{ quantity: 3 }] });
    expect(await stockOf(t.ctx, item.id)).toEqual({ stock: 5, reserved: 3 });
  });

  it('holds the variant, not the product, and does not hold untracked units', async () => {
    const shirt = await product({
      options: [{ name: 'Size', values: ['S', 'M'] }],
      variants: [
        { options: ['S'], price: 1500, stock: 2 },
        { options: ['M'], price: 1600, stock: 2 },
      ],
    });
    const untracked = await product({ stock: 0, trackQuantity: false });
    const small = shirt.variants[0]!;
    const me = visitor();
    dataOf(await addToBasket(t.app, owner.market.id, me, shirt.id, { variantId: small.id, quantity: 2 }));
    dataOf(await addToBasket(t.app, owner.market.id, me, untracked.id, { quantity: 4 }));
    const checkout = dataOf<Checkout>(await startCheckout(me), 201);
    expect(checkout.items.map((i) => [i.variantTitle, i.quantity])).toEqual([
      ['S', 2],
      [null, 4],
    ]);
    expect(await stockOf(t.ctx, shirt.id, small.id)).toEqual({ stock: 2, reserved: 2 });
    expect(await stockOf(t.ctx, shirt.id, shirt.variants[1]!.id)).toEqual({ stock: 2, reserved: 0 });
    expect(await stockOf(t.ctx, untracked.id)).toEqual({ stock: 0, reserved: 0 });
  });

  it('answers "Invalid session or store" for a malformed visitor id and 404 for an unknown store', async () => {
    const bad = await startCheckout('null');
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).code).toBe('INVALID_SESSION_OR_STORE');
    const unknown = await startCheckout(visitor(), 'not-a-store');
    expect(unknown.statusCode).toBe(404);
  });
});

describe('POST /Basket/confirm', () => {
  let me: string;
  let checkout: Checkout;
  const valid = () => ({
    checkoutId: checkout.id,
    uniqueCode: me,
    email: CONTACT.email,
    phone: CONTACT.phone,
    shippingAddress: ADDRESS,
    shippingTariffId: tariff.id,
  });

  beforeAll(async () => {
    const item = await product({ price: 3000, stock: 100 });
    me = await shopperWith(item.id, 1);
    checkout = dataOf<Checkout>(await startCheckout(me), 201);
  });

  it('takes contact, address, tariff and note, and adds the shipping to the total', async () => {
    const confirmed = dataOf<Checkout>(
      await confirm({
        ...valid(),
        email: 'Aysel@Example.AZ',
        note: 'Zəng edin',
        shippingAddress: { ...ADDRESS, address2: '' },
      }),
    );
    expect(confirmed).toMatchObject({
      id: checkout.id,
      email: 'aysel@example.az',
      phone: '+994102345678',
      shippingAddress: { ...ADDRESS, country: 'AZ' },
      billingAddress: { ...ADDRESS, country: 'AZ' },
      note: 'Zəng edin',
      shippingTariffId: tariff.id,
      subtotal: 3000,
      shippingPrice: 500,
      total: 3500,
    });
    expect(await getCheckout(checkout.id, me)).toMatchObject({ total: 3500, note: 'Zəng edin' });
  });

  it('names every missing address field, each with what it needs', async () => {
    const response = await confirm({ ...valid(), shippingAddress: {} });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).code).toBe('VALIDATION_FAILED');
    expect(fieldCodes(response)).toEqual({
      'shippingAddress.firstName': 'firstNameRequired',
      'shippingAddress.lastName': 'lastNameRequired',
      'shippingAddress.address1': 'address1Required',
      'shippingAddress.city': 'cityRequired',
      'shippingAddress.region': 'regionRequired',
      'shippingAddress.postCode': 'postCodeRequired',
    });
    const messages = Object.fromEntries(
      Object.entries(errorOf(response).fields ?? {}).map(([path, field]) => [path, field.message]),
    );
    expect(messages).toEqual({
      'shippingAddress.firstName': 'Enter your first name',
      'shippingAddress.lastName': 'Enter your last name',
      'shippingAddress.address1': 'Enter the street and house',
      'shippingAddress.city': 'Enter the city',
      'shippingAddress.region': 'Choose a region',
      'shippingAddress.postCode': 'Enter the post code, e.g. AZ1000',
    });

    // Blank is missing too, and a region must be one of the list.
    const blank = await confirm({
      ...valid(),
      shippingAddress: { ...ADDRESS, firstName: '   ', postCode: '', region: 'atlantis' },
    });
    expect(fieldCodes(blank)).toEqual({
      'shippingAddress.firstName': 'firstNameRequired',
      'shippingAddress.postCode': 'postCodeRequired',
      'shippingAddress.region': 'regionRequired',
    });
    // Nothing was saved from the refused calls.
    expect((await getCheckout(checkout.id, me)).shippingAddress?.firstName).not.toBe('   ');
  });

  it('in Azerbaijani when the shopper reads Azerbaijani', async () => {
    const response = await confirm(
      { ...valid(), shippingAddress: { ...ADDRESS, region: '', city: '' }, phone: '050 123 45' },
      'az',
    );
    expect(response.statusCode).toBe(400);
    const fields = errorOf(response).fields ?? {};
    expect(fields['shippingAddress.city']).toEqual({ code: 'cityRequired', message: 'Şəhəri daxil edin' });
    expect(fields['shippingAddress.region']).toEqual({ code: 'regionRequired', message: 'Rayon və ya şəhər seçin' });
    expect(fields.phone).toEqual({ code: 'invalidPhone', message: 'Telefonu +994 10 234 56 78 formatında daxil edin' });
  });

  it('takes the phone as people type it and stores it as +994', async () => {
    // SPEC §5's own example, with the trunk 0, with the country code, with or without spaces.
    for (const phone of [
      '10 234 56 78',
      '102345678',
      '010 234 56 78',
      '0102345678',
      '+994 10 234 56 78',
      '+994102345678',
      '994 10 234 56 78',
      '00994 10 234 56 78',
      '(010) 234-56-78',
      ' +994 (10) 234.56.78 ',
    ]) {
      const response = await confirm({ ...valid(), phone });
      expect(response.statusCode, `${phone}: ${response.body}`).toBe(200);
      expect(dataOf<Checkout>(response).phone).toBe('+994102345678');
    }
  });

  it('wants an Azerbaijani phone and a valid e-mail', async () => {
    for (const phone of [
      '+7 912 345 67 89',
      '+994 10 234 56',
      '10 234 56 789',
      '0 00 234 56 78',
      '+994 010 234 56 78',
      '',
      'phone',
    ]) {
      const response = await confirm({ ...valid(), phone });
      expect(response.statusCode, phone).toBe(400);
      expect(fieldCodes(response)).toEqual({ phone: 'invalidPhone' });
      expect(errorOf(response).fields?.phone?.message).toBe('Enter the phone as +994 10 234 56 78');
    }
    for (const email of ['aysel', 'aysel@', '@example.az', 'a b@example.az']) {
      const response = await confirm({ ...valid(), email });
      expect(response.statusCode, email).toBe(400);
      expect(fieldCodes(response)).toEqual({ email: 'invalidEmail' });
      expect(errorOf(response).fields?.email?.message).toBe('Invalid email format');
    }
    // A missing or empty e-mail is asked for, not called malformed.
    const { email: _e, phone: _p, shippingTariffId: _s, ...rest } = valid();
    expect(fieldCodes(await confirm(rest))).toEqual({
      email: 'emailRequired',
      phone: 'invalidPhone',
      shippingTariffId: 'tariffRequired',
    });
    const empty = await confirm({ ...valid(), email: '' }, 'ru');
    expect(errorOf(empty).fields?.email).toEqual({ code: 'emailRequired', message: 'Введите e-mail' });
  });

  it('accepts only a tariff of this store that delivers to the region and the order total', async () => {
    const stranger = await catalogOwner(t.app);
    const foreign = await createTariff(t.app, stranger.token, stranger.market.id);
    const ganjaOnly = await createTariff(t.app, owner.token, owner.market.id, { regions: ['ganja', 'shaki'] });
    const bigOrders = await createTariff(t.app, owner.token, owner.market.id, {
      type: 'custom',
      condition: 'order_total',
      conditionMin: 10_000,
    });
    const smallOrders = await createTariff(t.app, owner.token, owner.market.id, {
      type: 'custom',
      condition: 'order_total',
      conditionMax: 2_000,
    });
    const inactive = await createTariff(t.app, owner.token, owner.market.id, { active: false });
    for (const tariffId of [
      foreign.id,
      ganjaOnly.id,
      bigOrders.id,
      smallOrders.id,
      inactive.id,
      '8f1c3a55-1d2e-4c7b-9a0e-3b5f6d7e8f90',
    ]) {
      const response = await confirm({ ...valid(), shippingTariffId: tariffId });
      expect(response.statusCode).toBe(400);
      expect(fieldCodes(response)).toEqual({ shippingTariffId: 'tariffNotAvailable' });
      expect(errorOf(response).fields?.shippingTariffId?.message).toBe(
        'This delivery tariff is not available for this address or order',
      );
    }
    const az = await confirm({ ...valid(), shippingTariffId: ganjaOnly.id }, 'az');
    expect(errorOf(az).fields?.shippingTariffId?.message).toBe(
      'Bu çatdırılma tarifi bu ünvan və ya sifariş üçün mövcud deyil',
    );

    // The zone's own region, and a free tariff that fits the total, are fine.
    const inGanja = dataOf<Checkout>(
      await confirm({
        ...valid(),
        shippingTariffId: ganjaOnly.id,
        shippingAddress: { ...ADDRESS, region: 'ganja', city: 'Gəncə' },
      }),
    );
    expect(inGanja).toMatchObject({ shippingPrice: 500, total: 3500 });
    const free = await createTariff(t.app, owner.token, owner.market.id, {
      type: 'custom',
      condition: 'order_total',
      conditionMin: 1000,
      conditionMax: 5000,
      isFree: true,
      price: 0,
    });
    expect(dataOf<Checkout>(await confirm({ ...valid(), shippingTariffId: free.id }))).toMatchObject({
      shippingPrice: 0,
      total: 3000,
      shippingTariffId: free.id,
    });
  });

  it('judges a weight-conditioned tariff by the weight of the order', async () => {
    const heavy = await product({ price: 1000, weightGrams: 1500 });
    const v = await shopperWith(heavy.id, 2);
    const heavyCheckout = dataOf<Checkout>(await startCheckout(v), 201);
    expect(heavyCheckout.weightGrams).toBe(3000);
    const light = await createTariff(t.app, owner.token, owner.market.id, {
      type: 'custom',
      condition: 'weight',
      conditionMax: 2000,
      price: 300,
    });
    const bulky = await createTariff(t.app, owner.token, owner.market.id, {
      type: 'custom',
      condition: 'weight',
      conditionMin: 2001,
      price: 900,
    });
    const body = { ...valid(), checkoutId: heavyCheckout.id, uniqueCode: v };
    const refused = await confirm({ ...body, shippingTariffId: light.id });
    expect(fieldCodes(refused)).toEqual({ shippingTariffId: 'tariffNotAvailable' });
    expect(dataOf<Checkout>(await confirm({ ...body, shippingTariffId: bulky.id }))).toMatchObject({
      shippingPrice: 900,
      total: 2900,
    });
  });

  it('wants the billing address when it is not the shipping address', async () => {
    const missing = await confirm({ ...valid(), billingSameAsShipping: false });
    expect(missing.statusCode).toBe(400);
    expect(fieldCodes(missing)).toEqual({
      'billingAddress.firstName': 'firstNameRequired',
      'billingAddress.lastName': 'lastNameRequired',
      'billingAddress.address1': 'address1Required',
      'billingAddress.city': 'cityRequired',
      'billingAddress.region': 'regionRequired',
      'billingAddress.postCode': 'postCodeRequired',
    });
    const billing = { ...ADDRESS, firstName: 'Rəşad', region: 'sumgait', city: 'Sumqayıt' };
    const confirmed = dataOf<Checkout>(
      await confirm({ ...valid(), billingSameAsShipping: false, billingAddress: billing }),
    );
    expect(confirmed.billingAddress).toMatchObject({ firstName: 'Rəşad', region: 'sumgait' });
    expect(confirmed.shippingAddress).toMatchObject({ firstName: ADDRESS.firstName, region: 'baku' });
  });

  it('is the visitor’s own: another visitor id is not found', async () => {
    const response = await confirm({ ...valid(), uniqueCode: visitor() });
    expect(response.statusCode).toBe(404);
    const view = await shop(t.app, 'GET', `/api/Basket/checkout/${checkout.id}?uniqueCode=${visitor()}`);
    expect(view.statusCode).toBe(404);
  });

  it('does not accept prices, totals or other fields from the browser', async () => {
    const response = await confirm({ ...valid(), total: 1, shippingPrice: 0, subtotal: 1 });
    expect(response.statusCode).toBe(400);
    expect(fieldCodes(response)).toEqual({
      total: 'unknownField',
      shippingPrice: 'unknownField',
      subtotal: 'unknownField',
    });
    const inAddress = await confirm({ ...valid(), shippingAddress: { ...ADDRESS, price: 1 } });
    expect(fieldCodes(inAddress)).toEqual({ 'shippingAddress.price': 'unknownField' });
  });
});

describe('POST /Order', () => {
  it('refuses a checkout that was not confirmed yet', async () => {
    const item = await product();
    const me = await shopperWith(item.id);
    const checkout = dataOf<Checkout>(await startCheckout(me), 201);
    const response = await place({ checkoutId: checkout.id, uniqueCode: me, expectedTotal: checkout.total });
    expect(response.statusCode).toBe(400);
    expect(fieldCodes(response)).toEqual({ shippingTariffId: 'tariffRequired' });
  });

  it('answers PRICE_CHANGED for a total the shopper was not shown, and numbers nothing', async () => {
    const shopA = await store();
    const item = await shopA.make({ price: 2000 });
    const me = await shopperWith(item.id, 1, shopA.market.id);
    const checkout = await confirmedCheckout(t.app, shopA.market.id, me, shopA.tariff.id);
    expect(checkout.total).toBe(2500);
    for (const expectedTotal of [2000, 1, 2501]) {
      const response = await place({ checkoutId: checkout.id, uniqueCode: me, expectedTotal });
      expect(response.statusCode).toBe(409);
      expect(errorOf(response)).toMatchObject({
        code: 'PRICE_CHANGED',
        message: 'Prices have changed. Check your order before paying',
      });
    }
    expect(await getCheckout(checkout.id, me)).toMatchObject({ number: null, name: null, total: 2500 });
    // The first order placed in this store is still #1001.
    expect(await placeOrder(t.app, checkout, me)).toMatchObject({ number: 1001, name: '#1001', total: 2500 });
  });

  it('shows a price the merchant changed after the checkout before charging it', async () => {
    const shopA = await store();
    const item = await shopA.make({ price: 2000, stock: 5 });
    const me = await shopperWith(item.id, 2, shopA.market.id);
    const checkout = await confirmedCheckout(t.app, shopA.market.id, me, shopA.tariff.id);
    expect(checkout.total).toBe(4500);
    dataOf(await call(t.app, owner.token, 'PUT', '/api/Products/update', { id: item.id, ...item.body, price: 2300 }));

    const response = await place({ checkoutId: checkout.id, uniqueCode: me, expectedTotal: 4500 });
    expect(response.statusCode).toBe(409);
    expect(errorOf(response).code).toBe('PRICE_CHANGED');
    const updated = await getCheckout(checkout.id, me);
    expect(updated).toMatchObject({
      number: null,
      items: [{ unitPrice: 2300, quantity: 2, lineTotal: 4600 }],
      subtotal: 4600,
      shippingPrice: 500,
      total: 5100,
    });
    // The old total is refused again; the new one places the order at the new price.
    expect((await place({ checkoutId: checkout.id, uniqueCode: me, expectedTotal: 4500 })).statusCode).toBe(409);
    const placed = await placeOrder(t.app, updated, me);
    expect(placed).toMatchObject({ number: 1001, total: 5100, items: [{ unitPrice: 2300 }] });
  });

  it('drops a tariff whose order-total condition no longer fits the new price', async () => {
    const shopA = await store();
    const item = await shopA.make({ price: 2000 });
    const upTo30 = await createTariff(t.app, owner.token, shopA.market.id, {
      type: 'custom',
      condition: 'order_total',
      conditionMax: 3000,
      price: 300,
    });
    const me = await shopperWith(item.id, 1, shopA.market.id);
    const checkout = await confirmedCheckout(t.app, shopA.market.id, me, upTo30.id);
    expect(checkout.total).toBe(2300);
    dataOf(await call(t.app, owner.token, 'PUT', '/api/Products/update', { id: item.id, ...item.body, price: 3500 }));
    expect((await place({ checkoutId: checkout.id, uniqueCode: me, expectedTotal: 2300 })).statusCode).toBe(409);
    expect(await getCheckout(checkout.id, me)).toMatchObject({
      subtotal: 3500,
      shippingTariffId: null,
      shippingPrice: 0,
      total: 3500,
    });
    const noTariff = await place({ checkoutId: checkout.id, uniqueCode: me, expectedTotal: 3500 });
    expect(noTariff.statusCode).toBe(400);
    expect(fieldCodes(noTariff)).toEqual({ shippingTariffId: 'tariffRequired' });
  });

  it('numbers orders from 1001 per store, with the store’s prefix and suffix', async () => {
    const shopA = await store();
    const shopB = await store();
    const a = await shopA.make({ stock: 50 });
    const b = await shopB.make({ stock: 50 });
    const buy = async (shopX: typeof shopA, productId: string) => {
      const me = await shopperWith(productId, 1, shopX.market.id);
      return placeOrder(t.app, await confirmedCheckout(t.app, shopX.market.id, me, shopX.tariff.id), me);
    };
    expect(await buy(shopA, a.id)).toMatchObject({ number: 1001, name: '#1001' });
    expect(await buy(shopA, a.id)).toMatchObject({ number: 1002, name: '#1002' });
    expect(await buy(shopB, b.id)).toMatchObject({ number: 1001, name: '#1001' });
    await t.ctx.db.execute(
      sql`update markets set order_prefix = 'SB-', order_suffix = '/AZ' where id = ${shopA.market.id}`,
    );
    expect(await buy(shopA, a.id)).toMatchObject({ number: 1003, name: 'SB-1003/AZ' });
    expect(await buy(shopB, b.id)).toMatchObject({ number: 1002, name: '#1002' });
  });

  it('placing twice returns the same order and uses no number', async () => {
    const shopA = await store();
    const item = await shopA.make({ stock: 5 });
    const me = await shopperWith(item.id, 1, shopA.market.id);
    const checkout = await confirmedCheckout(t.app, shopA.market.id, me, shopA.tariff.id);
    const first = await placeOrder(t.app, checkout, me);
    const second = await placeOrder(t.app, checkout, me);
    expect(second).toMatchObject({ id: first.id, number: 1001, name: '#1001', placedAt: first.placedAt });
    expect(await stockOf(t.ctx, item.id)).toEqual({ stock: 5, reserved: 1 });
    const next = await shopperWith(item.id, 1, shopA.market.id);
    expect(
      await placeOrder(t.app, await confirmedCheckout(t.app, shopA.market.id, next, shopA.tariff.id), next),
    ).toMatchObject({
      number: 1002,
    });
  });

  it('is the visitor’s own, and takes no totals or prices beyond the one it compares', async () => {
    const item = await product();
    const me = await shopperWith(item.id);
    const checkout = await confirmedCheckout(t.app, owner.market.id, me, tariff.id);
    const stranger = await place({ checkoutId: checkout.id, uniqueCode: visitor(), expectedTotal: checkout.total });
    expect(stranger.statusCode).toBe(404);
    const tampered = await place({ checkoutId: checkout.id, uniqueCode: me, expectedTotal: checkout.total, total: 1 });
    expect(tampered.statusCode).toBe(400);
    expect(fieldCodes(tampered)).toEqual({ total: 'unknownField' });
    for (const expectedTotal of [-1, 1.5, '2500']) {
      const response = await place({ checkoutId: checkout.id, uniqueCode: me, expectedTotal });
      expect(response.statusCode).toBe(400);
      expect(Object.keys(fieldCodes(response))).toEqual(['expectedTotal']);
    }
    expect((await getCheckout(checkout.id, me)).number).toBeNull();
  });

  it('a product taken off sale since the checkout cannot be ordered', async () => {
    const item = await product();
    const me = await shopperWith(item.id);
    const checkout = await confirmedCheckout(t.app, owner.market.id, me, tariff.id);
    dataOf(
      await call(t.app, owner.token, 'PUT', '/api/Products/update', { id: item.id, ...item.body, status: 'passive' }),
    );
    const response = await place({ checkoutId: checkout.id, uniqueCode: me, expectedTotal: checkout.total });
    expect(response.statusCode).toBe(409);
    expect(errorOf(response).code).toBe('OUT_OF_STOCK');
    expect((await getCheckout(checkout.id, me)).number).toBeNull();
  });
});

describe('holds that run out', () => {
  const expire = (orderId: string) =>
    t.ctx.db.execute(sql`update orders set reserved_until = now() - interval '1 minute' where id = ${orderId}`);

  it('the expiry job gives the units back; paying later holds them again', async () => {
    const item = await product({ stock: 2 });
    const me = await shopperWith(item.id, 2);
    const order = await placeOrder(t.app, await confirmedCheckout(t.app, owner.market.id, me, tariff.id), me);
    expect(await stockOf(t.ctx, item.id)).toEqual({ stock: 2, reserved: 2 });
    // Not expired yet: the job leaves it alone.
    await new CheckoutService(t.ctx).releaseExpired();
    expect(await stockOf(t.ctx, item.id)).toEqual({ stock: 2, reserved: 2 });

    await expire(order.id);
    expect(await new CheckoutService(t.ctx).releaseExpired()).toBeGreaterThanOrEqual(1);
    expect(await stockOf(t.ctx, item.id)).toEqual({ stock: 2, reserved: 0 });
    expect((await basketOf(await shopperWith(item.id, 2))).items[0]).toMatchObject({ available: 2 });

    await startPayment(t.app, order.id, me);
    expect(await stockOf(t.ctx, item.id)).toEqual({ stock: 2, reserved: 2 });
    const status = await orderStatus(t.app, order.id, me);
    expect(status.paymentStatus).toBe('pending');
    expect(Date.parse(status.reservedUntil) - Date.now()).toBeGreaterThan(14 * 60_000);
  });

  it('when the units were sold meanwhile, paying answers OUT_OF_STOCK and takes no money', async () => {
    const item = await product({ stock: 1 });
    const me = await shopperWith(item.id, 1);
    const order = await placeOrder(t.app, await confirmedCheckout(t.app, owner.market.id, me, tariff.id), me);
    await expire(order.id);
    await new CheckoutService(t.ctx).releaseExpired();

    // Someone else holds the unit now.
    const quicker = await shopperWith(item.id, 1);
    dataOf(await startCheckout(quicker), 201);

    const response = await shop(t.app, 'POST', '/api/Payment/start', { orderId: order.id, uniqueCode: me });
    expect(response.statusCode).toBe(409);
    expect(errorOf(response).code).toBe('OUT_OF_STOCK');
    expect(await stockOf(t.ctx, item.id)).toEqual({ stock: 1, reserved: 1 });
    const [{ n }] = (await query<{ n: number }>(
      t.ctx,
      sql`select count(*)::int as n from payments where order_id = ${order.id}`,
    )) as [{ n: number }];
    expect(n).toBe(0);
    expect((await orderStatus(t.app, order.id, me)).paymentStatus).toBe('unpaid');
  });

  it('an expired checkout is held again when it is placed, or refused when the units are gone', async () => {
    const item = await product({ stock: 1 });
    const me = await shopperWith(item.id, 1);
    const checkout = await confirmedCheckout(t.app, owner.market.id, me, tariff.id);
    await expire(checkout.id);
    await new CheckoutService(t.ctx).releaseExpired();
    expect(await stockOf(t.ctx, item.id)).toEqual({ stock: 1, reserved: 0 });
    const placed = await placeOrder(t.app, checkout, me);
    expect(placed.number).not.toBeNull();
    expect(await stockOf(t.ctx, item.id)).toEqual({ stock: 1, reserved: 1 });

    const other = await product({ stock: 1 });
    const late = await shopperWith(other.id, 1);
    const lateCheckout = await confirmedCheckout(t.app, owner.market.id, late, tariff.id);
    await expire(lateCheckout.id);
    await new CheckoutService(t.ctx).releaseExpired();
    dataOf(await startCheckout(await shopperWith(other.id, 1)), 201);
    const refused = await place({ checkoutId: lateCheckout.id, uniqueCode: late, expectedTotal: lateCheckout.total });
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).code).toBe('OUT_OF_STOCK');
    expect((await getCheckout(lateCheckout.id, late)).number).toBeNull();
    expect(await stockOf(t.ctx, other.id)).toEqual({ stock: 1, reserved: 1 });
  });
});
