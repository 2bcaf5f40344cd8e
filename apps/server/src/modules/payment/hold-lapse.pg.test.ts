import { type Checkout, SANDBOX_CARDS } from '@shop/shared';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  addToBasket,
  catalogOwner,
  confirmedCheckout,
  createProduct,
  createTariff,
  createTestApp,
  dataOf,
  orderStatus,
  placeOrder,
  productBody,
  query,
  shop,
  startPayment,
  stockOf,
  submitSandboxPage,
  type TestApp,
  visitor,
} from '../../testing/app.js';
import { codeBody, createDiscount } from '../../testing/orders.js';
import { holdRows } from '../../testing/row-locks.js';

/**
 * A payment takes its code's use with its last statement, trusting the hold its order had when
 * the payment began (payment/service.ts). When that statement waits for the code's row long
 * enough for the hold to run out, another order may have taken the code's last use meanwhile:
 * the payment must not count a use past the limit. Only PostgreSQL has two transactions at once.
 */

let t: TestApp;
let owner: Awaited<ReturnType<typeof catalogOwner>>;
let tariff: { id: string };

beforeAll(async () => {
  t = await createTestApp();
  expect(t.ctx.database.kind).toBe('postgres');
  owner = await catalogOwner(t.app);
  tariff = await createTariff(t.app, owner.token, owner.market.id, { price: 500 });
});
afterAll(async () => {
  await t?.close();
});

/** A shopper's order of one unit with `code` applied, placed, its card payment started. */
async function codedOrder(code: string, productId: string) {
  const v = visitor();
  dataOf(await addToBasket(t.app, owner.market.id, v, productId));
  const confirmed = await confirmedCheckout(t.app, owner.market.id, v, tariff.id, { email: `${v}@example.az` });
  const applied = dataOf<Checkout>(
    await shop(t.app, 'POST', '/api/Basket/discount-code', { checkoutId: confirmed.id, uniqueCode: v, code }),
  );
  const order = await placeOrder(t.app, applied, v);
  const { redirectUrl } = await startPayment(t.app, order.id, v);
  return { v, order, redirectUrl };
}

/**
 * Pays with the approve card while another transaction holds the code's row, and lets go only
 * once the payment waits for it and the order's hold (one second from now) has run out by the
 * database's clock; `meanwhile` runs in that transaction just before it commits.
 */
async function payWhileTheHoldRunsOut(codeId: string, orderId: string, redirectUrl: string, meanwhile?: SQL) {
  await t.ctx.db.execute(
    sql`update orders set reserved_until = clock_timestamp() + interval '1 second' where id = ${orderId}`,
  );
  const held = await holdRows(t, sql`select id from discounts where id = ${codeId} for no key update`);
  try {
    const paying = submitSandboxPage(t.app, redirectUrl, SANDBOX_CARDS.approve);
    await held.whenWaiting(1, { interval: 50 });
    await vi.waitFor(
      async () => {
        const [hold] = await query<{ over: boolean }>(
          t.ctx,
          sql`select reserved_until < clock_timestamp() as over from orders where id = ${orderId}`,
        );
        expect(hold?.over).toBe(true);
      },
      { timeout: 20_000, interval: 50 },
    );
    expect(await held.waiting()).toBe(1);
    await held.release(meanwhile);
    expect((await paying).statusCode).toBe(303);
  } finally {
    await held.end();
  }
}

const usesOf = async (codeId: string) =>
  (await query<{ used: number }>(t.ctx, sql`select used from discounts where id = ${codeId}`))[0]?.used;

describe('a code’s held use running out while its payment waits for the code', () => {
  it('the last use went to another order meanwhile: the payment goes back, the order is canceled, its units free', async () => {
    const item = await createProduct(
      t.app,
      owner.token,
      productBody(owner.market.id, owner.category.id, owner.imageUrl, { title: 'Lapsing', stock: 10 }),
    );
    const code = await createDiscount(t.app, owner, codeBody('LAPSE1', { usageLimit: 1 }));
    const { v, order, redirectUrl } = await codedOrder('LAPSE1', item.id);
    expect(await stockOf(t.ctx, item.id)).toEqual({ stock: 10, reserved: 1 });

    // Another order's payment took the code's one use while this one waited.
    await payWhileTheHoldRunsOut(
      code.id,
      order.id,
      redirectUrl,
      sql`update discounts set used = used + 1 where id = ${code.id}`,
    );

    const status = await orderStatus(t.app, order.id, v);
    expect(status.paymentStatus).toBe('canceled');
    expect(status.returnedPayments?.map((r) => r.cause)).toEqual(['code_used_up']);
    expect(await usesOf(code.id)).toBe(1);
    expect(await stockOf(t.ctx, item.id)).toEqual({ stock: 10, reserved: 0 });
  });

  it('a use is still free: the order is paid and the use counted once', async () => {
    const item = await createProduct(
      t.app,
      owner.token,
      productBody(owner.market.id, owner.category.id, owner.imageUrl, { title: 'Lapsing but free', stock: 10 }),
    );
    const code = await createDiscount(t.app, owner, codeBody('LAPSE2', { usageLimit: 2 }));
    const { v, order, redirectUrl } = await codedOrder('LAPSE2', item.id);

    await payWhileTheHoldRunsOut(code.id, order.id, redirectUrl);

    const status = await orderStatus(t.app, order.id, v);
    expect(status.paymentStatus).toBe('paid');
    expect(status.discount?.code).toBe('LAPSE2');
    expect(await usesOf(code.id)).toBe(1);
    expect(await stockOf(t.ctx, item.id)).toEqual({ stock: 9, reserved: 0 });
  });
});
