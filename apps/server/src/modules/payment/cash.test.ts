import { type Balance, type Checkout, formatMoney, type OrderDetails, type PaymentSettings } from '@shop/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.js';
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
  shop,
  startPayment,
  stockOf,
  type TestApp,
  uniqueEmail,
  visitor,
} from '../../testing/app.js';
import { details, fulfil, type Owner, product, refund } from '../../testing/orders.js';
import { LedgerService } from '../ledger/service.js';
import { PaymentService } from './service.js';

/**
 * Cash on delivery (issue 14, beyond the spec) on both databases: the owner turns it on with a
 * fee and the tariffs it goes with; a shopper who chooses it places the order unpaid with its
 * units taken and the fee in the total; the merchant ships it, marks it paid when the courier
 * brings the cash, and may refund or cancel it; the ledger keeps the cash on `collected`, never
 * paid out, and its check holds.
 */

let t: TestApp;
let owner: Owner;
let courier: { id: string };
let pickup: { id: string };
beforeAll(async () => {
  t = await createTestApp();
  owner = await catalogOwner(t.app);
  courier = await createTariff(t.app, owner.token, owner.market.id, { price: 500 });
  pickup = await createTariff(t.app, owner.token, owner.market.id, { price: 0 });
});
afterAll(async () => {
  await t?.close();
});

const settingsUrl = () => `/api/PaymentSettings/${owner.market.id}`;
const saveCash = (body: unknown, who: Owner = owner) =>
  call(t.app, who.token, 'PUT', `/api/PaymentSettings/${who.market.id}`, { cashOnDelivery: body });
const balanceOf = async () => dataOf<Balance>(await call(t.app, owner.token, 'GET', `/api/Balance/${owner.market.id}`));

/** A shopper's confirmed checkout of `quantity` units of a new 20.00 ₼ product, with `tariffId`. */
async function checkoutWith(tariffId: string, quantity = 2) {
  const item = await product(t.app, owner, { price: 2000, stock: 5 });
  const uniqueCode = visitor();
  dataOf(await addToBasket(t.app, owner.market.id, uniqueCode, item.id, { quantity }));
  const email = uniqueEmail('cash');
  const checkout = await confirmedCheckout(t.app, owner.market.id, uniqueCode, tariffId, { email, language: 'az' });
  return { item, uniqueCode, email, checkout };
}

const place = (checkout: Checkout, uniqueCode: string, expectedTotal: number, paymentMethod?: string) =>
  shop(t.app, 'POST', '/api/Order', {
    checkoutId: checkout.id,
    uniqueCode,
    expectedTotal,
    ...(paymentMethod ? { paymentMethod } : {}),
  });

