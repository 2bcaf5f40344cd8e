import type { Checkout } from '@shop/shared';
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
  query,
  shop,
  type TestApp,
  uniqueEmail,
  visitor,
} from '../../testing/app.js';
import { createDiscount, type Owner, popupBody, product } from '../../testing/orders.js';
import { holdRows } from '../../testing/row-locks.js';

/**
 * An order placed to be paid in cash spends its basket's pop-up in the placing transaction; a new
 * checkout of the same basket (another tab) locks the basket, then the basket's unpaid orders.
 * Taken the other way round — the order, then the basket — the two could wait on each other until
 * PostgreSQL ended one ("deadlock detected": a 500 for one of the shopper's tabs). Only
 * PostgreSQL has two transactions at once.
 */

let t: TestApp;
let owner: Owner;
let courier: { id: string };

beforeAll(async () => {
  t = await createTestApp();
  expect(t.ctx.database.kind).toBe('postgres');
  owner = await catalogOwner(t.app);
  courier = await createTariff(t.app, owner.token, owner.market.id, { price: 500 });
  const cash = { cashOnDelivery: { enabled: true, fee: 0, tariffIds: null } };
  dataOf(await call(t.app, owner.token, 'PUT', `/api/PaymentSettings/${owner.market.id}`, cash));
});
afterAll(async () => {
  await t?.close();
});

describe('placing for cash while a checkout of the same basket begins', () => {
  it('takes the basket before the order: the checkout’s locks and the placing’s meet in one order, and both go through', async () => {
    const item = await product(t.app, owner, { price: 2000, stock: 5 });
    const popup = await createDiscount(t.app, owner, popupBody('Welcome'));
    const uniqueCode = visitor();
    dataOf(await addToBasket(t.app, owner.market.id, uniqueCode, item.id));
    dataOf(
      await shop(t.app, 'POST', '/api/Basket/accept-popup', {
        marketId: owner.market.id,
        uniqueCode,
        popupId: popup.id,
      }),
    );
    const checkout = await confirmedCheckout(t.app, owner.market.id, uniqueCode, courier.id, {
      email: uniqueEmail('cash-popup'),
    });
    expect(checkout.discount?.kind).toBe('popup');
    const [basket] = await query<{ id: string }>(
      t.ctx,
      sql`select basket_id as id from orders where id = ${checkout.id}`,
    );

    // The other tab's checkout: the basket locked first, as CheckoutService.start locks it.
    const held = await holdRows(t, sql`select id from baskets where id = ${basket?.id} for update`);
    try {
      const placing = shop(t.app, 'POST', '/api/Order', {
        checkoutId: checkout.id,
        uniqueCode,
        expectedTotal: checkout.total,
        paymentMethod: 'cash',
      });
      await held.whenWaiting(1);
      // …then the basket's unpaid orders, as start goes on to. Had the placing locked the order
      // first, this would wait for it while it waits for the basket.
      await held.release(sql`select id from orders where basket_id = ${basket?.id}
        and payment_status in ('unpaid', 'failed') for update`);
      const placed = await placing;
      expect(placed.statusCode, placed.body).toBe(200);
      expect(dataOf<Checkout>(placed)).toMatchObject({ paymentMethod: 'cash', discount: { kind: 'popup' } });
    } finally {
      await held.end();
    }
    // The pop-up is spent with the basket's units.
    const [after] = await query<{ popup: string | null; lines: number }>(
      t.ctx,
      sql`select popup_id as popup, (select count(*)::int from basket_items where basket_id = b.id) as lines
        from baskets b where id = ${basket?.id}`,
    );
    expect(after).toEqual({ popup: null, lines: 0 });
  });
});
