import type { CustomerDetails, CustomerListItem, Page } from '@shop/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addToBasket,
  call,
  catalogOwner,
  confirmedCheckout,
  createMarket,
  createProduct,
  createTariff,
  createTestApp,
  dataOf,
  errorOf,
  fieldCodes,
  merchant,
  paidOrder,
  placeOrder,
  productBody,
  query,
  type TestApp,
  visitor,
} from '../../testing/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface Seed {
  email: string;
  firstName?: string | null;
  lastName?: string | null;
  phone?: string | null;
  ordersCount?: number;
  totalSpent?: number;
  lastOrderAt?: string | null;
}

/** Customer rows as the orders module keeps them when orders are paid. */
async function seedCustomers(marketId: string, seeds: Seed[]) {
  for (const s of seeds) {
    await query(
      t.ctx,
      sql`insert into customers (market_id, email, first_name, last_name, phone, orders_count, total_spent,
          first_order_at, last_order_at)
        values (${marketId}, ${s.email}, ${s.firstName ?? null}, ${s.lastName ?? null}, ${s.phone ?? null},
          ${s.ordersCount ?? 1}, ${s.totalSpent ?? 1000}, ${s.lastOrderAt ?? null}, ${s.lastOrderAt ?? null})
        on conflict (market_id, email) do nothing`,
    );
  }
}

async function list(token: string, marketId: string, params: Record<string, string | number> = {}) {
  const search = new URLSearchParams({
    marketId,
    ...Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])),
  });
  return call(t.app, token, 'GET', `/api/Customer/all?${search}`);
}

const emails = (page: Page<CustomerListItem>) => page.items.map((c) => c.email);

