import { type Basket, type Checkout, SANDBOX_CARDS } from '@shop/shared';
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
  mailbox,
  orderStatus,
  placeOrder,
  productBody,
  query,
  shop,
  startPayment,
  stockOf,
  submitSandboxPage,
  type TestApp,
  uniqueEmail,
  visitor,
} from '../../testing/app.js';
import { atOnce } from '../../testing/row-locks.js';
import { CheckoutService } from './service.js';

/**
 * Shoppers at the same moment (DESIGN §4 Stock, Idempotency). On PostgreSQL the requests really
 * run at once: a row they all need is held locked while they start, and the test watches them
 * queue on it before letting go, so the locks are what keeps the counts right. PGlite is one
 * connection: the same requests are queued by it, and must end the same.
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

async function product(fields: Record<string, unknown>) {
  return createProduct(t.app, owner.token, productBody(owner.market.id, owner.category.id, owner.imageUrl, fields));
}

/** One shopper's whole checkout and payment; what the shopper ends up seeing. */
async function buy(uniqueCode: string): Promise<{ outcome: 'paid' | 'refused'; code?: string; order?: Checkout }> {
  const started = await shop(t.app, 'POST', `/api/Basket/checkout/${uniqueCode}/${owner.market.id}`);
  if (started.statusCode !== 201) return { outcome: 'refused', code: errorOf(started).code };
  const checkout = await confirmedCheckout(t.app, owner.market.id, uniqueCode, tariff.id);
  const order = await placeOrder(t.app, checkout, uniqueCode);
  const { redirectUrl } = await startPayment(t.app, order.id, uniqueCode);
  const paid = await submitSandboxPage(t.app, redirectUrl, SANDBOX_CARDS.approve);
  expect(paid.statusCode).toBe(303);
  const status = await orderStatus(t.app, order.id, uniqueCode);
  expect(status.paymentStatus).toBe('paid');
  return { outcome: 'paid', order: status };
}

const paidUnits = async (productId: string) =>
  (
    (await query<{ n: number; orders: number }>(
      t.ctx,
      sql`select coalesce(sum(i.quantity), 0)::int as n, count(distinct o.id)::int as orders
        from order_items i join orders o on o.id = i.order_id
        where i.product_id = ${productId} and o.payment_status = 'paid'`,
    )) as [{ n: number; orders: number }]
  )[0];