describe('cash on delivery', () => {
  it('the owner turns it on with a fee for chosen tariffs; wrong values are refused at their field, nothing saved', async () => {
    for (const [fee, field] of [
      [-1, 'cashOnDelivery.fee'],
      [1.5, 'cashOnDelivery.fee'],
      [200_000, 'cashOnDelivery.fee'],
    ] as const) {
      const refused = await saveCash({ enabled: true, fee, tariffIds: null });
      expect(refused.statusCode).toBe(400);
      expect(fieldCodes(refused)).toEqual({ [field]: 'invalidValue' });
    }
    const stranger = await catalogOwner(t.app);
    const theirs = await createTariff(t.app, stranger.token, stranger.market.id, { price: 100 });
    const foreign = await saveCash({ enabled: true, fee: 300, tariffIds: [courier.id, theirs.id] });
    expect(foreign.statusCode).toBe(400);
    expect(fieldCodes(foreign)).toEqual({ 'cashOnDelivery.tariffIds.1': 'invalidValue' });
    expect(dataOf<PaymentSettings>(await call(t.app, owner.token, 'GET', settingsUrl())).cashOnDelivery).toEqual({
      enabled: false,
      fee: 0,
      tariffIds: null,
    });
    // Another merchant can neither read nor change it.
    expect(
      (
        await call(t.app, stranger.token, 'PUT', settingsUrl(), {
          cashOnDelivery: { enabled: false, fee: 0, tariffIds: null },
        })
      ).statusCode,
    ).toBe(404);

    const saved = dataOf<PaymentSettings>(await saveCash({ enabled: true, fee: 300, tariffIds: [courier.id] }));
    expect(saved.cashOnDelivery).toEqual({ enabled: true, fee: 300, tariffIds: [courier.id] });
    expect(saved.methods).toContainEqual({ method: 'cash', enabled: true });
  });

  it('a checkout is offered cash only with a tariff it goes with; elsewhere it is refused', async () => {
    const withCourier = await checkoutWith(courier.id);
    // The page learns which tariffs allow it, to offer it as the shopper picks one.
    expect(withCourier.checkout.cashOnDelivery).toEqual({ fee: 300, tariffIds: [courier.id] });
    const withPickup = await checkoutWith(pickup.id);
    const refused = await place(withPickup.checkout, withPickup.uniqueCode, withPickup.checkout.total + 300, 'cash');
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused)).toEqual({
      code: 'CASH_ON_DELIVERY_UNAVAILABLE',
      message: 'Cash on delivery is not available for this order. Choose another delivery or pay by card',
    });
    // The total without the fee is not what cash costs: nothing is placed.
    const stale = await place(withCourier.checkout, withCourier.uniqueCode, withCourier.checkout.total, 'cash');
    expect(errorOf(stale).code).toBe('PRICE_CHANGED');
    const bad = await place(withCourier.checkout, withCourier.uniqueCode, withCourier.checkout.total, 'cheque');
    expect(fieldCodes(bad)).toEqual({ paymentMethod: 'invalidValue' });
  });

  it('placed in cash: unpaid, units taken, fee in the total, basket emptied, the shopper told to pay the courier', async () => {
    const { item, uniqueCode, email, checkout } = await checkoutWith(courier.id);
    const total = checkout.total + 300;
    const placed = dataOf<Checkout>(await place(checkout, uniqueCode, total, 'cash'));
    expect(placed).toMatchObject({
      paymentStatus: 'unpaid',
      paymentMethod: 'cash',
      cashFee: 300,
      total: 4000 + 500 + 300,
      cashOnDelivery: null,
    });
    expect(placed.number).toBeGreaterThanOrEqual(1001);
    expect(await stockOf(t.ctx, item.id)).toMatchObject({ stock: 3, reserved: 0 });
    const basket = dataOf<{ items: unknown[] }>(
      await shop(t.app, 'GET', `/api/Basket/get-or-create/${owner.market.id}/${uniqueCode}`),
    );
    expect(basket.items).toEqual([]);
    const [mail] = await mailbox(t.app, email);
    expect(mail?.text).toContain(`kuryerə ${formatMoney(4800, 'az')} nağd ödəyin`);
    expect(mail?.text).toContain(`Qapıda ödəniş haqqı: ${formatMoney(300, 'az')}`);
    // No card payment for it.
    const card = await shop(t.app, 'POST', '/api/Payment/start', { orderId: placed.id, uniqueCode });
    expect(errorOf(card).code).toBe('CASH_ON_DELIVERY_ORDER');
    // The merchant sees it unpaid, in cash; it is no abandoned checkout.
    expect(await details(t.app, owner, placed.id)).toMatchObject({
      paymentStatus: 'unpaid',
      paymentMethod: 'cash',
      cashFee: 300,
      total: 4800,
      refundable: 0,
    });
    const abandoned = await call(
      t.app,
      owner.token,
      'GET',
      `/api/AbandonedCheckout/${placed.id}?marketId=${owner.market.id}`,
    );
    expect(abandoned.statusCode).toBe(404);
  });

  it('a cash order whose confirmation the mail server refused is confirmed by the retry job, once', async () => {
    const { uniqueCode, email, checkout } = await checkoutWith(courier.id, 1);
    const placed = dataOf<Checkout>(await place(checkout, uniqueCode, checkout.total + 300, 'cash'));
    // As if the mail server had refused it when the order was placed.
    await t.ctx.db.execute(sql`update orders set confirmation_sent_at = null where id = ${placed.id}`);
    const before = (await mailbox(t.app, email)).length;
    const payments = new PaymentService(t.ctx);
    await payments.sendDueConfirmations({ minAgeMs: 0 });
    await payments.sendDueConfirmations({ minAgeMs: 0 });
    const mails = await mailbox(t.app, email);
    expect(mails).toHaveLength(before + 1);
    expect(mails[0]?.text).toContain(`kuryerə ${formatMoney(placed.total, 'az')} nağd ödəyin`);
  });

  it('shipped unpaid, then marked paid: the cash is collected on the ledger, never paid out; refunds come off it', async () => {
    const before = await balanceOf();
    const { uniqueCode, checkout } = await checkoutWith(courier.id, 1);
    const placed = dataOf<Checkout>(await place(checkout, uniqueCode, checkout.total + 300, 'cash'));
    expect(dataOf<OrderDetails>(await fulfil(t.app, owner, placed.id)).fulfillmentStatus).toBe('fulfilled');

    const markPaid = () =>
      call(t.app, owner.token, 'POST', `/api/Order/mark-paid/${placed.id}?marketId=${owner.market.id}`);
    const paid = dataOf<OrderDetails>(await markPaid());
    expect(paid).toMatchObject({ paymentStatus: 'paid', paymentMethod: 'cash', refundable: 2800 });
    expect(paid.paidAt).not.toBeNull();
    expect(paid.events.find((e) => e.kind === 'paid')?.data).toMatchObject({ amount: 2800, cash: true });
    expect(errorOf(await markPaid()).code).toBe('ORDER_ALREADY_PAID');
    // The money the courier brought is no card payment: the test card page knows nothing of it.
    const [cash] = rowsOf<{ id: string }>(
      await t.ctx.db.execute(sql`select id from payments where order_id = ${placed.id} and provider = 'cash'`),
    );
    expect(cash?.id).toBeDefined();
    expect((await t.app.inject({ method: 'GET', url: `/sandbox-pay/${cash?.id}` })).statusCode).toBe(404);

    const after = await balanceOf();
    expect(after.collected - before.collected).toBe(2800);
    expect(after.pending).toBe(before.pending);
    expect(after.available).toBe(before.available);

    dataOf(await refund(t.app, owner, placed.id, { amount: 800 }));
    expect((await balanceOf()).collected - before.collected).toBe(2000);
    expect(await new LedgerService(t.ctx.db).check(owner.market.id)).toEqual([]);
  });

  it('a card order can not be marked paid by hand; another store’s order is not found', async () => {
    const { uniqueCode, checkout } = await checkoutWith(courier.id, 1);
    const placed = dataOf<Checkout>(await place(checkout, uniqueCode, checkout.total));
    expect(placed.paymentMethod).toBe('card');
    await startPayment(t.app, placed.id, uniqueCode);
    const refused = await call(
      t.app,
      owner.token,
      'POST',
      `/api/Order/mark-paid/${placed.id}?marketId=${owner.market.id}`,
    );
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).code).toBe('ORDER_PAID_BY_CARD');
    const stranger = await catalogOwner(t.app);
    const hidden = await call(
      t.app,
      stranger.token,
      'POST',
      `/api/Order/mark-paid/${placed.id}?marketId=${stranger.market.id}`,
    );
    expect(hidden.statusCode).toBe(404);
  });

  it('canceling an unpaid cash order gives its units back and gives no money', async () => {
    const { item, uniqueCode, checkout } = await checkoutWith(courier.id, 2);
    const placed = dataOf<Checkout>(await place(checkout, uniqueCode, checkout.total + 300, 'cash'));
    expect(await stockOf(t.ctx, item.id)).toMatchObject({ stock: 3 });
    const tooMuch = await refund(t.app, owner, placed.id, { amount: 100 });
    expect(fieldCodes(tooMuch)).toEqual({ amount: 'refundTooLarge' });
    const canceled = dataOf<OrderDetails>(await refund(t.app, owner, placed.id, {}));
    expect(canceled).toMatchObject({ paymentStatus: 'canceled', refundedAmount: 0 });
    expect(await stockOf(t.ctx, item.id)).toMatchObject({ stock: 5 });
    expect(await new LedgerService(t.ctx.db).check(owner.market.id)).toEqual([]);
  });
});
