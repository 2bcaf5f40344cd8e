import { type Basket, type Checkout, type CodeView, type OrderDetails, SANDBOX_CARDS } from '@shop/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addToBasket,
  CONTACT,
  call,
  catalogOwner,
  confirmedCheckout,
  createProduct,
  createTariff,
  createTestApp,
  dataOf,
  errorOf,
  fieldCodes,
  inDays,
  orderStatus,
  productBody,
  query,
  shop,
  startPayment,
  submitSandboxPage,
  type TestApp,
  visitor,
} from '../../testing/app.js';
import { bundleBody, codeBody, createDiscount, type Owner } from '../../testing/orders.js';
import { CheckoutService } from './service.js';

/**
 * Discounts on the buying path (decision 018), through the API on both databases: the price a
 * shopper pays is the server's — bundle prices, then one cart discount (a pop-up or a code) —
 * read again at every step, kept on the order line by line, and a code's uses counted exactly.
 */

let t: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  t = await createTestApp();
  app = t.app;
});
afterAll(async () => {
  await t?.close();
});

/** A store with three products (10, 20 and 30 AZN, plenty in stock), one with two variants, and a 5 AZN tariff. */
async function store() {
  const owner = await catalogOwner(app);
  const make = (fields: Record<string, unknown>) =>
    createProduct(app, owner.token, productBody(owner.market.id, owner.category.id, owner.imageUrl, fields));
  const a = await make({ price: 1000, stock: 50 });
  const b = await make({ price: 2000, stock: 50 });
  const c = await make({ price: 3000, stock: 50 });
  const shirt = await make({
    price: 4000,
    options: [{ name: 'Size', values: ['S', 'M'] }],
    variants: [
      { options: ['S'], price: 4000, stock: 5 },
      { options: ['M'], price: 4000, stock: 5 },
    ],
  });
  const tariff = await createTariff(app, owner.token, owner.market.id, { price: 500 });
  return { owner, a, b, c, shirt: shirt as typeof shirt & { variants: { id: string }[] }, tariff };
}

const discount = (owner: Owner, body: Record<string, unknown>) => createDiscount(app, owner, body);

const basketOf = async (marketId: string, v: string) =>
  dataOf<Basket>(await shop(app, 'GET', `/api/Basket/get-or-create/${marketId}/${v}`));

const applyCode = (checkout: { id: string }, v: string, code: string | null, language = 'en') =>
  shop(app, 'POST', '/api/Basket/discount-code', { checkoutId: checkout.id, uniqueCode: v, code }, language);

const place = (checkout: { id: string }, v: string, expectedTotal: number) =>
  shop(app, 'POST', '/api/Order', { checkoutId: checkout.id, uniqueCode: v, expectedTotal });

async function pay(order: { id: string }, v: string, card: string = SANDBOX_CARDS.approve) {
  const { redirectUrl } = await startPayment(app, order.id, v);
  expect((await submitSandboxPage(app, redirectUrl, card)).statusCode).toBe(303);
  return orderStatus(app, order.id, v);
}

const details = async (owner: Owner, orderId: string) =>
  dataOf<OrderDetails>(await call(app, owner.token, 'GET', `/api/Order/${orderId}?marketId=${owner.market.id}`));

