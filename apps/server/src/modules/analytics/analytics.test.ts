import { addDays, type Dashboard, type DashboardTodo, SANDBOX_CARDS, todayIn } from '@shop/shared';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
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
  merchant,
  placeOrder,
  productBody,
  query,
  startPayment,
  submitSandboxPage,
  type TestApp,
  visitor,
} from '../../testing/app.js';
import {
  bundleBody,
  buy as buyWith,
  codeBody,
  createDiscount,
  popupBody,
  product,
  refund as refundOrder,
} from '../../testing/orders.js';
import { isShopperPageRequest, PageViewRecorder } from './recorder.js';

/**
 * The dashboard (GET /Analytics/get-dashboard, GET /Analytics/todo) over orders bought through
 * the real shopping API — cart, checkout, order, sandbox card page — and visits counted by the
 * page-view recorder the storefront feeds.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

type Owner = Awaited<ReturnType<typeof catalogOwner>>;

interface Store {
  owner: Owner;
  shirt: string;
  socks: string;
  shirtTitle: string;
  socksTitle: string;
  /** Paid: 2 shirts + 1 pair of socks + delivery = 6,500. */
  a: string;
  /** Paid: 3 pairs of socks + delivery = 3,500. */
  b: string;
  /** Placed, never paid: 1 shirt + delivery = 3,000. */
  c: string;
}

/** A shopper's whole purchase over HTTP; unpaid when `pay` is false. Answers the order id. */
async function buy(owner: Owner, tariffId: string, lines: [string, number][], pay = true): Promise<string> {
  const uniqueCode = visitor();
  for (const [productId, quantity] of lines) {
    dataOf(await addToBasket(t.app, owner.market.id, uniqueCode, productId, { quantity }));
  }
  const checkout = await confirmedCheckout(t.app, owner.market.id, uniqueCode, tariffId);
  const order = await placeOrder(t.app, checkout, uniqueCode);
  if (pay) {
    const { redirectUrl } = await startPayment(t.app, order.id, uniqueCode);
    const paid = await submitSandboxPage(t.app, redirectUrl, SANDBOX_CARDS.approve);
    expect(paid.statusCode, paid.body).toBe(303);
  }
  return order.id;
}

/** A store with two products and three orders: two paid, one placed and left unpaid. */
async function storeWithOrders(): Promise<Store> {
  const owner = await catalogOwner(t.app);
  const body = (fields: Record<string, unknown>) =>
    productBody(owner.market.id, owner.category.id, owner.imageUrl, { stock: 50, ...fields });
  const shirt = await createProduct(t.app, owner.token, body({ title: 'Linen shirt', price: 2500 }));
  const socks = await createProduct(t.app, owner.token, body({ title: 'Wool socks', price: 1000 }));
  const tariff = await createTariff(t.app, owner.token, owner.market.id, { price: 500 });
  const a = await buy(owner, tariff.id, [
    [shirt.id, 2],
    [socks.id, 1],
  ]);
  const b = await buy(owner, tariff.id, [[socks.id, 3]]);
  const c = await buy(owner, tariff.id, [[shirt.id, 1]], false);
  return { owner, shirt: shirt.id, socks: socks.id, shirtTitle: shirt.title, socksTitle: socks.title, a, b, c };
}

function dashboard(owner: Owner, startDate: string, endDate: string, marketId = owner.market.id) {
  return call(
    t.app,
    owner.token,
    'GET',
    `/api/Analytics/get-dashboard?marketId=${marketId}&startDate=${startDate}&endDate=${endDate}`,
  );
}

async function dashboardOf(owner: Owner, startDate: string, endDate: string): Promise<Dashboard> {
  return dataOf<Dashboard>(await dashboard(owner, startDate, endDate));
}

/** Puts an order at a moment of the past (placed, and paid if it was). */
async function moveOrder(orderId: string, at: string) {
  await query(
    t.ctx,
    sql`update orders set placed_at = ${at}::timestamptz,
          paid_at = case when paid_at is null then null else ${at}::timestamptz end
        where id = ${orderId}`,
  );
}

