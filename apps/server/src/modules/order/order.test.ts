import { formatMoney, type OrderDetails, type OrderListPage } from '@shop/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  addToBasket,
  call,
  catalogOwner,
  confirmedCheckout,
  createTariff,
  createTestApp,
  dataOf,
  errorOf,
  fieldCodes,
  mailbox,
  merchant,
  query,
  stockOf,
  type TestApp,
  visitor,
} from '../../testing/app.js';
import { archive, buy, details, fulfil, lineOf, type Owner, orderUrl, product, refund } from '../../testing/orders.js';
import { OrderService } from './service.js';

/**
 * Running an order to the end from the control panel (issue 5): fulfil, refund, archive, the
 * open/closed rules, the timeline and the shopper's e-mails, order settings and numbering.
 * The sandbox provider gives money back at once; Epoint's refusals are in refund-epoint.test.ts.
 */

let t: TestApp;
let owner: Owner;
let tariff: { id: string; price: number };

beforeAll(async () => {
  t = await createTestApp();
  owner = await catalogOwner(t.app);
  tariff = await createTariff(t.app, owner.token, owner.market.id, { price: 500 });
});
afterAll(async () => {
  await t?.close();
});

/** A paid order of two lines: 2 × A (10.00) and 1 × B (25.00), plus 5.00 delivery = 50.00. */
async function twoLines(options: { language?: string; pay?: boolean } = {}) {
  const a = await product(t.app, owner, { price: 1000, stock: 10 });
  const b = await product(t.app, owner, { price: 2500, stock: 5 });
  const bought = await buy(
    t.app,
    owner,
    tariff.id,
    [
      { productId: a.id, quantity: 2 },
      { productId: b.id, quantity: 1 },
    ],
    options,
  );
  return { a, b, ...bought };
}

const kinds = (order: OrderDetails) => order.events.map((e) => e.kind);

async function listOf(view: string, extra = '') {
  return dataOf<OrderListPage>(
    await call(
      t.app,
      owner.token,
      'GET',
      `/api/Order/market?marketId=${owner.market.id}&view=${view}&pageSize=100${extra}`,
    ),
  );
}

const catalogVersion = async () =>
  (await query<{ v: number }>(t.ctx, sql`select catalog_version as v from markets where id = ${owner.market.id}`))[0]!
    .v;

const customerOf = async (email: string) =>
  (
    await query<{ first_name: string; last_name: string; phone: string; orders_count: number; total_spent: number }>(
      t.ctx,
      sql`select first_name, last_name, phone, orders_count, total_spent from customers
        where market_id = ${owner.market.id} and email = ${email.toLowerCase()}`,
    )
  )[0];