describe('shoppers at the same moment', () => {
  it('50 shoppers race for the last 5 units: exactly 5 paid orders, stock 0, nothing held, nothing oversold', async () => {
    const item = await product({ title: 'Last five', stock: 5, price: 1500 });
    const shoppers = Array.from({ length: 50 }, () => visitor());
    // Everyone has it in the cart: a cart holds nothing.
    const added = await Promise.all(shoppers.map((v) => addToBasket(t.app, owner.market.id, v, item.id)));
    expect(added.map((r) => r.statusCode)).toEqual(shoppers.map(() => 200));

    const results = await atOnce(t, sql`select id from products where id = ${item.id} for update`, 10, () =>
      Promise.all(shoppers.map((v) => buy(v))),
    );

    const paid = results.filter((r) => r.outcome === 'paid');
    expect(paid).toHaveLength(5);
    expect(results.filter((r) => r.outcome === 'refused').map((r) => r.code)).toEqual(
      Array.from({ length: 45 }, () => 'OUT_OF_STOCK'),
    );
    expect(new Set(paid.map((r) => r.order!.number))).toEqual(new Set([1001, 1002, 1003, 1004, 1005]));
    expect(await stockOf(t.ctx, item.id)).toEqual({ stock: 0, reserved: 0 });
    expect(await paidUnits(item.id)).toEqual({ n: 5, orders: 5 });
    const product_ = dataOf<{ stock: number; inStock: boolean }>(
      await shop(t.app, 'GET', `/api/Products/${owner.market.id}/${item.id}`),
    );
    expect(product_).toMatchObject({ stock: 0, inStock: false });
  });

  it('payments whose hold ran out race with held ones for the same units: never oversold', async () => {
    const item = await product({ title: 'Contested', stock: 5, price: 1000 });
    // Five shoppers place orders and go to the bank's page; their holds run out there.
    const late = Array.from({ length: 5 }, () => visitor());
    const lateOrders = await Promise.all(
      late.map(async (v) => {
        dataOf(await addToBasket(t.app, owner.market.id, v, item.id));
        const order = await placeOrder(t.app, await confirmedCheckout(t.app, owner.market.id, v, tariff.id), v);
        return { v, order, ...(await startPayment(t.app, order.id, v)) };
      }),
    );
    await t.ctx.db.execute(sql`update orders set reserved_until = now() - interval '1 minute'
      where id = any(${sql.param(lateOrders.map((o) => o.order.id))}::uuid[])`);
    expect(await new CheckoutService(t.ctx).releaseExpired()).toBe(5);
    // Five others hold the units meanwhile.
    const early = Array.from({ length: 5 }, () => visitor());
    const earlyOrders = await Promise.all(
      early.map(async (v) => {
        dataOf(await addToBasket(t.app, owner.market.id, v, item.id));
        const order = await placeOrder(t.app, await confirmedCheckout(t.app, owner.market.id, v, tariff.id), v);
        return { v, order, ...(await startPayment(t.app, order.id, v)) };
      }),
    );
    expect(await stockOf(t.ctx, item.id)).toEqual({ stock: 5, reserved: 5 });

    // All ten pay at once.
    const everyone = [...lateOrders, ...earlyOrders];
    await atOnce(t, sql`select id from products where id = ${item.id} for update`, 5, () =>
      Promise.all(everyone.map((o) => submitSandboxPage(t.app, o.redirectUrl, SANDBOX_CARDS.approve))),
    );

    const statuses = await Promise.all(everyone.map((o) => orderStatus(t.app, o.order.id, o.v)));
    expect(statuses.slice(0, 5).map((s) => s.paymentStatus)).toEqual(Array(5).fill('canceled'));
    expect(statuses.slice(5).map((s) => s.paymentStatus)).toEqual(Array(5).fill('paid'));
    expect(await stockOf(t.ctx, item.id)).toEqual({ stock: 0, reserved: 0 });
    expect(await paidUnits(item.id)).toEqual({ n: 5, orders: 5 });
    const late_ = await query<{ status: string }>(
      t.ctx,
      sql`select status from payments where order_id = any(${sql.param(lateOrders.map((o) => o.order.id))}::uuid[])`,
    );
    expect(late_.map((p) => p.status)).toEqual(Array(5).fill('reversed'));
  });

  it('two tabs paying the same order at the same moment: one payment, the other given back', async () => {
    const item = await product({ title: 'Two tabs', stock: 3, price: 2000 });
    const v = visitor();
    dataOf(await addToBasket(t.app, owner.market.id, v, item.id, { quantity: 2 }));
    const order = await placeOrder(t.app, await confirmedCheckout(t.app, owner.market.id, v, tariff.id), v);
    const tabs = [await startPayment(t.app, order.id, v), await startPayment(t.app, order.id, v)];

    const landings = await atOnce(t, sql`select id from orders where id = ${order.id} for update`, 2, () =>
      Promise.all(tabs.map((tab) => submitSandboxPage(t.app, tab.redirectUrl, SANDBOX_CARDS.approve))),
    );
    expect(landings.map((r) => r.statusCode)).toEqual([303, 303]);
    // Both tabs end on the success page: the order is paid, and the second charge went back.
    const places = landings.map((r) => new URL(String(r.headers.location)).pathname).sort();
    expect(places).toEqual(['/card-success', '/card-success']);

    const status = await orderStatus(t.app, order.id, v);
    expect(status.paymentStatus).toBe('paid');
    expect(status.returnedPayments).toEqual([
      { amount: status.total, cardMask: '424242******4242', cause: 'already_paid', returned: true },
    ]);
    const payments = await query<{ status: string }>(
      t.ctx,
      sql`select status from payments where order_id = ${order.id}`,
    );
    expect(payments.map((p) => p.status).sort()).toEqual(['approved', 'reversed']);
    expect(await stockOf(t.ctx, item.id)).toEqual({ stock: 1, reserved: 0 });
    expect(await paidUnits(item.id)).toEqual({ n: 2, orders: 1 });
  });

  /**
   * A statement that changes an order's lines (and so its row) while holding the order locked;
   * on PGlite it simply runs first.
   */
  async function whileChanged<T>(orderId: string, title: string, fire: () => Promise<T>): Promise<T> {
    const change = sql`with touched as (update orders set updated_at = now() where id = ${orderId} returning id)
      update order_items set title = ${title} where order_id in (select id from touched)`;
    if (t.ctx.database.kind !== 'postgres') {
      await query(t.ctx, change);
      return fire();
    }
    return atOnce(t, change, 1, fire);
  }

  it('a request that waited for an order changed meanwhile answers its lines as changed', async () => {
    const item = await product({ title: 'Before', stock: 3, price: 1500 });
    const v = visitor();
    dataOf(await addToBasket(t.app, owner.market.id, v, item.id));
    const checkout = await confirmedCheckout(t.app, owner.market.id, v, tariff.id);

    const confirmed = await whileChanged(checkout.id, 'Changed meanwhile', () =>
      shop(t.app, 'POST', '/api/Basket/confirm', {
        checkoutId: checkout.id,
        uniqueCode: v,
        email: 'waiting@example.az',
        phone: '+994102345678',
        shippingAddress: checkout.shippingAddress,
        shippingTariffId: tariff.id,
      }),
    );
    expect(dataOf<Checkout>(confirmed).items.map((i) => i.title)).toEqual(['Changed meanwhile']);
  });

  it('a payment result that waited for its order changed meanwhile works on the lines as changed', async () => {
    const item = await product({ title: 'Before paying', stock: 3, price: 1500 });
    const v = visitor();
    dataOf(await addToBasket(t.app, owner.market.id, v, item.id));
    const email = uniqueEmail('waited');
    const order = await placeOrder(t.app, await confirmedCheckout(t.app, owner.market.id, v, tariff.id, { email }), v);
    const { redirectUrl } = await startPayment(t.app, order.id, v);

    const paid = await whileChanged(order.id, 'Renamed while paying', () =>
      submitSandboxPage(t.app, redirectUrl, SANDBOX_CARDS.approve),
    );
    expect(paid.statusCode).toBe(303);
    const [mail] = await mailbox(t.app, email);
    expect(mail?.text).toContain('Renamed while paying');
    expect(await stockOf(t.ctx, item.id)).toEqual({ stock: 2, reserved: 0 });
  });

  it('the merchant lowers stock while the shoppers holding it pay: never below zero, never sold twice', async () => {
    const item = await product({ title: 'Edited while paying', stock: 5, price: 1000 });
    const shoppers: { v: string; order: Checkout; redirectUrl: string }[] = [];
    for (let i = 0; i < 5; i++) {
      const v = visitor();
      dataOf(await addToBasket(t.app, owner.market.id, v, item.id));
      const order = await placeOrder(t.app, await confirmedCheckout(t.app, owner.market.id, v, tariff.id), v);
      shoppers.push({ v, order, ...(await startPayment(t.app, order.id, v)) });
    }
    const view = dataOf<{ title: string; price: number; stock: number }>(
      await call(t.app, owner.token, 'GET', `/api/Products/${owner.market.id}/${item.id}`),
    );
    const edits = [
      () =>
        call(t.app, owner.token, 'POST', '/api/Inventory/adjust', {
          marketId: owner.market.id,
          productId: item.id,
          delta: -3,
          reason: 'damaged',
        }),
      () =>
        call(t.app, owner.token, 'PUT', '/api/Products/update', {
          ...productBody(owner.market.id, owner.category.id, owner.imageUrl, { title: view.title, price: view.price }),
          id: item.id,
          stock: 2,
        }),
      () =>
        call(t.app, owner.token, 'POST', '/api/Inventory/adjust', {
          marketId: owner.market.id,
          productId: item.id,
          delta: -1,
          reason: 'damaged',
        }),
    ];

    // The payments and the edits wait on the product's row together, then go in any order.
    const [payments, edited] = await atOnce(t, sql`select id from products where id = ${item.id} for update`, 8, () =>
      Promise.all([
        Promise.all(shoppers.map((s) => submitSandboxPage(t.app, s.redirectUrl, SANDBOX_CARDS.approve))),
        Promise.all(edits.map((edit) => edit())),
      ]),
    );
    expect(payments.map((r) => r.statusCode)).toEqual([303, 303, 303, 303, 303]);
    const statuses = await Promise.all(shoppers.map((s) => orderStatus(t.app, s.order.id, s.v)));
    // Every shopper held a unit: all five are paid, whatever the edits did.
    expect(statuses.map((s) => s.paymentStatus)).toEqual(Array(5).fill('paid'));
    expect(await paidUnits(item.id)).toEqual({ n: 5, orders: 5 });
    // An edit went through only where it left what was held (or, once sold, nothing below zero).
    for (const response of edited) {
      if (response.statusCode !== 200) {
        expect(response.statusCode, response.body).toBe(409);
        expect(['STOCK_HELD', 'STOCK_WOULD_BE_NEGATIVE']).toContain(errorOf(response).code);
      }
    }
    const { stock, reserved } = await stockOf(t.ctx, item.id);
    expect(reserved).toBe(0);
    expect(stock).toBeGreaterThanOrEqual(0);
  });

  it('20 adds of the same unit at once by one visitor add up, never past the stock', async () => {
    const scarce = await product({ title: 'Five left', stock: 5 });
    const plenty = await product({ title: 'Plenty', stock: 100 });
    for (const [item, expected] of [
      [scarce, 5],
      [plenty, 20],
    ] as const) {
      const v = visitor();
      const basket = dataOf<Basket>(await shop(t.app, 'GET', `/api/Basket/get-or-create/${owner.market.id}/${v}`));
      // Holding the basket row stops every add at its write, after all of them have read the line.
      const responses = await atOnce(t, sql`select id from baskets where id = ${basket.id} for update`, 10, () =>
        Promise.all(Array.from({ length: 20 }, () => addToBasket(t.app, owner.market.id, v, item.id))),
      );
      const ok = responses.filter((r) => r.statusCode === 200);
      expect(ok).toHaveLength(expected);
      for (const refused of responses.filter((r) => r.statusCode !== 200)) {
        expect(refused.statusCode).toBe(409);
        expect(errorOf(refused).code).toBe('OUT_OF_STOCK');
      }
      const after = dataOf<Basket>(await shop(t.app, 'GET', `/api/Basket/get-or-create/${owner.market.id}/${v}`));
      expect(after.items).toHaveLength(1);
      expect(after.items[0]!.quantity).toBe(expected);
    }
  });

  it('a code with a limit of 5 and 50 shoppers paying at once: 5 discounted paid orders, the rest told before paying', async () => {
    const item = await product({ title: 'Coded', stock: 100, price: 2000 });
    const code = dataOf<{ id: string }>(
      await call(t.app, owner.token, 'POST', '/api/Discount', {
        kind: 'code',
        marketId: owner.market.id,
        code: 'FIFTY5',
        valueType: 'percent',
        percent: 25,
        usageLimit: 5,
      }),
      201,
    );
    const shoppers = Array.from({ length: 50 }, () => visitor());
    // Everyone has the code applied at checkout: applying holds nothing.
    const checkouts = await Promise.all(
      shoppers.map(async (v, index) => {
        dataOf(await addToBasket(t.app, owner.market.id, v, item.id));
        const confirmed = await confirmedCheckout(t.app, owner.market.id, v, tariff.id, {
          email: `coded-${index}@example.az`,
        });
        return dataOf<Checkout>(
          await shop(t.app, 'POST', '/api/Basket/discount-code', {
            checkoutId: confirmed.id,
            uniqueCode: v,
            code: 'fifty5',
          }),
        );
      }),
    );
    expect(checkouts.map((c) => c.total)).toEqual(shoppers.map(() => 1500 + 500));

    const results = await atOnce(t, sql`select id from discounts where id = ${code.id} for update`, 10, () =>
      Promise.all(
        checkouts.map(async (checkout, index) => {
          const v = shoppers[index]!;
          const placed = await shop(t.app, 'POST', '/api/Order', {
            checkoutId: checkout.id,
            uniqueCode: v,
            expectedTotal: checkout.total,
          });
          if (placed.statusCode !== 200) return { outcome: 'refused' as const, code: errorOf(placed).code };
          const { redirectUrl } = await startPayment(t.app, checkout.id, v);
          expect((await submitSandboxPage(t.app, redirectUrl, SANDBOX_CARDS.approve)).statusCode).toBe(303);
          return { outcome: 'paid' as const, order: await orderStatus(t.app, checkout.id, v) };
        }),
      ),
    );

    const paid = results.filter((r) => r.outcome === 'paid');
    expect(paid).toHaveLength(5);
    expect(paid.map((r) => [r.order!.paymentStatus, r.order!.total])).toEqual(Array(5).fill(['paid', 2000]));
    expect(results.filter((r) => r.outcome === 'refused').map((r) => r.code)).toEqual(
      Array(45).fill('DISCOUNT_CODE_USED_UP'),
    );
    const [counted] = await query<{ used: number; paid: number }>(
      t.ctx,
      sql`select d.used, (select count(*)::int from orders o where o.discount_id = d.id and o.payment_status = 'paid') as paid
        from discounts d where d.id = ${code.id}`,
    );
    expect(counted).toEqual({ used: 5, paid: 5 });
    // Nothing was charged at the discounted price beyond the five.
    const [charged] = await query<{ n: number }>(
      t.ctx,
      sql`select count(*)::int as n from payments p join orders o on o.id = p.order_id
        where o.discount_id = ${code.id} and p.status = 'approved'`,
    );
    expect(charged?.n).toBe(5);
  });
});