describe('customers list', () => {
  let owner: Awaited<ReturnType<typeof merchant>>;
  let marketId: string;
  beforeAll(async () => {
    owner = await merchant(t.app);
    marketId = (await createMarket(t.app, owner.token)).id;
    await seedCustomers(marketId, [
      {
        email: 'ilkin@example.az',
        firstName: 'İlkin',
        lastName: 'Əliyev',
        phone: '+994 50 111 22 33',
        ordersCount: 3,
        totalSpent: 15_000,
        lastOrderAt: '2026-03-01T10:00:00Z',
      },
      {
        email: 'aysel@example.az',
        firstName: 'Aysel',
        lastName: 'Məmmədova',
        phone: '+994 10 234 56 78',
        ordersCount: 1,
        totalSpent: 90_000,
        lastOrderAt: '2026-05-01T10:00:00Z',
      },
      {
        email: 'boris@example.ru',
        firstName: 'Борис',
        lastName: 'Иванов',
        ordersCount: 7,
        totalSpent: 500,
        lastOrderAt: '2026-01-15T10:00:00Z',
      },
      { email: 'nameless@example.com', ordersCount: 2, totalSpent: 2_000, lastOrderAt: '2026-04-01T10:00:00Z' },
    ]);
  });

  it('lists every customer with their figures, latest order first', async () => {
    const page = dataOf<Page<CustomerListItem>>(await list(owner.token, marketId));
    expect(page.total).toBe(4);
    expect(emails(page)).toEqual(['aysel@example.az', 'nameless@example.com', 'ilkin@example.az', 'boris@example.ru']);
    expect(page.items[0]).toMatchObject({
      name: 'Aysel Məmmədova',
      phone: '+994 10 234 56 78',
      ordersCount: 1,
      totalSpent: 90_000,
      lastOrderAt: '2026-05-01T10:00:00.000Z',
    });
    expect(page.items[1]?.name).toBeNull();
  });

  it('sorts by total spent, orders count, name and last order', async () => {
    const order = async (sort: string) => emails(dataOf(await list(owner.token, marketId, { sort })));
    expect(await order('total_spent_desc')).toEqual([
      'aysel@example.az',
      'ilkin@example.az',
      'nameless@example.com',
      'boris@example.ru',
    ]);
    expect(await order('total_spent_asc')).toEqual([
      'boris@example.ru',
      'nameless@example.com',
      'ilkin@example.az',
      'aysel@example.az',
    ]);
    expect(await order('orders_desc')).toEqual([
      'boris@example.ru',
      'ilkin@example.az',
      'nameless@example.com',
      'aysel@example.az',
    ]);
    // By name, and by e-mail for a customer without one.
    expect((await order('name_asc')).slice(0, 2)).toEqual(['aysel@example.az', 'ilkin@example.az']);
    expect(await order('last_order_asc')).toEqual([
      'boris@example.ru',
      'ilkin@example.az',
      'nameless@example.com',
      'aysel@example.az',
    ]);
  });

  it('searches names (blind to case and the dot of i), e-mails and phone numbers', async () => {
    const found = async (search: string) => emails(dataOf(await list(owner.token, marketId, { search })));
    expect(await found('ilkin')).toEqual(['ilkin@example.az']);
    expect(await found('İLKİN əli')).toEqual(['ilkin@example.az']);
    expect(await found('Борис')).toEqual(['boris@example.ru']);
    expect(await found('example.ru')).toEqual(['boris@example.ru']);
    expect(await found('10 234 56 78')).toEqual(['aysel@example.az']);
    expect(await found('1023456')).toEqual(['aysel@example.az']);
    expect(await found('50%')).toEqual([]);
    expect(await found('nobody')).toEqual([]);
  });

  it('pages', async () => {
    const first = dataOf<Page<CustomerListItem>>(await list(owner.token, marketId, { pageSize: 3 }));
    const second = dataOf<Page<CustomerListItem>>(await list(owner.token, marketId, { pageSize: 3, page: 2 }));
    expect(first).toMatchObject({ total: 4, page: 1, pageSize: 3 });
    expect(first.items).toHaveLength(3);
    expect(emails(second)).toEqual(['boris@example.ru']);
  });

  it('refuses a bad sort, page or e-mail filter with a field error', async () => {
    const bad = await list(owner.token, marketId, { sort: 'richest', page: 0, emailConsent: 'maybe' });
    expect(bad.statusCode).toBe(400);
    expect(fieldCodes(bad)).toMatchObject({ sort: 'invalidValue', page: 'invalidValue', emailConsent: 'invalidValue' });
  });

  it('shows who agreed to the store’s e-mails, and filters by it', async () => {
    const shop = (await createMarket(t.app, owner.token)).id;
    await seedCustomers(shop, [{ email: 'buyer@example.az', lastOrderAt: '2026-05-01T10:00:00Z' }]);
    // The home's newsletter: one who has bought signs up too, one who has not becomes a customer.
    for (const email of ['buyer@example.az', 'reader@example.az']) {
      dataOf(await call(t.app, null, 'POST', '/api/Customer/newsletter', { marketId: shop, email }));
    }
    await seedCustomers(shop, [{ email: 'quiet@example.az', lastOrderAt: '2026-04-01T10:00:00Z' }]);
    const all = dataOf<Page<CustomerListItem>>(await list(owner.token, shop));
    expect(all.total).toBe(3);
    const consent = Object.fromEntries(all.items.map((c) => [c.email, c.marketingConsentAt]));
    expect(consent['buyer@example.az']).toEqual(expect.any(String));
    expect(consent['reader@example.az']).toEqual(expect.any(String));
    expect(consent['quiet@example.az']).toBeNull();
    const reader = all.items.find((c) => c.email === 'reader@example.az');
    expect(reader).toMatchObject({ ordersCount: 0, totalSpent: 0, lastOrderAt: null });

    const subscribed = dataOf<Page<CustomerListItem>>(await list(owner.token, shop, { emailConsent: 'subscribed' }));
    expect(emails(subscribed).sort()).toEqual(['buyer@example.az', 'reader@example.az']);
    expect(subscribed.total).toBe(2);
    const others = dataOf<Page<CustomerListItem>>(await list(owner.token, shop, { emailConsent: 'notSubscribed' }));
    expect(emails(others)).toEqual(['quiet@example.az']);
    // And on the customer's page.
    const details = dataOf<CustomerDetails>(
      await call(t.app, owner.token, 'GET', `/api/Customer/${reader?.id}?marketId=${shop}`),
    );
    expect(details.marketingConsentAt).toBe(reader?.marketingConsentAt);
  });

  it('is the owner’s: anonymous 401, another merchant 404', async () => {
    const anonymous = await call(t.app, null, 'GET', `/api/Customer/all?marketId=${marketId}`);
    expect(anonymous.statusCode).toBe(401);
    const stranger = await merchant(t.app);
    const theirs = await list(stranger.token, marketId);
    expect(theirs.statusCode).toBe(404);
    expect(errorOf(theirs).code).toBe('NOT_FOUND');
  });
});