async function setTimeZone(owner: Owner, timeZone: string) {
  dataOf(await call(t.app, owner.token, 'PUT', '/api/User/update-user', { timeZone }));
}

describe('the dashboard of today', () => {
  let store: Store;
  beforeAll(async () => {
    store = await storeWithOrders();
  });

  it('adds up what was bought: revenue, orders, AOV, top products and statuses of the paid orders', async () => {
    // The owner's today (GMT+4 by default); yesterday too, in case the purchases crossed midnight.
    const today = todayIn('GMT+4');
    const figures = await dashboardOf(store.owner, addDays(today, -1), today);
    expect(figures.timeZone).toBe('GMT+4');
    // C was placed and never paid: not a sale, not an order on this screen.
    expect(figures.current).toMatchObject({ revenue: 6500 + 3500, orders: 2, averageOrderValue: 5000 });
    expect(figures.days.map((d) => d.date)).toEqual([addDays(today, -1), today]);
    expect(figures.days.reduce((sum, d) => sum + d.revenue, 0)).toBe(10000);
    // Shirts earned more (2 × 25.00), socks sold more (4 pairs); the unpaid shirt is not a sale.
    expect(figures.topProducts.byRevenue).toEqual([
      { productId: store.shirt, title: store.shirtTitle, imageUrl: expect.any(String), units: 2, revenue: 5000 },
      { productId: store.socks, title: store.socksTitle, imageUrl: expect.any(String), units: 4, revenue: 4000 },
    ]);
    expect(figures.topProducts.byUnits.map((p) => [p.title, p.units])).toEqual([
      [store.socksTitle, 4],
      [store.shirtTitle, 2],
    ]);
    expect(figures.ordersByRefund).toEqual({ paid: 2, partiallyRefunded: 0, refunded: 0 });
    expect(figures.ordersByFulfillmentStatus).toEqual({ unfulfilled: 2, partial: 0, fulfilled: 0 });
    // Nothing before: no change to show.
    expect(figures.previous).toMatchObject({ revenue: 0, orders: 0, conversionRate: null });
  });

  it('counts today’s visits as they come (an open day is never frozen)', async () => {
    const today = todayIn('GMT+4');
    const before = (await dashboardOf(store.owner, today, today)).current.sessions;
    const recorder = new PageViewRecorder(t.ctx);
    recorder.record(store.owner.market.id, 'visit-today-1');
    recorder.record(store.owner.market.id, 'visit-today-1');
    recorder.record(store.owner.market.id, 'visit-today-2');
    await recorder.flush();
    const after = await dashboardOf(store.owner, today, today);
    expect(after.current.sessions).toBe(before + 2);
    expect(after.current.pageViews).toBeGreaterThanOrEqual(3);
  });

  it('counts the storefront’s beacons for pages opened without a document — a browser’s, not a crawler’s or a prefetch', async () => {
    const today = todayIn('GMT+4');
    const before = (await dashboardOf(store.owner, today, today)).current;
    const browser = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
    const beacon = (headers: Record<string, string>, marketId: string = store.owner.market.id) =>
      t.app.inject({ method: 'POST', url: '/api/Analytics/page-view', headers, payload: { marketId } });

    const first = await beacon({ 'user-agent': browser });
    expect(first.statusCode).toBe(204);
    const visit = first.cookies.find((c) => c.name === 'sid');
    expect(visit?.value).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(visit?.maxAge).toBe(30 * 60);
    // The same visit goes on: its cookie is prolonged, and it stays one session.
    const second = await beacon({ 'user-agent': browser, cookie: `sid=${visit?.value}` });
    expect(second.statusCode).toBe(204);
    expect(second.cookies.find((c) => c.name === 'sid')?.value).toBe(visit?.value);

    // Not counted, and told nothing: a crawler, a prefetch, a store that does not exist.
    for (const ignored of [
      await beacon({ 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' }),
      await beacon({ 'user-agent': browser, 'sec-purpose': 'prefetch' }),
    ]) {
      expect(ignored.statusCode).toBe(204);
      expect(ignored.cookies.find((c) => c.name === 'sid')).toBeUndefined();
    }
    expect((await beacon({ 'user-agent': browser }, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(204);
    const bad = await beacon({ 'user-agent': browser }, 'not-a-store');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('VALIDATION_FAILED');

    // Written with the next batch (every 5 s): two page views, one visit.
    await expect
      .poll(async () => (await dashboardOf(store.owner, today, today)).current, { timeout: 12_000, interval: 500 })
      .toMatchObject({ pageViews: before.pageViews + 2, sessions: before.sessions + 1 });
  });

  it('lists what waits: paid orders to fulfil, SKUs running low and sold out', async () => {
    const { owner } = store;
    const body = (fields: Record<string, unknown>) =>
      productBody(owner.market.id, owner.category.id, owner.imageUrl, fields);
    await createProduct(t.app, owner.token, body({ stock: 3 }));
    await createProduct(t.app, owner.token, body({ stock: 0 }));
    // Not tracked: never low, never out.
    await createProduct(t.app, owner.token, body({ stock: 0, trackQuantity: false }));
    const todo = dataOf<DashboardTodo>(
      await call(t.app, owner.token, 'GET', `/api/Analytics/todo?marketId=${owner.market.id}`),
    );
    // A and B are paid and not sent; C is not paid.
    expect(todo).toEqual({ ordersToFulfil: 2, lowStock: 1, outOfStock: 1 });
    // The same SKUs cp/inventory lists under "low" and "out".
    const low = dataOf<{ total: number }>(
      await call(t.app, owner.token, 'GET', `/api/Inventory/${owner.market.id}?level=low`),
    );
    const out = dataOf<{ total: number }>(
      await call(t.app, owner.token, 'GET', `/api/Inventory/${owner.market.id}?level=out`),
    );
    expect([low.total, out.total]).toEqual([todo.lowStock, todo.outOfStock]);

    await query(t.ctx, sql`update orders set fulfillment_status = 'fulfilled' where id = ${store.a}`);
    const later = dataOf<DashboardTodo>(
      await call(t.app, owner.token, 'GET', `/api/Analytics/todo?marketId=${owner.market.id}`),
    );
    expect(later.ordersToFulfil).toBe(1);
  });
});

describe('one set of orders behind every figure', () => {
  it('counts the paid orders — refunded ones with their money taken off — and never a checkout, an unpaid, declined or never-paid canceled order', async () => {
    const owner = await catalogOwner(t.app);
    const body = (fields: Record<string, unknown>) =>
      productBody(owner.market.id, owner.category.id, owner.imageUrl, { stock: 50, ...fields });
    const shirt = await createProduct(t.app, owner.token, body({ title: 'Set shirt', price: 2500 }));
    const socks = await createProduct(t.app, owner.token, body({ title: 'Set socks', price: 1000 }));
    const tariff = await createTariff(t.app, owner.token, owner.market.id, { price: 500 });

    // Not sales: a checkout never placed, an order placed and left unpaid, one declined, and one
    // placed and canceled unpaid (as when its payment went back because the units were gone).
    const checkoutOnly = visitor();
    dataOf(await addToBasket(t.app, owner.market.id, checkoutOnly, shirt.id, { quantity: 4 }));
    await confirmedCheckout(t.app, owner.market.id, checkoutOnly, tariff.id);
    await buy(owner, tariff.id, [[shirt.id, 2]], false);
    const declined = visitor();
    dataOf(await addToBasket(t.app, owner.market.id, declined, socks.id, { quantity: 5 }));
    const declinedOrder = await placeOrder(
      t.app,
      await confirmedCheckout(t.app, owner.market.id, declined, tariff.id),
      declined,
    );
    const { redirectUrl } = await startPayment(t.app, declinedOrder.id, declined);
    expect((await submitSandboxPage(t.app, redirectUrl, SANDBOX_CARDS.decline)).statusCode).toBe(303);
    const canceledUnpaid = await buy(owner, tariff.id, [[shirt.id, 1]], false);
    await query(t.ctx, sql`update orders set payment_status = 'canceled' where id = ${canceledUnpaid}`);

    // Sales: A kept whole (6,500); B with one pair of socks refunded and restocked (3,500 − 1,000);
    // C refunded in full and so canceled (3,000 − 3,000): still a sale that was made.
    const a = await buy(owner, tariff.id, [
      [shirt.id, 2],
      [socks.id, 1],
    ]);
    const b = await buy(owner, tariff.id, [[socks.id, 3]]);
    const c = await buy(owner, tariff.id, [[shirt.id, 1]]);
    const lineOf = async (orderId: string) =>
      dataOf<{ items: { id: string }[] }>(
        await call(t.app, owner.token, 'GET', `/api/Order/${orderId}?marketId=${owner.market.id}`),
      ).items[0]?.id;
    const refund = (orderId: string, body: Record<string, unknown>) =>
      call(t.app, owner.token, 'PUT', `/api/Order/cancel/${orderId}?marketId=${owner.market.id}`, body);
    dataOf(await refund(b, { amount: 1000, restock: [{ orderItemId: await lineOf(b), quantity: 1 }] }));
    dataOf(await refund(c, { restock: [{ orderItemId: await lineOf(c), quantity: 1 }] }));
    // Sent: A fully.
    dataOf(await call(t.app, owner.token, 'PUT', `/api/Order/fulfill/${a}?marketId=${owner.market.id}`, {}));

    const today = todayIn('GMT+4');
    const figures = await dashboardOf(owner, addDays(today, -1), today);
    const orders = 3;
    const revenue = 6500 + 2500 + 0;
    expect(figures.current).toMatchObject({ orders, revenue, averageOrderValue: 3000 });
    // The chart's and the table's days add up to the same figures …
    expect(figures.days.reduce((n, d) => n + d.orders, 0)).toBe(orders);
    expect(figures.days.reduce((n, d) => n + d.revenue, 0)).toBe(revenue);
    // … the statuses are of the same orders …
    expect(figures.ordersByRefund).toEqual({ paid: 1, partiallyRefunded: 1, refunded: 1 });
    expect(figures.ordersByFulfillmentStatus).toEqual({ unfulfilled: 2, partial: 0, fulfilled: 1 });
    // … and so are the best sellers: their lines less the units given back (C's shirt came back).
    expect(figures.topProducts.byRevenue.map((p) => [p.title, p.units, p.revenue])).toEqual([
      ['Set shirt', 2, 5000],
      ['Set socks', 3, 3000],
    ]);
    // What waits on the same screen: of those orders, the ones still to send (C is closed).
    const todo = dataOf<DashboardTodo>(
      await call(t.app, owner.token, 'GET', `/api/Analytics/todo?marketId=${owner.market.id}`),
    );
    expect(todo.ordersToFulfil).toBe(1);
  });
});

describe('days in the owner’s time zone, and the range before', () => {
  let store: Store;
  beforeAll(async () => {
    store = await storeWithOrders();
    // A was paid at 01:30 on 11 March in Baku (GMT+4), which is still 10 March in GMT-5.
    await moveOrder(store.a, '2026-03-10T21:30:00Z');
    // B: 02:00 on 10 March in Baku, 9 March in GMT-5.
    await moveOrder(store.b, '2026-03-09T22:00:00Z');
    // C: 11 March everywhere west of UTC+12.
    await moveOrder(store.c, '2026-03-11T12:00:00Z');

    // Visits, as the storefront records them (the same visitor twice a day is one session);
    // written before any dashboard reads these days.
    const recorder = new PageViewRecorder(t.ctx);
    const id = store.owner.market.id;
    for (let i = 0; i < 3; i++) recorder.record(id, 'visitor-a', Date.parse('2026-03-10T21:30:00Z'));
    recorder.record(id, 'visitor-b', Date.parse('2026-03-11T10:00:00Z'));
    recorder.record(id, 'visitor-a', Date.parse('2026-03-11T19:59:00Z'));
    // Midnight in Baku: the 12th.
    recorder.record(id, 'visitor-c', Date.parse('2026-03-11T20:00:00Z'));
    await recorder.flush();
    // Another process saw visitor b the same day: one more page, not another session.
    const other = new PageViewRecorder(t.ctx);
    other.record(id, 'visitor-b', Date.parse('2026-03-11T12:00:00Z'));
    await other.close();
  });

  it('buckets by the owner’s days and compares with the range of equal length before', async () => {
    const figures = await dashboardOf(store.owner, '2026-03-11', '2026-03-12');
    expect([figures.previousStartDate, figures.previousEndDate]).toEqual(['2026-03-09', '2026-03-10']);
    expect(figures.days).toEqual([
      { date: '2026-03-11', revenue: 6500, orders: 1, sessions: 2, pageViews: 6 },
      { date: '2026-03-12', revenue: 0, orders: 0, sessions: 1, pageViews: 1 },
    ]);
    expect(figures.current).toEqual({
      revenue: 6500,
      orders: 1,
      averageOrderValue: 6500,
      sessions: 3,
      pageViews: 7,
      conversionRate: 1 / 3,
    });
    expect(figures.previous).toMatchObject({ revenue: 3500, orders: 1, averageOrderValue: 3500 });
    expect(figures.ordersByRefund).toEqual({ paid: 1, partiallyRefunded: 0, refunded: 0 });
    // Only A's lines were paid in the range.
    expect(figures.topProducts.byRevenue.map((p) => [p.title, p.units, p.revenue])).toEqual([
      [store.shirtTitle, 2, 5000],
      [store.socksTitle, 1, 1000],
    ]);
  });

  it('moves the days with the owner’s time zone', async () => {
    await setTimeZone(store.owner, 'GMT-5');
    try {
      const figures = await dashboardOf(store.owner, '2026-03-11', '2026-03-12');
      expect(figures.timeZone).toBe('GMT-5');
      // In GMT-5 A and B were both paid in the range before; only C (never paid) was placed in this one.
      expect(figures.current).toMatchObject({ revenue: 0, orders: 0, averageOrderValue: 0 });
      expect(figures.previous).toMatchObject({ revenue: 10000, orders: 2 });
      expect(figures.days.find((d) => d.date === '2026-03-11')).toMatchObject({ orders: 0, revenue: 0 });
      expect(figures.topProducts.byRevenue).toEqual([]);
    } finally {
      await setTimeZone(store.owner, 'GMT+4');
    }
  });

  it('shows every day of the range, zeros included', async () => {
    const figures = await dashboardOf(store.owner, '2026-03-06', '2026-03-12');
    expect(figures.days.map((d) => d.date)).toEqual([
      '2026-03-06',
      '2026-03-07',
      '2026-03-08',
      '2026-03-09',
      '2026-03-10',
      '2026-03-11',
      '2026-03-12',
    ]);
    expect(figures.days.map((d) => d.revenue)).toEqual([0, 0, 0, 0, 3500, 6500, 0]);
    expect(figures.current).toMatchObject({ revenue: 10000, orders: 2, averageOrderValue: 5000 });
    expect([figures.previousStartDate, figures.previousEndDate]).toEqual(['2026-02-27', '2026-03-05']);
    expect(figures.previous.revenue).toBe(0);
  });

  it('takes refunds off the revenue of the day the order was paid', async () => {
    await query(t.ctx, sql`update orders set refunded_amount = 1500 where id = ${store.a}`);
    try {
      const figures = await dashboardOf(store.owner, '2026-03-11', '2026-03-11');
      expect(figures.current).toMatchObject({ revenue: 5000, orders: 1, averageOrderValue: 5000 });
    } finally {
      await query(t.ctx, sql`update orders set refunded_amount = 0 where id = ${store.a}`);
    }
  });
});

describe('sales by discount', () => {
  it('the paid orders of each code, pop-up and bundle: how many, what it took off, what they brought in — refunds off, deleted ones named as their orders kept them', async () => {
    const owner = await catalogOwner(t.app);
    const tariff = await createTariff(t.app, owner.token, owner.market.id, { price: 500 });
    const make = (price: number) => product(t.app, owner, { price, stock: 50 });
    const [a, b, c, d] = [await make(2500), await make(1500), await make(1000), await make(2000)];
    const mugs = await createDiscount(t.app, owner, bundleBody([a.id, b.id], { name: 'Mugs' }));
    // A one-product offer at 10 %: every unit of C.
    const solo = await createDiscount(
      t.app,
      owner,
      bundleBody([c.id], { name: 'Solo', title: 'Candle offer', percent: 10 }),
    );
    const winter = await createDiscount(t.app, owner, codeBody('WINTER'));
    const welcome = await createDiscount(t.app, owner, popupBody('Welcome', { percent: 20 }));
    const line = (product: { id: string }) => ({ productId: product.id, quantity: 1 });

    // 1: the Mugs set (−8.00: 5.00 off A, 3.00 off B), then WINTER on the 32.00 left (−3.20) → 33.80.
    await buyWith(t.app, owner, tariff.id, [line(a), line(b)], { code: 'WINTER' });
    // 2: A with the pop-up (−5.00) → 25.00, of which 5.00 refunded.
    const second = await buyWith(t.app, owner, tariff.id, [line(a)], { popupId: welcome.id });
    dataOf(await refundOrder(t.app, owner, second.order.id, { amount: 500, notify: false }));
    // 3: the Mugs set (−8.00), Solo on C (−1.00), then WINTER on the 41.00 left (−4.10) → 41.90.
    await buyWith(t.app, owner, tariff.id, [line(a), line(b), line(c)], { code: 'winter' });
    // Not a discount's: D at its price, and a WINTER order placed and never paid.
    await buyWith(t.app, owner, tariff.id, [line(d)]);
    await buyWith(t.app, owner, tariff.id, [line(a)], { code: 'WINTER', pay: false });

    const today = todayIn('GMT+4');
    const figures = await dashboardOf(owner, addDays(today, -1), today);
    // Revenue is what shoppers paid, after discounts: 33.80 + (25.00 − 5.00) + 41.90 + 25.00.
    expect(figures.current).toMatchObject({ revenue: 3380 + 2000 + 4190 + 2500, orders: 4 });
    expect(figures.salesByDiscount).toEqual([
      { kind: 'bundle', discountId: mugs.id, name: 'Mugs', deleted: false, orders: 2, discount: 1600, sales: 7570 },
      { kind: 'code', discountId: winter.id, name: 'WINTER', deleted: false, orders: 2, discount: 730, sales: 7570 },
      { kind: 'bundle', discountId: solo.id, name: 'Solo', deleted: false, orders: 1, discount: 100, sales: 4190 },
      { kind: 'popup', discountId: welcome.id, name: 'Welcome', deleted: false, orders: 1, discount: 500, sales: 2000 },
    ]);
    // The best sellers count what the lines were paid: A 18.00 + 20.00 + 18.00, B 10.80 × 2, C 8.10.
    expect(figures.topProducts.byRevenue.map((p) => [p.productId, p.units, p.revenue])).toEqual([
      [a.id, 3, 5600],
      [b.id, 2, 2160],
      [d.id, 1, 2000],
      [c.id, 1, 810],
    ]);

    // Deleted since: still there, named as the orders kept them.
    for (const gone of [winter, solo]) {
      expect((await call(t.app, owner.token, 'DELETE', `/api/Discount/${gone.id}`)).statusCode).toBeLessThan(300);
    }
    const later = await dashboardOf(owner, addDays(today, -1), today);
    expect(
      later.salesByDiscount.map((s) => [s.kind, s.discountId, s.name, s.deleted, s.orders, s.discount, s.sales]),
    ).toEqual([
      ['bundle', mugs.id, 'Mugs', false, 2, 1600, 7570],
      ['code', winter.id, 'WINTER', true, 2, 730, 7570],
      ['bundle', solo.id, 'Candle offer', true, 1, 100, 4190],
      ['popup', welcome.id, 'Welcome', false, 1, 500, 2000],
    ]);

    // Another period: none.
    expect((await dashboardOf(owner, '2026-01-01', '2026-01-31')).salesByDiscount).toEqual([]);
  });
});

describe('bad input and other merchants', () => {
  let owner: Owner;
  beforeAll(async () => {
    owner = await catalogOwner(t.app);
  });

  it('refuses dates in the wrong order, impossible dates, a missing date and more than a year', async () => {
    const cases: [string, string, Record<string, string>][] = [
      ['2026-03-12', '2026-03-11', { endDate: 'invalidRange' }],
      ['2026-02-30', '2026-03-11', { startDate: 'invalidValue' }],
      ['11.03.2026', '2026-03-11', { startDate: 'invalidValue' }],
      ['2025-01-01', '2026-01-02', { endDate: 'rangeTooLong' }],
    ];
    for (const [start, end, fields] of cases) {
      const response = await dashboard(owner, start, end);
      expect(response.statusCode, `${start}..${end}`).toBe(400);
      const error = errorOf(response);
      expect(error.code).toBe('VALIDATION_FAILED');
      expect(Object.fromEntries(Object.entries(error.fields ?? {}).map(([k, v]) => [k, v.code]))).toMatchObject(fields);
    }
    const missing = await call(t.app, owner.token, 'GET', `/api/Analytics/get-dashboard?marketId=${owner.market.id}`);
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing).fields).toMatchObject({ startDate: { code: 'required' }, endDate: { code: 'required' } });
    // A whole leap year is allowed.
    const year = dataOf<Dashboard>(await dashboard(owner, '2028-01-01', '2028-12-31'));
    expect(year.days).toHaveLength(366);
    expect(year.current.revenue).toBe(0);
  });

  it('answers another merchant, a stranger’s id or no one signed in as if the store did not exist', async () => {
    const stranger = await merchant(t.app);
    const path = `/api/Analytics/get-dashboard?marketId=${owner.market.id}&startDate=2026-03-01&endDate=2026-03-31`;
    const theirs = await call(t.app, stranger.token, 'GET', path);
    expect(theirs.statusCode).toBe(404);
    expect(errorOf(theirs).code).toBe('NOT_FOUND');
    const todo = await call(t.app, stranger.token, 'GET', `/api/Analytics/todo?marketId=${owner.market.id}`);
    expect(todo.statusCode).toBe(404);
    const unknown = await dashboard(owner, '2026-03-01', '2026-03-31', 'not-a-market');
    expect(unknown.statusCode).toBe(404);
    expect((await call(t.app, null, 'GET', path)).statusCode).toBe(401);
  });
});

describe('which page requests count', () => {
  const request = (headers: Record<string, string>, method = 'GET') =>
    ({ method, headers }) as unknown as FastifyRequest;
  const browser =
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36';

  it('a shopper’s browser opening a page, not crawlers, link previews, tools or prefetches', () => {
    expect(isShopperPageRequest(request({ 'user-agent': browser }))).toBe(true);
    expect(isShopperPageRequest(request({ 'user-agent': browser }, 'HEAD'))).toBe(false);
    expect(isShopperPageRequest(request({ 'user-agent': browser, 'sec-purpose': 'prefetch' }))).toBe(false);
    for (const agent of [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)',
      'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
      'WhatsApp/2.23.20.0',
      'Mozilla/5.0 (Linux; Android 11; moto g power) AppleWebKit/537.36 Chrome-Lighthouse',
      'curl/8.5.0',
      '',
    ]) {
      expect(isShopperPageRequest(request({ 'user-agent': agent })), agent).toBe(false);
    }
  });
});