describe('bundles on the buying path', () => {
  it('the cart, the checkout and the order price a complete set at the bundle price; a tampered total is never charged', async () => {
    const { owner, a, b, tariff } = await store();
    const set = await discount(owner, bundleBody([a.id, b.id]));
    const v = visitor();
    dataOf(await addToBasket(app, owner.market.id, v, a.id, { quantity: 2 }));
    dataOf(await addToBasket(app, owner.market.id, v, b.id));

    // One complete set (A + B) at 20 % off; the second A at its price.
    const basket = await basketOf(owner.market.id, v);
    expect(basket).toMatchObject({ subtotal: 4000, bundleDiscount: 600, discountTotal: 600, total: 3400 });
    expect(basket.items.map((i) => [i.bundleId, i.bundleUnits, i.discount])).toEqual([
      [set.id, 1, 200],
      [set.id, 1, 400],
    ]);

    const checkout = await confirmedCheckout(app, owner.market.id, v, tariff.id);
    expect(checkout).toMatchObject({ subtotal: 4000, bundleDiscount: 600, shippingPrice: 500, total: 3900 });
    expect(checkout.items.map((i) => [i.bundleTitle, i.lineTotal, i.discount, i.paid])).toEqual([
      ['Better together', 2000, 200, 1800],
      ['Better together', 2000, 400, 1600],
    ]);

    // The total without the bundle, as a tampered page would send it, is not what is charged.
    expect(errorOf(await place(checkout, v, 4500)).code).toBe('PRICE_CHANGED');
    const placed = dataOf<Checkout>(await place(checkout, v, 3900));
    const paid = await pay(placed, v);
    expect(paid).toMatchObject({ paymentStatus: 'paid', total: 3900 });
    const [payment] = await query<{ amount: number }>(
      t.ctx,
      sql`select amount from payments where order_id = ${placed.id} and status = 'approved'`,
    );
    expect(payment?.amount).toBe(3900);

    const order = await details(owner, placed.id);
    expect(order).toMatchObject({
      subtotal: 4000,
      bundleDiscount: 600,
      discountTotal: 600,
      discount: null,
      total: 3900,
    });
    expect(order.items.map((i) => i.paid)).toEqual([1800, 1600]);
  });

  it('add-bundle puts one of each product in the cart at once; a product with variants needs its variant', async () => {
    const { owner, a, shirt } = await store();
    const set = await discount(owner, bundleBody([a.id, shirt.id], { percent: 50 }));
    const v = visitor();
    const add = (variants?: Record<string, string>, language = 'en') =>
      shop(
        app,
        'POST',
        '/api/Basket/add-bundle',
        { marketId: owner.market.id, uniqueCode: v, bundleId: set.id, ...(variants ? { variants } : {}) },
        language,
      );

    const noVariant = await add(undefined, 'az');
    expect(noVariant.statusCode).toBe(400);
    expect(fieldCodes(noVariant)).toEqual({ [`variants.${shirt.id}`]: 'chooseVariant' });
    expect(errorOf(noVariant).fields?.[`variants.${shirt.id}`]?.message).toBe('Bu məhsulun variantını seçin');
    // Nothing was added by the refused call: all or none.
    expect((await basketOf(owner.market.id, v)).items).toEqual([]);

    const basket = dataOf<Basket>(await add({ [shirt.id]: shirt.variants[1]!.id }));
    expect(basket.items.map((i) => [i.productId, i.variantId, i.quantity])).toEqual([
      [a.id, null, 1],
      [shirt.id, shirt.variants[1]!.id, 1],
    ]);
    expect(basket).toMatchObject({ subtotal: 5000, bundleDiscount: 2500, total: 2500 });
  });

  it("an ended bundle, a switched-off one and another store's are refused; a stale checkout pays the price without it", async () => {
    const { owner, a, b, tariff } = await store();
    const other = await store();
    const theirs = await discount(other.owner, bundleBody([other.a.id, other.b.id]));
    const set = await discount(owner, bundleBody([a.id, b.id]));
    const v = visitor();
    const add = (bundleId: string) =>
      shop(app, 'POST', '/api/Basket/add-bundle', { marketId: owner.market.id, uniqueCode: v, bundleId });
    expect(errorOf(await add(theirs.id)).code).toBe('OFFER_ENDED');

    dataOf(await add(set.id));
    const checkout = await confirmedCheckout(app, owner.market.id, v, tariff.id);
    expect(checkout.total).toBe(2400 + 500);

    // The bundle ends while the shopper looks at the checkout (its job has not run yet).
    await t.ctx.db.execute(sql`update discounts set ends_at = now() - interval '1 second' where id = ${set.id}`);
    expect(errorOf(await add(set.id)).code).toBe('OFFER_ENDED');
    const changed = await place(checkout, v, checkout.total);
    expect(errorOf(changed).code).toBe('PRICE_CHANGED');
    const now = dataOf<Checkout>(await shop(app, 'GET', `/api/Basket/checkout/${checkout.id}?uniqueCode=${v}`));
    expect(now).toMatchObject({ subtotal: 3000, bundleDiscount: 0, total: 3500 });
    expect(now.items.map((i) => [i.bundleId, i.paid])).toEqual([
      [null, 1000],
      [null, 2000],
    ]);
    const placed = dataOf<Checkout>(await place(now, v, 3500));
    expect((await pay(placed, v)).total).toBe(3500);
  });
});

