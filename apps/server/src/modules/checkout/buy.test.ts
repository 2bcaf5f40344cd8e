import { SANDBOX_CARDS } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADDRESS,
  catalogOwner,
  createProduct,
  createTariff,
  createTestApp,
  dataOf,
  mailbox,
  productBody,
  shop,
  type TestApp,
  visitor,
} from '../../testing/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Fills the sandbox card page the way a shopper's browser does; returns where it sends them. */
async function payWithCard(redirectUrl: string, card: string) {
  const path = new URL(redirectUrl).pathname;
  const page = await t.app.inject({ method: 'GET', url: path });
  expect(page.statusCode).toBe(200);
  const done = await t.app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ card, expiry: '12/39', cvc: '123', action: 'pay' }).toString(),
  });
  expect(done.statusCode).toBe(303);
  return String(done.headers.location);
}

describe('a shopper buys', () => {
  it('adds to the cart, checks out, pays with the approve card, and the order is paid with stock sold', async () => {
    const owner = await catalogOwner(t.app);
    const product = await createProduct(
      t.app,
      owner.token,
      productBody(owner.market.id, owner.category.id, owner.imageUrl, { stock: 3, price: 2500 }),
    );
    const tariff = await createTariff(t.app, owner.token, owner.market.id, { price: 400 });
    const uniqueCode = visitor();

    const basket = dataOf<{ id: string; items: unknown[] }>(
      await shop(t.app, 'GET', `/api/Basket/get-or-create/${owner.market.id}/${uniqueCode}`),
    );
    expect(basket.items).toEqual([]);
    const added = dataOf<{ subtotal: number; itemCount: number }>(
      await shop(t.app, 'POST', '/api/Basket/add-product', {
        marketId: owner.market.id,
        uniqueCode,
        productId: product.id,
        quantity: 2,
      }),
    );
    expect(added).toMatchObject({ subtotal: 5000, itemCount: 2 });

    const checkout = dataOf<{ id: string; subtotal: number; number: null }>(
      await shop(t.app, 'POST', `/api/Basket/checkout/${uniqueCode}/${owner.market.id}`),
      201,
    );
    expect(checkout).toMatchObject({ subtotal: 5000, number: null });

    const confirmed = dataOf<{ total: number; shippingPrice: number }>(
      await shop(t.app, 'POST', '/api/Basket/confirm', {
        checkoutId: checkout.id,
        uniqueCode,
        email: 'Shopper@Example.az',
        phone: '+994 10 234 56 78',
        shippingAddress: ADDRESS,
        shippingTariffId: tariff.id,
        note: 'Zəng edin',
      }),
    );
    expect(confirmed).toMatchObject({ shippingPrice: 400, total: 5400 });

    const placed = dataOf<{ id: string; number: number; name: string }>(
      await shop(t.app, 'POST', '/api/Order', { checkoutId: checkout.id, uniqueCode, expectedTotal: 5400 }),
    );
    expect(placed).toMatchObject({ number: 1001, name: '#1001' });

    const { redirectUrl } = dataOf<{ redirectUrl: string }>(
      await shop(t.app, 'POST', '/api/Payment/start', { orderId: placed.id, uniqueCode }),
    );
    const landing = await payWithCard(redirectUrl, SANDBOX_CARDS.approve);
    expect(landing).toContain(`/card-success?orderId=${placed.id}`);

    const status = dataOf<{ paymentStatus: string; cardMask: string; paidAt: string }>(
      await shop(t.app, 'GET', `/api/Order/status/${placed.id}?uniqueCode=${uniqueCode}`),
    );
    expect(status.paymentStatus).toBe('paid');
    expect(status.cardMask).toBe('424242******4242');

    const after = dataOf<{ stock: number }>(await shop(t.app, 'GET', `/api/Products/${owner.market.id}/${product.id}`));
    expect(after.stock).toBe(1);
    const mails = await mailbox(t.app, 'shopper@example.az');
    expect(mails[0]?.subject).toContain('#1001');

    const emptied = dataOf<{ items: unknown[] }>(
      await shop(t.app, 'GET', `/api/Basket/get-or-create/${owner.market.id}/${uniqueCode}`),
    );
    expect(emptied.items).toEqual([]);
  });
});