describe('the order page', () => {
  it('shows a paid order with its lines, figures and a timeline of what happened', async () => {
    const { a, b, order, email } = await twoLines({ language: 'az' });
    const seen = await details(t.app, owner, order.id);
    expect(seen).toMatchObject({
      id: order.id,
      marketId: owner.market.id,
      number: order.number,
      name: `#${order.number}`,
      paymentStatus: 'paid',
      fulfillmentStatus: 'unfulfilled',
      closed: false,
      archived: false,
      email,
      subtotal: 4500,
      shippingPrice: 500,
      total: 5000,
      refundedAmount: 0,
      refundable: 5000,
      cardMask: '424242******4242',
      language: 'az',
      shippingAddress: { firstName: 'Aysel', lastName: 'Məmmədova', region: 'baku' },
    });
    expect(seen.paidAt).not.toBeNull();
    expect(
      seen.items.map((i) => [i.productId, i.quantity, i.lineTotal, i.fulfilledQuantity, i.refundedQuantity]),
    ).toEqual([
      [a.id, 2, 2000, 0, 0],
      [b.id, 1, 2500, 0, 0],
    ]);
    expect(kinds(seen)).toEqual(['placed', 'payment_started', 'paid', 'email_sent']);
    expect(seen.events[2]!.data).toMatchObject({ amount: 5000, cardMask: '424242******4242' });
    expect(seen.events[3]!.data).toMatchObject({ mail: 'confirmation', to: email });
    const times = seen.events.map((e) => e.createdAt);
    expect([...times].sort()).toEqual(times);
  });

  it('a declined card is on the timeline too', async () => {
    const { order } = await twoLines({ pay: false });
    const declined = await buy(
      t.app,
      owner,
      tariff.id,
      [{ productId: (await product(t.app, owner)).id, quantity: 1 }],
      {
        pay: 'decline',
      },
    );
    expect(kinds(await details(t.app, owner, order.id))).toEqual(['placed']);
    const seen = await details(t.app, owner, declined.order.id);
    expect(seen.paymentStatus).toBe('failed');
    expect(kinds(seen)).toEqual(['placed', 'payment_started', 'payment_failed']);
    // The sandbox's "Declined" as a cause the panel says in the merchant's language.
    expect(seen.events[2]!.data).toMatchObject({ code: '100', cause: 'declined', reason: 'Declined' });
  });

  it('unknown, malformed, unplaced and other markets’ ids are 404 on every order route', async () => {
    const { order } = await twoLines();
    const otherMarket = dataOf<{ id: string }>(
      await call(t.app, owner.token, 'POST', '/api/Market/create-store', { name: `second-${Date.now()}`, sectorId: 1 }),
      201,
    );
    // A checkout that was never placed is not an order of the panel.
    const unplaced = await checkoutOnly();
    const ids = ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', unplaced];
    for (const id of ids) {
      for (const [method, url, body] of [
        ['GET', orderUrl(owner, id), undefined],
        ['PUT', orderUrl(owner, id, 'fulfill'), {}],
        ['PUT', orderUrl(owner, id, 'cancel'), {}],
        ['PUT', orderUrl(owner, id, 'archive'), { archived: true }],
        ['POST', `/api/Payment/reverse/${id}`, {}],
      ] as const) {
        const response = await call(t.app, owner.token, method, url, body);
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        expect(errorOf(response)).toEqual({ code: 'NOT_FOUND', message: 'Not found' });
      }
    }
    // The order exists, but not in the market named.
    const elsewhere = `/api/Order/${order.id}?marketId=${otherMarket.id}`;
    expect((await call(t.app, owner.token, 'GET', elsewhere)).statusCode).toBe(404);
    const fulfilElsewhere = `/api/Order/fulfill/${order.id}?marketId=${otherMarket.id}`;
    expect((await call(t.app, owner.token, 'PUT', fulfilElsewhere, {})).statusCode).toBe(404);
    expect((await details(t.app, owner, order.id)).fulfillmentStatus).toBe('unfulfilled');
    // Nobody signed in: 401 before anything else.
    expect((await call(t.app, null, 'GET', orderUrl(owner, order.id))).statusCode).toBe(401);
    expect((await call(t.app, null, 'POST', `/api/Payment/reverse/${order.id}`, {})).statusCode).toBe(401);
  });

  it('another merchant gets 404 from every order route and changes nothing', async () => {
    const { a, order } = await twoLines();
    const stranger = await merchant(t.app);
    const before = await details(t.app, owner, order.id);
    const requests = [
      ['GET', orderUrl(owner, order.id), undefined],
      ['GET', `/api/Order/market?marketId=${owner.market.id}`, undefined],
      ['GET', `/api/Order/export?marketId=${owner.market.id}`, undefined],
      ['PUT', orderUrl(owner, order.id, 'fulfill'), {}],
      ['PUT', orderUrl(owner, order.id, 'cancel'), { restock: [{ orderItemId: before.items[0]!.id, quantity: 1 }] }],
      ['PUT', orderUrl(owner, order.id, 'archive'), { archived: true }],
      ['POST', `/api/Payment/reverse/${order.id}`, {}],
      [
        'PUT',
        '/api/Market/order-settings',
        { marketId: owner.market.id, orderPrefix: 'X', orderSuffix: '', autoFulfill: true },
      ],
    ] as const;
    for (const [method, url, body] of requests) {
      const response = await call(t.app, stranger.token, method, url, body);
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(404);
      expect(errorOf(response)).toEqual({ code: 'NOT_FOUND', message: 'Not found' });
    }
    expect(await details(t.app, owner, order.id)).toEqual(before);
    expect(await stockOf(t.ctx, a.id)).toEqual({ stock: 8, reserved: 0 });
  });
});