describe('pop-ups and codes: one cart discount', () => {
  it('an accepted pop-up takes its percent off the cart; a code replaces it; without the code it is back; paying spends it', async () => {
    const { owner, a, b, tariff } = await store();
    const popup = await discount(owner, {
      kind: 'popup',
      title: 'Welcome',
      percent: 10,
      startsAt: inDays(-1),
      endsAt: inDays(3),
    });
    await discount(owner, codeBody('FIVE', { valueType: 'amount', percent: null, amountOff: 500 }));
    const v = visitor();
    dataOf(await addToBasket(app, owner.market.id, v, a.id));
    dataOf(await addToBasket(app, owner.market.id, v, b.id));

    const accepted = dataOf<Basket>(
      await shop(app, 'POST', '/api/Basket/accept-popup', {
        marketId: owner.market.id,
        uniqueCode: v,
        popupId: popup.id,
      }),
    );
    expect(accepted.discount).toMatchObject({ kind: 'popup', title: 'Welcome', percent: 10, amount: 300 });
    expect(accepted.total).toBe(2700);

    const checkout = await confirmedCheckout(app, owner.market.id, v, tariff.id);
    expect(checkout).toMatchObject({ discountTotal: 300, total: 3200 });
    // Spread over the lines in proportion: 100 and 200.
    expect(checkout.items.map((i) => i.paid)).toEqual([900, 1800]);

    const coded = dataOf<Checkout>(await applyCode(checkout, v, 'five'));
    expect(coded.discount).toMatchObject({ kind: 'code', code: 'FIVE', amountOff: 500, amount: 500 });
    expect(coded.total).toBe(3000);
    const back = dataOf<Checkout>(await applyCode(checkout, v, null));
    expect(back.discount).toMatchObject({ kind: 'popup', amount: 300 });
    expect(back.total).toBe(3200);

    const placed = dataOf<Checkout>(await place(back, v, 3200));
    expect((await pay(placed, v)).paymentStatus).toBe('paid');
    expect((await details(owner, placed.id)).discount).toMatchObject({ kind: 'popup', title: 'Welcome', amount: 300 });
    // The pop-up is spent: the visitor's next cart is at full price.
    dataOf(await addToBasket(app, owner.market.id, v, a.id));
    expect((await basketOf(owner.market.id, v)).discount).toBeNull();

    // A pop-up that is not live can not be accepted.
    await t.ctx.db.execute(sql`update discounts set active = false where id = ${popup.id}`);
    const late = await shop(app, 'POST', '/api/Basket/accept-popup', {
      marketId: owner.market.id,
      uniqueCode: visitor(),
      popupId: popup.id,
    });
    expect(late.statusCode).toBe(409);
    expect(errorOf(late).code).toBe('OFFER_ENDED');
  });

  it('codes are found in any case; unknown, switched off, not started, ended and below the minimum are told apart, in the shopper’s language', async () => {
    const { owner, a, b, tariff } = await store();
    await discount(owner, codeBody('QIŞ', { percent: 15 }));
    await discount(owner, codeBody('OFF', { active: false }));
    await discount(owner, codeBody('LATER', { startsAt: inDays(2) }));
    const ended = await discount(owner, codeBody('OVER', { endsAt: inDays(1) }));
    await t.ctx.db.execute(sql`update discounts set ends_at = now() - interval '1 minute' where id = ${ended.id}`);
    await discount(owner, codeBody('BIG', { minSubtotal: 5000 }));
    const v = visitor();
    dataOf(await addToBasket(app, owner.market.id, v, a.id));
    dataOf(await addToBasket(app, owner.market.id, v, b.id));
    const checkout = await confirmedCheckout(app, owner.market.id, v, tariff.id);

    const refused = async (code: string, language = 'en') => {
      const answer = await applyCode(checkout, v, code, language);
      expect(answer.statusCode).toBeGreaterThanOrEqual(400);
      expect(answer.statusCode).toBeLessThan(500);
      return errorOf(answer);
    };
    expect((await refused('NOPE')).code).toBe('DISCOUNT_CODE_UNKNOWN');
    expect((await refused('off')).code).toBe('DISCOUNT_CODE_NOT_ACTIVE');
    expect((await refused('later')).code).toBe('DISCOUNT_CODE_NOT_ACTIVE');
    expect((await refused('over')).code).toBe('DISCOUNT_CODE_ENDED');
    const minimum = await refused('big', 'az');
    expect(minimum).toMatchObject({
      code: 'DISCOUNT_CODE_MINIMUM',
      message: 'Bu kod 50.00 ₼ və daha çox məbləğli sifarişlərə aiddir',
    });
    expect(await refused('<script>')).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { code: { code: 'codeFormat' } },
    });
    // Nothing a refusal touched: the checkout is as it was.
    const still = dataOf<Checkout>(await shop(app, 'GET', `/api/Basket/checkout/${checkout.id}?uniqueCode=${v}`));
    expect(still).toMatchObject({ discount: null, total: 3500 });

    // Typed as a shopper's keyboard has it: qış, QIŞ, qiş are one code.
    const coded = dataOf<Checkout>(await applyCode(checkout, v, 'qiş'));
    expect(coded.discount).toMatchObject({ code: 'QIŞ', percent: 15, amount: 450 });
    expect(coded.total).toBe(3000 - 450 + 500);
  });

  it('a code ended after it was applied comes off when the order is placed', async () => {
    const { owner, a, tariff } = await store();
    const code = await discount(owner, codeBody('BRIEF'));
    const v = visitor();
    dataOf(await addToBasket(app, owner.market.id, v, a.id));
    const checkout = dataOf<Checkout>(
      await applyCode(await confirmedCheckout(app, owner.market.id, v, tariff.id), v, 'BRIEF'),
    );
    expect(checkout.total).toBe(900 + 500);
    await t.ctx.db.execute(sql`update discounts set ends_at = now() - interval '1 second' where id = ${code.id}`);
    expect(errorOf(await place(checkout, v, checkout.total)).code).toBe('PRICE_CHANGED');
    const now = dataOf<Checkout>(await shop(app, 'GET', `/api/Basket/checkout/${checkout.id}?uniqueCode=${v}`));
    expect(now).toMatchObject({ discount: null, discountTotal: 0, total: 1500 });
  });
});

