import type { OrderDetails } from '@shop/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
  orderStatus,
  placeOrder,
  query,
  stockOf,
  type TestApp,
  visitor,
} from '../../testing/app.js';
import { type EpointStandIn, startEpointStandIn } from '../../testing/epoint-stand-in.js';
import { details, lineOf, type Owner, product, refund } from '../../testing/orders.js';
import { atOnce } from '../../testing/row-locks.js';

/**
 * Refunds through Epoint's reverse call (DESIGN §5), against the local stand-in over real HTTP:
 * what the bank is asked, what happens when it refuses or can not be reached, and two refunds
 * at the same moment (on PostgreSQL really at once).
 */

let standIn: EpointStandIn;
let t: TestApp;
let shopUrl: string;
let owner: Owner;
let tariff: { id: string };

beforeAll(async () => {
  standIn = await startEpointStandIn();
  t = await createTestApp({
    payments: {
      provider: 'epoint',
      sandboxSecret: 'unused-in-epoint-mode-0123456789',
      epoint: { publicKey: standIn.publicKey, privateKey: standIn.privateKey, apiUrl: standIn.url },
    },
  });
  shopUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
  standIn.resultUrl = `${shopUrl}/api/Payment/result/epoint`;
  owner = await catalogOwner(t.app);
  tariff = await createTariff(t.app, owner.token, owner.market.id, { price: 500 });
});
afterAll(async () => {
  await t?.close();
  await standIn?.close();
});

/** A paid Epoint order: 2 × 20.00 AZN + 5.00 delivery = 45.00 AZN. */
async function paidOrder() {
  const item = await product(t.app, owner, { price: 2000, stock: 10 });
  const uniqueCode = visitor();
  dataOf(await addToBasket(t.app, owner.market.id, uniqueCode, item.id, { quantity: 2 }));
  const order = await placeOrder(
    t.app,
    await confirmedCheckout(t.app, owner.market.id, uniqueCode, tariff.id),
    uniqueCode,
  );
  const started = await fetch(`${shopUrl}/api/Payment/start`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ orderId: order.id, uniqueCode }),
  });
  const { redirectUrl } = ((await started.json()) as { data: { redirectUrl: string } }).data;
  const transaction = new URL(redirectUrl).pathname.split('/').pop() as string;
  await standIn.settle(transaction, 'approve');
  expect((await orderStatus(t.app, order.id, uniqueCode)).paymentStatus).toBe('paid');
  const bank = standIn.payments.get(transaction);
  if (!bank) throw new Error('the stand-in lost the payment');
  return { item, order, transaction, bank };
}

const reverseCalls = () => standIn.calls.filter((c) => c.path === '/api/1/reverse');

const refundRows = (orderId: string) =>
  query<{ amount: number; status: string; message: string | null }>(
    t.ctx,
    sql`select amount, status, message from refunds where order_id = ${orderId} order by created_at`,
  );