describe('a customer’s page', () => {
  it('shows the customer with their placed orders in this market, newest first', async () => {
    const owner = await catalogOwner(t.app);
    const marketId = owner.market.id;
    const product = await createProduct(
      t.app,
      owner.token,
      productBody(marketId, owner.category.id, owner.imageUrl, { price: 2500, stock: 20 }),
    );
    const tariff = await createTariff(t.app, owner.token, marketId, { price: 500 });
    const email = 'repeat@example.az';
    const first = await paidOrder(t.app, marketId, tariff.id, product.id, { email, quantity: 2 });
    const second = await paidOrder(t.app, marketId, tariff.id, product.id, { email });
    // Placed but never paid: still one of their orders, shown as unpaid.
    const shopper = visitor();
    await addToBasket(t.app, marketId, shopper, product.id);
    const unpaid = await placeOrder(
      t.app,
      await confirmedCheckout(t.app, marketId, shopper, tariff.id, { email }),
      shopper,
    );
    // Only a checkout (no number): not an order.
    const browsing = visitor();
    await addToBasket(t.app, marketId, browsing, product.id);
    await confirmedCheckout(t.app, marketId, browsing, tariff.id, { email });
    // The same e-mail in another market is another market's customer.
    const elsewhere = await catalogOwner(t.app);
    const otherProduct = await createProduct(
      t.app,
      elsewhere.token,
      productBody(elsewhere.market.id, elsewhere.category.id, elsewhere.imageUrl),
    );
    const otherTariff = await createTariff(t.app, elsewhere.token, elsewhere.market.id);
    await paidOrder(t.app, elsewhere.market.id, otherTariff.id, otherProduct.id, { email });

    await seedCustomers(marketId, [{ email, firstName: 'Aysel', lastName: 'Məmmədova' }]);
    const [row] = await query<{ id: string }>(
      t.ctx,
      sql`select id from customers where market_id = ${marketId} and email = ${email}`,
    );
    const details = dataOf<CustomerDetails>(
      await call(t.app, owner.token, 'GET', `/api/Customer/${row?.id}?marketId=${marketId}`),
    );
    expect(details.email).toBe(email);
    expect(details.placedOrders).toBe(3);
    expect(details.orders.map((o) => o.id)).toEqual([unpaid.id, second.id, first.id]);
    expect(details.orders[2]).toMatchObject({
      name: first.name,
      number: first.number,
      total: 5500,
      paymentStatus: 'paid',
      fulfillmentStatus: 'unfulfilled',
      itemCount: 2,
    });
    expect(details.orders[2]?.paidAt).toBeTruthy();
    expect(details.orders[0]).toMatchObject({ paymentStatus: 'unpaid', paidAt: null, total: 3000 });
    expect(details.address).toMatchObject({ firstName: 'Aysel', city: 'Bakı', region: 'baku' });

    // Not in another market's panel, nor for another merchant.
    const viaOther = await call(
      t.app,
      elsewhere.token,
      'GET',
      `/api/Customer/${row?.id}?marketId=${elsewhere.market.id}`,
    );
    expect(viaOther.statusCode).toBe(404);
    const stranger = await call(t.app, elsewhere.token, 'GET', `/api/Customer/${row?.id}?marketId=${marketId}`);
    expect(stranger.statusCode).toBe(404);
    const unknown = await call(t.app, owner.token, 'GET', `/api/Customer/not-an-id?marketId=${marketId}`);
    expect(unknown.statusCode).toBe(404);
  });

  it('a shopper who pays becomes a customer with their order counted', async () => {
    const owner = await catalogOwner(t.app);
    const marketId = owner.market.id;
    const product = await createProduct(
      t.app,
      owner.token,
      productBody(marketId, owner.category.id, owner.imageUrl, { price: 1000 }),
    );
    const tariff = await createTariff(t.app, owner.token, marketId, { price: 0, isFree: true });
    await paidOrder(t.app, marketId, tariff.id, product.id, { email: 'First.Buyer@Example.az' });
    const page = dataOf<Page<CustomerListItem>>(await list(owner.token, marketId));
    expect(page.items).toEqual([
      expect.objectContaining({ email: 'first.buyer@example.az', ordersCount: 1, totalSpent: 1000 }),
    ]);
  });
});