describe('a code’s uses', () => {
  async function codedOrder(owner: Owner, productId: string, tariffId: string, code: string, email = CONTACT.email) {
    const v = visitor();
    dataOf(await addToBasket(app, owner.market.id, v, productId));
    const confirmed = await confirmedCheckout(app, owner.market.id, v, tariffId, { email });
    const applied = await applyCode(confirmed, v, code);
    return { v, applied, checkout: applied.statusCode === 200 ? dataOf<Checkout>(applied) : confirmed };
  }

  it('a placed order holds a use; a failed payment gives it back; only paid orders count', async () => {
    const { owner, a, tariff } = await store();
    const code = await discount(owner, codeBody('ONCE', { usageLimit: 1 }));
    const first = await codedOrder(owner, a.id, tariff.id, 'ONCE');
    const placed = dataOf<Checkout>(await place(first.checkout, first.v, first.checkout.total));

    // Held by the first order: nobody else may apply it meanwhile.
    const second = await codedOrder(owner, a.id, tariff.id, 'ONCE', 'other@example.az');
    expect(errorOf(second.applied).code).toBe('DISCOUNT_CODE_USED_UP');

    // The first payment is declined: the use goes back with the units, and the code is free.
    expect((await pay(placed, first.v, SANDBOX_CARDS.decline)).paymentStatus).toBe('failed');
    const third = await codedOrder(owner, a.id, tariff.id, 'ONCE', 'third@example.az');
    expect(third.applied.statusCode).toBe(200);
    const thirdPlaced = dataOf<Checkout>(await place(third.checkout, third.v, third.checkout.total));
    expect((await pay(thirdPlaced, third.v)).paymentStatus).toBe('paid');

    const view = dataOf<CodeView>(await call(app, owner.token, 'GET', `/api/Discount/${code.id}`));
    expect(view.used).toBe(1);
    // The first shopper retries: the code is used up now, and they are told before paying.
    const retry = await shop(app, 'POST', '/api/Payment/start', { orderId: placed.id, uniqueCode: first.v });
    expect(retry.statusCode).toBe(409);
    expect(errorOf(retry).code).toBe('DISCOUNT_CODE_USED_UP');
  });

  it('a limit per e-mail: the same shopper may not use it twice', async () => {
    const { owner, a, tariff } = await store();
    await discount(owner, codeBody('MINE', { perCustomerLimit: 1 }));
    const first = await codedOrder(owner, a.id, tariff.id, 'MINE', 'Repeat@Example.az');
    const placed = dataOf<Checkout>(await place(first.checkout, first.v, first.checkout.total));
    expect((await pay(placed, first.v)).paymentStatus).toBe('paid');

    const again = await codedOrder(owner, a.id, tariff.id, 'MINE', 'repeat@example.az');
    expect(errorOf(again.applied)).toMatchObject({ code: 'DISCOUNT_CODE_CUSTOMER_LIMIT' });
    expect(errorOf(again.applied).message).toContain('(1)');
    // Another shopper may.
    expect((await codedOrder(owner, a.id, tariff.id, 'MINE', 'new@example.az')).applied.statusCode).toBe(200);
  });

  it('a payment whose hold ran out after the code was used up is given back, and the order canceled', async () => {
    const { owner, a, tariff } = await store();
    await discount(owner, codeBody('LAST', { usageLimit: 1 }));
    const late = await codedOrder(owner, a.id, tariff.id, 'LAST');
    const latePlaced = dataOf<Checkout>(await place(late.checkout, late.v, late.checkout.total));
    const { redirectUrl } = await startPayment(app, latePlaced.id, late.v);
    await t.ctx.db.execute(
      sql`update orders set reserved_until = now() - interval '1 minute' where id = ${latePlaced.id}`,
    );
    expect(await new CheckoutService(t.ctx).releaseExpired()).toBe(1);

    const early = await codedOrder(owner, a.id, tariff.id, 'LAST', 'early@example.az');
    const earlyPlaced = dataOf<Checkout>(await place(early.checkout, early.v, early.checkout.total));
    expect((await pay(earlyPlaced, early.v)).paymentStatus).toBe('paid');

    expect((await submitSandboxPage(app, redirectUrl, SANDBOX_CARDS.approve)).statusCode).toBe(303);
    const status = await orderStatus(app, latePlaced.id, late.v);
    expect(status.paymentStatus).toBe('canceled');
    expect(status.returnedPayments?.map((r) => r.cause)).toEqual(['code_used_up']);
    const paidWithCode = await query<{ n: number }>(
      t.ctx,
      sql`select count(*)::int as n from orders where discount_id = (select discount_id from orders where id = ${earlyPlaced.id})
        and paid_at is not null`,
    );
    expect(paidWithCode[0]?.n).toBe(1);
  });
});

describe('bad input', () => {
  it('malformed, unknown and other visitors’ ids are clear 4xx, never a 500', async () => {
    const { owner, a, tariff } = await store();
    const v = visitor();
    dataOf(await addToBasket(app, owner.market.id, v, a.id));
    const checkout = await confirmedCheckout(app, owner.market.id, v, tariff.id);
    const answers = await Promise.all([
      applyCode(checkout, visitor(), 'X12'),
      shop(app, 'POST', '/api/Basket/discount-code', { checkoutId: 'nope', uniqueCode: v, code: 'X12' }),
      shop(app, 'POST', '/api/Basket/discount-code', { checkoutId: checkout.id, uniqueCode: v, code: 12 }),
      shop(app, 'POST', '/api/Basket/add-bundle', { marketId: owner.market.id, uniqueCode: v, bundleId: checkout.id }),
      shop(app, 'POST', '/api/Basket/add-bundle', { marketId: owner.market.id, uniqueCode: 'x', bundleId: 'y' }),
      shop(app, 'POST', '/api/Basket/accept-popup', { marketId: owner.market.id, uniqueCode: v, popupId: a.id }),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual([404, 400, 400, 409, 400, 409]);
  });
});