describe('refunds through Epoint', () => {
  it('part, then the rest: each is a signed reverse of the payment’s transaction for that amount', async () => {
    const { order, transaction, bank } = await paidOrder();
    const before = reverseCalls().length;
    const part = dataOf<OrderDetails>(await refund(t.app, owner, order.id, { amount: 1050 }));
    expect(part).toMatchObject({ paymentStatus: 'paid', refundedAmount: 1050, refundable: 3450 });
    const [first] = reverseCalls().slice(before);
    expect(first!.signatureValid).toBe(true);
    expect(first!.payload).toEqual({
      public_key: standIn.publicKey,
      language: 'az',
      transaction,
      currency: 'AZN',
      amount: 10.5,
    });
    expect(first!.reply).toMatchObject({ status: 'success' });
    expect(bank.reversed).toBe(10.5);

    const rest = dataOf<OrderDetails>(await refund(t.app, owner, order.id, {}));
    expect(rest).toMatchObject({ paymentStatus: 'canceled', refundedAmount: 4500, closed: true });
    expect(
      reverseCalls()
        .slice(before)
        .map((c) => c.payload?.amount),
    ).toEqual([10.5, 34.5]);
    expect(bank).toMatchObject({ reversed: 45, status: 'returned' });
    expect(await refundRows(order.id)).toEqual([
      { amount: 1050, status: 'succeeded', message: null },
      { amount: 3450, status: 'succeeded', message: null },
    ]);
  });

  it('when Epoint refuses: REFUND_FAILED with its reason, and nothing changes but the failed refund', async () => {
    const { item, order, bank } = await paidOrder();
    // The bank believes it already gave everything back (e.g. a refund made in its own panel).
    bank.reversed = bank.charged;
    const seen = await details(t.app, owner, order.id);
    const customer = () =>
      query(t.ctx, sql`select orders_count, total_spent from customers where market_id = ${owner.market.id}`);
    const customersBefore = await customer();
    const response = await refund(t.app, owner, order.id, {
      amount: 1000,
      restock: [{ orderItemId: lineOf(seen, item.id).id, quantity: 1 }],
      reason: 'Broken',
    });
    expect(response.statusCode).toBe(502);
    expect(errorOf(response)).toEqual({
      code: 'REFUND_FAILED',
      message: 'Failed to refund order',
      reason: 'Amount exceeds the paid amount',
    });
    const after = await details(t.app, owner, order.id);
    expect({ ...after, events: after.events.slice(0, -1) }).toEqual(seen);
    expect(after.events.at(-1)).toMatchObject({
      kind: 'refund_failed',
      data: { amount: 1000, reason: 'Amount exceeds the paid amount' },
    });
    expect(await stockOf(t.ctx, item.id)).toEqual({ stock: 8, reserved: 0 });
    expect(await customer()).toEqual(customersBefore);
    expect(await refundRows(order.id)).toEqual([
      { amount: 1000, status: 'failed', message: 'Amount exceeds the paid amount' },
    ]);
    // In Azerbaijani, the catalogue's words; the bank's own stay as they came.
    const az = await t.app.inject({
      method: 'PUT',
      url: `/api/Order/cancel/${order.id}?marketId=${owner.market.id}`,
      headers: { authorization: `Bearer ${owner.token}`, 'accept-language': 'az' },
      payload: { amount: 1000 },
    });
    expect(errorOf(az)).toEqual({
      code: 'REFUND_FAILED',
      message: 'Sifarişin pulunu geri qaytarmaq alınmadı',
      reason: 'Amount exceeds the paid amount',
    });
  });

  it('when Epoint can not be reached: REFUND_FAILED, nothing refunded; once it is back the refund goes through', async () => {
    const { order } = await paidOrder();
    await standIn.stop();
    let response: Awaited<ReturnType<typeof refund>>;
    try {
      response = await refund(t.app, owner, order.id, { amount: 500 });
    } finally {
      await standIn.start();
    }
    expect(response.statusCode).toBe(502);
    expect(errorOf(response).code).toBe('REFUND_FAILED');
    expect((errorOf(response) as { reason?: string }).reason).toMatch(/^Epoint unreachable/);
    expect((await details(t.app, owner, order.id)).refundedAmount).toBe(0);
    expect(dataOf<OrderDetails>(await refund(t.app, owner, order.id, { amount: 500 })).refundedAmount).toBe(500);
  });

  it('more than was paid is refused before the bank is asked', async () => {
    const { order } = await paidOrder();
    const before = reverseCalls().length;
    const response = await call(t.app, owner.token, 'POST', `/api/Payment/reverse/${order.id}`, { amount: 4501 });
    expect(response.statusCode).toBe(400);
    expect(fieldCodes(response)).toEqual({ amount: 'refundTooLarge' });
    expect(reverseCalls().length).toBe(before);
    expect(await refundRows(order.id)).toEqual([]);
  });
});

describe('two refunds at the same moment', () => {
  it('each asking for 30.00 of 45.00: one is given back, the other refused; the bank is asked once', async () => {
    const { order, bank } = await paidOrder();
    const before = reverseCalls().length;
    const responses = await atOnce(t, sql`select id from orders where id = ${order.id} for update`, 2, () =>
      Promise.all([
        refund(t.app, owner, order.id, { amount: 3000 }),
        call(t.app, owner.token, 'POST', `/api/Payment/reverse/${order.id}`, { amount: 3000 }),
      ]),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const refused = responses.find((r) => r.statusCode === 400)!;
    expect(fieldCodes(refused)).toEqual({ amount: 'refundTooLarge' });
    expect((await details(t.app, owner, order.id)).refundedAmount).toBe(3000);
    expect(reverseCalls().length - before).toBe(1);
    expect(bank.reversed).toBe(30);
  });

  it('each asking for everything: one refunds in full and cancels, the other finds it canceled', async () => {
    const { order, bank } = await paidOrder();
    const responses = await atOnce(t, sql`select id from orders where id = ${order.id} for update`, 2, () =>
      Promise.all([refund(t.app, owner, order.id, {}), refund(t.app, owner, order.id, {})]),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(errorOf(responses.find((r) => r.statusCode === 409)!).code).toBe('ORDER_CANCELED');
    expect(await details(t.app, owner, order.id)).toMatchObject({ refundedAmount: 4500, paymentStatus: 'canceled' });
    expect(bank.reversed).toBe(45);
    expect(await refundRows(order.id)).toEqual([{ amount: 4500, status: 'succeeded', message: null }]);
  });
});