/** A confirmed checkout that was not placed: its id names no order. */
async function checkoutOnly(): Promise<string> {
  const item = await product(t.app, owner);
  const uniqueCode = visitor();
  dataOf(await addToBasket(t.app, owner.market.id, uniqueCode, item.id));
  return (await confirmedCheckout(t.app, owner.market.id, uniqueCode, tariff.id)).id;
}

describe('fulfilling', () => {
  it('one line first, then the rest: partial, then fulfilled and closed; the shopper hears each time', async () => {
    const { a, b, order, email } = await twoLines({ language: 'az' });
    const first = await details(t.app, owner, order.id);
    const partial = dataOf<OrderDetails>(
      await fulfil(t.app, owner, order.id, { items: [{ orderItemId: lineOf(first, a.id).id, quantity: 1 }] }),
    );
    expect(partial.fulfillmentStatus).toBe('partial');
    expect(partial.closed).toBe(false);
    expect(lineOf(partial, a.id).fulfilledQuantity).toBe(1);
    expect(lineOf(partial, b.id).fulfilledQuantity).toBe(0);
    expect(partial.events.at(-2)).toMatchObject({
      kind: 'fulfilled',
      data: { fulfillmentStatus: 'partial', items: [{ orderItemId: lineOf(first, a.id).id, quantity: 1 }] },
    });
    expect(partial.events.at(-1)).toMatchObject({ kind: 'email_sent', data: { mail: 'fulfillment', to: email } });
    const [mail] = await mailbox(t.app, email);
    expect(mail!.subject).toBe(`Sifarişiniz yola salındı: ${order.name} · ${owner.market.name}`);
    expect(mail!.text).toContain('Sifarişinizin bir hissəsi yola salındı');

    // The rest: no list means every unit left.
    const whole = dataOf<OrderDetails>(await fulfil(t.app, owner, order.id, {}));
    expect(whole.fulfillmentStatus).toBe('fulfilled');
    expect(whole.closed).toBe(true);
    expect(whole.items.map((i) => i.fulfilledQuantity)).toEqual([2, 1]);
    expect(whole.events.filter((e) => e.kind === 'fulfilled').at(-1)!.data).toMatchObject({
      fulfillmentStatus: 'fulfilled',
      items: [
        { orderItemId: lineOf(first, a.id).id, quantity: 1 },
        { orderItemId: lineOf(first, b.id).id, quantity: 1 },
      ],
    });
    const mails = await mailbox(t.app, email);
    expect(mails[0]!.text).toContain('Sifarişinizin bütün məhsulları yola salındı');
    const [row] = await query<{ fulfilled_at: Date | null }>(
      t.ctx,
      sql`select fulfilled_at from orders where id = ${order.id}`,
    );
    expect(row?.fulfilled_at).toBeTruthy();

    // Nothing is left to send.
    const again = await fulfil(t.app, owner, order.id, {});
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toEqual({
      code: 'ORDER_ALREADY_FULFILLED',
      message: 'Every item of this order is already fulfilled',
    });
  });

  it('without notify, nobody is mailed; a request with no body fulfils everything', async () => {
    const { order, email } = await twoLines();
    const before = (await mailbox(t.app, email)).length;
    const response = await t.app.inject({
      method: 'PUT',
      url: orderUrl(owner, order.id, 'fulfill'),
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(dataOf<OrderDetails>(response).fulfillmentStatus).toBe('fulfilled');
    expect((await mailbox(t.app, email)).length).toBe(before + 1);
    const { order: quiet, email: quietEmail } = await twoLines();
    dataOf(await fulfil(t.app, owner, quiet.id, { notify: false }));
    expect(await mailbox(t.app, quietEmail)).toHaveLength(1); // the confirmation only
    expect(kinds(await details(t.app, owner, quiet.id)).at(-1)).toBe('fulfilled');
  });

  it('quantities above what is left, unknown or repeated lines: 400 at the field, nothing changes', async () => {
    const { a, b, order } = await twoLines();
    const seen = await details(t.app, owner, order.id);
    const lineA = lineOf(seen, a.id).id;
    const lineB = lineOf(seen, b.id).id;
    const cases: [unknown, Record<string, string>][] = [
      [{ items: [{ orderItemId: lineA, quantity: 3 }] }, { 'items.0.quantity': 'quantityTooLarge' }],
      [
        {
          items: [
            { orderItemId: lineB, quantity: 1 },
            { orderItemId: '00000000-0000-4000-8000-000000000001', quantity: 1 },
          ],
        },
        { 'items.1.orderItemId': 'NOT_FOUND' },
      ],
      [
        {
          items: [
            { orderItemId: lineA, quantity: 1 },
            { orderItemId: lineA, quantity: 1 },
          ],
        },
        { 'items.1.orderItemId': 'duplicateValue' },
      ],
      [{ items: [{ orderItemId: lineA, quantity: 0 }] }, { 'items.0.quantity': 'invalidQuantity' }],
      [{ items: [] }, { items: 'required' }],
      [{ items: [{ orderItemId: lineA, quantity: 1 }], extra: true }, { extra: 'unknownField' }],
    ];
    for (const [body, fields] of cases) {
      const response = await fulfil(t.app, owner, order.id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(fieldCodes(response)).toEqual(fields);
    }
    const message = errorOf(await fulfil(t.app, owner, order.id, cases[0]![0])).fields!['items.0.quantity']!.message;
    expect(message).toBe('More than what is left of this item');
    expect(await details(t.app, owner, order.id)).toEqual(seen);
  });

  it('an unpaid order or a canceled one can not be fulfilled: 409 with its reason', async () => {
    const unpaid = await twoLines({ pay: false });
    const response = await fulfil(t.app, owner, unpaid.order.id, {});
    expect(response.statusCode).toBe(409);
    expect(errorOf(response)).toEqual({
      code: 'ORDER_NOT_PAID',
      message: 'This order is not paid, so it can not be fulfilled or refunded',
    });
    const { order } = await twoLines();
    dataOf(await refund(t.app, owner, order.id, {}));
    const canceled = await fulfil(t.app, owner, order.id, {});
    expect(canceled.statusCode).toBe(409);
    expect(errorOf(canceled)).toEqual({
      code: 'ORDER_CANCELED',
      message: 'This order is canceled or refunded in full',
    });
    const az = await t.app.inject({
      method: 'PUT',
      url: orderUrl(owner, order.id, 'fulfill'),
      headers: { authorization: `Bearer ${owner.token}`, 'accept-language': 'az' },
      payload: {},
    });
    expect(errorOf(az).message).toBe('Bu sifariş ləğv olunub və ya pulu tam geri qaytarılıb');
    expect((await details(t.app, owner, order.id)).fulfillmentStatus).toBe('unfulfilled');
  });

  it('an unexpected failure answers "Failed to fulfill order"', async () => {
    const { order } = await twoLines();
    const spy = vi.spyOn(OrderService.prototype, 'fulfil').mockRejectedValueOnce(new Error('disk on fire'));
    try {
      const response = await fulfil(t.app, owner, order.id, {});
      expect(response.statusCode).toBe(500);
      expect(errorOf(response)).toEqual({ code: 'FULFILL_FAILED', message: 'Failed to fulfill order' });
      expect(response.body).not.toContain('disk on fire');
    } finally {
      spy.mockRestore();
    }
  });
});

describe('refunding', () => {
  it('part first, then the rest: restocked units, refunds, the customer’s total, and at the end canceled and closed', async () => {
    const { a, b, order, email } = await twoLines({ language: 'en' });
    expect(await stockOf(t.ctx, a.id)).toEqual({ stock: 8, reserved: 0 });
    expect(await customerOf(email)).toMatchObject({ orders_count: 1, total_spent: 5000 });
    const seen = await details(t.app, owner, order.id);

    const part = dataOf<OrderDetails>(
      await refund(t.app, owner, order.id, {
        amount: 1000,
        restock: [{ orderItemId: lineOf(seen, a.id).id, quantity: 1 }],
        reason: 'One mug arrived broken',
      }),
    );
    expect(part).toMatchObject({ paymentStatus: 'paid', refundedAmount: 1000, refundable: 4000, closed: false });
    expect(lineOf(part, a.id).refundedQuantity).toBe(1);
    expect(await stockOf(t.ctx, a.id)).toEqual({ stock: 9, reserved: 0 });
    expect(await stockOf(t.ctx, b.id)).toEqual({ stock: 4, reserved: 0 });
    expect(await customerOf(email)).toMatchObject({ orders_count: 1, total_spent: 4000 });
    const refunded = part.events.find((e) => e.kind === 'refunded')!;
    expect(refunded.data).toEqual({
      amount: 1000,
      refundedAmount: 1000,
      full: false,
      reason: 'One mug arrived broken',
      // Who did it: the owner here, named by their e-mail as they gave no name.
      by: owner.email,
      restock: [{ orderItemId: lineOf(seen, a.id).id, title: a.title, variantTitle: null, quantity: 1 }],
    });
    expect(part.events.at(-1)).toMatchObject({ kind: 'email_sent', data: { mail: 'refund', to: email } });
    const [mail] = await mailbox(t.app, email);
    expect(mail!.subject).toBe(`Your money has been refunded: ${order.name} · ${owner.market.name}`);
    expect(mail!.text).toContain(`We have refunded ${formatMoney(1000, 'en')} of your order`);
    expect(mail!.text).toContain('One mug arrived broken');
    expect(mail!.text).not.toContain('canceled');
    // The restocked unit is no longer to be sent: one of A and one of B are left.
    expect(part.items.map((i) => i.quantity - i.fulfilledQuantity - i.refundedQuantity)).toEqual([1, 1]);
    const adjustments = await query<{ delta: number; reason: string; note: string }>(
      t.ctx,
      sql`select delta, reason, note from inventory_adjustments where product_id = ${a.id}`,
    );
    expect(adjustments).toEqual([{ delta: 1, reason: 'returned', note: order.name }]);

    // The rest, by the SPEC's other path: POST /Payment/reverse/{id}.
    const rest = dataOf<OrderDetails>(await call(t.app, owner.token, 'POST', `/api/Payment/reverse/${order.id}`, {}));
    expect(rest).toMatchObject({
      paymentStatus: 'canceled',
      refundedAmount: 5000,
      refundable: 0,
      closed: true,
    });
    expect(kinds(rest).slice(-3)).toEqual(['refunded', 'canceled', 'email_sent']);
    expect(rest.events.filter((e) => e.kind === 'refunded').at(-1)!.data).toMatchObject({
      amount: 4000,
      refundedAmount: 5000,
      full: true,
    });
    expect((await mailbox(t.app, email))[0]!.text).toContain('Your order has been canceled.');
    expect(await customerOf(email)).toMatchObject({ orders_count: 1, total_spent: 0 });
    const rows = await query<{ amount: number; status: string }>(
      t.ctx,
      sql`select amount, status from refunds where order_id = ${order.id} order by created_at`,
    );
    expect(rows).toEqual([
      { amount: 1000, status: 'succeeded' },
      { amount: 4000, status: 'succeeded' },
    ]);
    const [payment] = await query<{ status: string }>(
      t.ctx,
      sql`select status from payments where order_id = ${order.id}`,
    );
    expect(payment!.status).toBe('reversed');
    // Stock is only what was chosen to come back.
    expect(await stockOf(t.ctx, a.id)).toEqual({ stock: 9, reserved: 0 });

    // Refunding twice beyond what was paid: refused, nothing changes.
    const twice = await refund(t.app, owner, order.id, { amount: 100 });
    expect(twice.statusCode).toBe(409);
    expect(errorOf(twice).code).toBe('ORDER_CANCELED');
    expect((await details(t.app, owner, order.id)).refundedAmount).toBe(5000);
  });

  it('never more than what is left of the payment: 400 at amount; restock above what is left: 400 at the line', async () => {
    const { a, order } = await twoLines();
    const seen = await details(t.app, owner, order.id);
    const above = await refund(t.app, owner, order.id, { amount: 5001 });
    expect(above.statusCode).toBe(400);
    expect(fieldCodes(above)).toEqual({ amount: 'refundTooLarge' });
    expect(errorOf(above).fields!.amount!.message).toBe('More than what is left to refund of the payment');
    dataOf(await refund(t.app, owner, order.id, { amount: 3000, notify: false }));
    const beyond = await refund(t.app, owner, order.id, { amount: 2001 });
    expect(fieldCodes(beyond)).toEqual({ amount: 'refundTooLarge' });
    const lineA = lineOf(seen, a.id).id;
    const tooMany = await refund(t.app, owner, order.id, {
      amount: 100,
      restock: [{ orderItemId: lineA, quantity: 3 }],
    });
    expect(fieldCodes(tooMany)).toEqual({ 'restock.0.quantity': 'quantityTooLarge' });
    const zero = await refund(t.app, owner, order.id, { amount: 0 });
    expect(fieldCodes(zero)).toEqual({ amount: 'invalidPrice' });
    const after = await details(t.app, owner, order.id);
    expect(after.refundedAmount).toBe(3000);
    expect(await stockOf(t.ctx, a.id)).toEqual({ stock: 8, reserved: 0 });
    const rows = await query<{ n: number }>(
      t.ctx,
      sql`select count(*)::int as n from refunds where order_id = ${order.id}`,
    );
    expect(rows[0]!.n).toBe(1);
    // The rest is exactly what is left.
    expect(dataOf<OrderDetails>(await refund(t.app, owner, order.id, { amount: 2000 })).paymentStatus).toBe('canceled');
  });

  it('restocks units of a variant, keeps the product’s sum, and only the chosen lines', async () => {
    const item = await product(t.app, owner, {
      options: [{ name: 'Size', values: ['S', 'M'] }],
      variants: [
        { options: ['S'], price: 1500, stock: 4 },
        { options: ['M'], price: 1500, stock: 6 },
      ],
    });
    const [s, m] = item.variants as unknown as [{ id: string }, { id: string }];
    const { order } = await buy(t.app, owner, tariff.id, [
      { productId: item.id, variantId: s.id, quantity: 2 },
      { productId: item.id, variantId: m.id, quantity: 3 },
    ]);
    expect(await stockOf(t.ctx, item.id, s.id)).toEqual({ stock: 2, reserved: 0 });
    expect(await stockOf(t.ctx, item.id)).toMatchObject({ stock: 5 });
    const seen = await details(t.app, owner, order.id);
    const lineS = seen.items.find((i) => i.variantId === s.id)!;
    // One unit of S went out before the refund; both come back (a return).
    dataOf(await fulfil(t.app, owner, order.id, { items: [{ orderItemId: lineS.id, quantity: 1 }], notify: false }));
    const versionBefore = await catalogVersion();
    const after = dataOf<OrderDetails>(
      await refund(t.app, owner, order.id, { amount: 3000, restock: [{ orderItemId: lineS.id, quantity: 2 }] }),
    );
    expect(await stockOf(t.ctx, item.id, s.id)).toEqual({ stock: 4, reserved: 0 });
    expect(await stockOf(t.ctx, item.id, m.id)).toEqual({ stock: 3, reserved: 0 });
    expect(await stockOf(t.ctx, item.id)).toMatchObject({ stock: 7 });
    // S: 1 sent, 2 back → nothing left of it; M: 3 to send: still partly fulfilled.
    expect(after.fulfillmentStatus).toBe('partial');
    expect(after.items.find((i) => i.variantId === s.id)).toMatchObject({ fulfilledQuantity: 1, refundedQuantity: 2 });
    // The storefront sees the stock again: the catalog version moved on.
    expect(await catalogVersion()).toBeGreaterThan(versionBefore);
  });

  it('restocking what was not sent yet can complete a partial fulfilment', async () => {
    const { a, b, order } = await twoLines();
    const seen = await details(t.app, owner, order.id);
    dataOf(await fulfil(t.app, owner, order.id, { items: [{ orderItemId: lineOf(seen, a.id).id, quantity: 2 }] }));
    const after = dataOf<OrderDetails>(
      await refund(t.app, owner, order.id, {
        amount: 2500,
        restock: [{ orderItemId: lineOf(seen, b.id).id, quantity: 1 }],
      }),
    );
    // Paid (in part refunded) and nothing left to send: fulfilled, closed.
    expect(after).toMatchObject({ paymentStatus: 'paid', fulfillmentStatus: 'fulfilled', closed: true });
  });

  it('an unpaid order has nothing to refund: 409', async () => {
    const { order } = await twoLines({ pay: false });
    const response = await refund(t.app, owner, order.id, { amount: 100 });
    expect(response.statusCode).toBe(409);
    expect(errorOf(response).code).toBe('ORDER_NOT_PAID');
    const reverse = await call(t.app, owner.token, 'POST', `/api/Payment/reverse/${order.id}`, {});
    expect(errorOf(reverse).code).toBe('ORDER_NOT_PAID');
  });
});

describe('open and closed', () => {
  it('views follow the rule, and the SQL of the list agrees with each order’s `closed`', async () => {
    const unpaid = (await twoLines({ pay: false })).order.id;
    const paid = (await twoLines()).order.id;
    const partial = (await twoLines()).order.id;
    {
      const seen = await details(t.app, owner, partial);
      dataOf(await fulfil(t.app, owner, partial, { items: [{ orderItemId: seen.items[0]!.id, quantity: 1 }] }));
    }
    const fulfilled = (await twoLines()).order.id;
    dataOf(await fulfil(t.app, owner, fulfilled, {}));
    const refunded = (await twoLines()).order.id;
    dataOf(await refund(t.app, owner, refunded, {}));
    const partlyRefunded = (await twoLines()).order.id;
    dataOf(await refund(t.app, owner, partlyRefunded, { amount: 100 }));
    const archived = (await twoLines()).order.id;
    const archivedView = dataOf<OrderDetails>(await archive(t.app, owner, archived, true));
    expect(archivedView).toMatchObject({ archived: true, closed: true });
    expect(kinds(archivedView).at(-1)).toBe('archived');

    const expected: Record<string, { closed: boolean; unfulfilled: boolean }> = {
      [unpaid]: { closed: false, unfulfilled: false },
      [paid]: { closed: false, unfulfilled: true },
      [partial]: { closed: false, unfulfilled: true },
      [fulfilled]: { closed: true, unfulfilled: false },
      [refunded]: { closed: true, unfulfilled: false },
      [partlyRefunded]: { closed: false, unfulfilled: true },
      [archived]: { closed: true, unfulfilled: false },
    };
    const ids = (page: OrderListPage) => page.items.map((i) => i.id).filter((id) => id in expected);
    const [all, open, closed, unfulfilled] = await Promise.all([
      listOf('all'),
      listOf('open'),
      listOf('closed'),
      listOf('unfulfilled'),
    ]);
    for (const [id, rule] of Object.entries(expected)) {
      const order = await details(t.app, owner, id);
      expect(order.closed, id).toBe(rule.closed);
      expect(ids(all)).toContain(id);
      expect(ids(closed).includes(id), `${id} closed`).toBe(rule.closed);
      expect(ids(open).includes(id), `${id} open`).toBe(!rule.closed);
      expect(ids(unfulfilled).includes(id), `${id} unfulfilled`).toBe(rule.unfulfilled);
      expect(all.items.find((i) => i.id === id)?.closed).toBe(rule.closed);
    }
    // Every order of the store is in exactly one of open and closed.
    expect(open.total + closed.total).toBe(all.total);

    // Unarchived, it is open again (paid, nothing sent).
    const reopened = dataOf<OrderDetails>(await archive(t.app, owner, archived, false));
    expect(reopened).toMatchObject({ archived: false, closed: false });
    expect(kinds(reopened).at(-1)).toBe('unarchived');
    expect(ids(await listOf('open'))).toContain(archived);
    // Archiving twice changes nothing more.
    dataOf(await archive(t.app, owner, archived, false));
    expect(kinds(await details(t.app, owner, archived)).filter((k) => k === 'unarchived')).toHaveLength(1);
    const bad = await call(t.app, owner.token, 'PUT', orderUrl(owner, archived, 'archive'), { archived: 'yes' });
    expect(fieldCodes(bad)).toEqual({ archived: 'invalidValue' });
  });
});

describe('order settings and numbering', () => {
  it('prefix and suffix name new orders only; numbers go on; automatic fulfilment on payment', async () => {
    const shopOwner = await catalogOwner(t.app);
    const shopTariff = await createTariff(t.app, shopOwner.token, shopOwner.market.id, { price: 0, isFree: true });
    const item = await product(t.app, shopOwner, { stock: 20 });
    const byId = async () =>
      dataOf<Record<string, unknown>>(
        await call(t.app, shopOwner.token, 'GET', `/api/Market/get-store-by-id/${shopOwner.market.id}`),
      );
    expect(await byId()).toMatchObject({
      orderPrefix: '#',
      orderSuffix: '',
      autoFulfill: false,
      nextOrderNumber: 1001,
    });

    const first = await buy(t.app, shopOwner, shopTariff.id, [{ productId: item.id, quantity: 1 }]);
    expect(first.order).toMatchObject({ number: 1001, name: '#1001' });

    const settings = dataOf(
      await call(t.app, shopOwner.token, 'PUT', '/api/Market/order-settings', {
        marketId: shopOwner.market.id,
        orderPrefix: 'SHOP-',
        orderSuffix: '-AZ',
        autoFulfill: true,
      }),
    );
    expect(settings).toEqual({ orderPrefix: 'SHOP-', orderSuffix: '-AZ', autoFulfill: true, nextOrderNumber: 1002 });
    expect(await byId()).toMatchObject({ orderPrefix: 'SHOP-', orderSuffix: '-AZ', autoFulfill: true });

    const second = await buy(t.app, shopOwner, shopTariff.id, [{ productId: item.id, quantity: 2 }]);
    expect(second.order).toMatchObject({ number: 1002, name: 'SHOP-1002-AZ' });
    expect((await details(t.app, shopOwner, first.order.id)).name).toBe('#1001');
    const auto = await details(t.app, shopOwner, second.order.id);
    expect(auto).toMatchObject({ paymentStatus: 'paid', fulfillmentStatus: 'fulfilled', closed: true });
    expect(auto.items[0]!.fulfilledQuantity).toBe(2);
    expect(auto.events.find((e) => e.kind === 'fulfilled')!.data).toMatchObject({ automatic: true });
    // The first order was paid before: it stays as it was.
    expect((await details(t.app, shopOwner, first.order.id)).fulfillmentStatus).toBe('unfulfilled');

    const bad = await call(t.app, shopOwner.token, 'PUT', '/api/Market/order-settings', {
      marketId: shopOwner.market.id,
      orderPrefix: 'has space',
      orderSuffix: 'waytoolongsuffix',
      autoFulfill: 'no',
    });
    expect(fieldCodes(bad)).toEqual({
      orderPrefix: 'invalidValue',
      orderSuffix: 'tooLong',
      autoFulfill: 'invalidValue',
    });
    expect(await byId()).toMatchObject({ orderPrefix: 'SHOP-', orderSuffix: '-AZ', nextOrderNumber: 1003 });
  });
});

describe('customers', () => {
  it('a paid order counts its shopper once per e-mail, with the latest name; failed payments do not count', async () => {
    const email = `Repeat.${Date.now()}@Example.az`;
    const item = await product(t.app, owner, { price: 2000 });
    await buy(t.app, owner, tariff.id, [{ productId: item.id, quantity: 1 }], { email });
    expect(await customerOf(email)).toEqual({
      first_name: 'Aysel',
      last_name: 'Məmmədova',
      phone: '+994102345678',
      orders_count: 1,
      total_spent: 2500,
    });
    await buy(t.app, owner, tariff.id, [{ productId: item.id, quantity: 2 }], { email: email.toLowerCase() });
    await buy(t.app, owner, tariff.id, [{ productId: item.id, quantity: 1 }], { email, pay: 'decline' });
    expect(await customerOf(email)).toMatchObject({ orders_count: 2, total_spent: 2500 + 4500 });
    const [row] = await query<{ first_order_at: Date; last_order_at: Date }>(
      t.ctx,
      sql`select first_order_at, last_order_at from customers where market_id = ${owner.market.id}
        and email = ${email.toLowerCase()}`,
    );
    expect(new Date(row!.first_order_at).getTime()).toBeLessThan(new Date(row!.last_order_at).getTime());
  });
});
