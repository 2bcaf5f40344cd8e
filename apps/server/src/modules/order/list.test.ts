import { type Checkout, type OrderListPage, SANDBOX_CARDS } from '@shop/shared';
import { parse } from 'csv-parse/sync';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  ADDRESS,
  addToBasket,
  CONTACT,
  call,
  catalogOwner,
  createTariff,
  createTestApp,
  dataOf,
  fieldCodes,
  placeOrder,
  query,
  shop,
  startPayment,
  submitSandboxPage,
  type TestApp,
  visitor,
} from '../../testing/app.js';
import {
  bundleBody,
  buy,
  codeBody,
  createDiscount,
  details,
  fulfil,
  type Owner,
  popupBody,
  product,
  refund,
} from '../../testing/orders.js';
import { exportBatches } from './list.js';

/**
 * The orders list (cp/orders) and its CSV export: views, filters, search, dates in the owner's
 * time zone (GMT+4 by default), sorts, pages, the capped count.
 */

let t: TestApp;
let owner: Owner;
/** Orders 1001 … 1005 of the owner's store, as described in `beforeAll`. */
const o: Record<1 | 2 | 3 | 4 | 5, Checkout> = {} as never;

async function buyAs(
  firstName: string,
  lastName: string,
  email: string,
  quantity: number,
  pay: 'approve' | 'decline' | null,
  tariffId: string,
  productId: string,
): Promise<Checkout> {
  const uniqueCode = visitor();
  dataOf(await addToBasket(t.app, owner.market.id, uniqueCode, productId, { quantity }));
  const started = dataOf<Checkout>(
    await shop(t.app, 'POST', `/api/Basket/checkout/${uniqueCode}/${owner.market.id}`),
    201,
  );
  const confirmed = dataOf<Checkout>(
    await shop(t.app, 'POST', '/api/Basket/confirm', {
      checkoutId: started.id,
      uniqueCode,
      email,
      phone: CONTACT.phone,
      shippingAddress: { ...ADDRESS, firstName, lastName },
      shippingTariffId: tariffId,
    }),
  );
  const order = await placeOrder(t.app, confirmed, uniqueCode);
  if (pay) {
    const { redirectUrl } = await startPayment(t.app, order.id, uniqueCode);
    await submitSandboxPage(t.app, redirectUrl, pay === 'approve' ? SANDBOX_CARDS.approve : SANDBOX_CARDS.decline);
  }
  return order;
}

const placedAt = (order: Checkout, at: string) =>
  query(t.ctx, sql`update orders set placed_at = ${at}::timestamptz where id = ${order.id}`);

beforeAll(async () => {
  t = await createTestApp();
  owner = await catalogOwner(t.app);
  const tariff = await createTariff(t.app, owner.token, owner.market.id, { price: 500 });
  const item = await product(t.app, owner, { price: 1000, stock: 100 });
  const buyIt = (first: string, last: string, email: string, quantity: number, pay: 'approve' | 'decline' | null) =>
    buyAs(first, last, email, quantity, pay, tariff.id, item.id);
  o[1] = await buyIt('Rəşad', 'Quliyev', 'rashad@mail.az', 1, 'approve');
  o[2] = await buyIt('Günel', 'Əliyeva', 'gunel@mail.az', 3, 'approve');
  dataOf(await fulfil(t.app, owner, o[2].id, { notify: false }));
  o[3] = await buyIt('İlkin', 'Hüseynov', 'ilkin@mail.az', 2, null);
  o[4] = await buyIt('Aysel', 'Məmmədova', 'aysel_100@mail.az', 5, 'decline');
  dataOf(
    await call(t.app, owner.token, 'PUT', '/api/Market/order-settings', {
      marketId: owner.market.id,
      orderPrefix: 'AZ-',
      orderSuffix: '',
      autoFulfill: false,
    }),
  );
  o[5] = await buyIt('Orxan', 'Isayev', 'orxan@mail.az', 4, 'approve');
  dataOf(await refund(t.app, owner, o[5].id, { notify: false }));
  // Days in GMT+4 (the owner's default zone): 1001 on 1 March, 1002 late on 1 March UTC = 2 March there.
  await placedAt(o[1], '2026-03-01T10:00:00Z');
  await placedAt(o[2], '2026-03-01T21:30:00Z');
  await placedAt(o[3], '2026-03-05T08:00:00Z');
  await placedAt(o[4], '2026-03-10T12:00:00Z');
  await placedAt(o[5], '2026-03-12T09:00:00Z');
});
afterAll(async () => {
  await t?.close();
});

async function list(params: string): Promise<OrderListPage> {
  return dataOf<OrderListPage>(
    await call(t.app, owner.token, 'GET', `/api/Order/market?marketId=${owner.market.id}${params}`),
  );
}

/** The numbers of a page, in its order. */
const numbers = async (params: string) => (await list(params)).items.map((i) => i.number);

describe('the orders list', () => {
  it('shows every placed order, newest first, with its columns', async () => {
    const page = await list('');
    expect(page).toMatchObject({ total: 5, totalCapped: false, page: 1, pageSize: 50 });
    expect(page.items.map((i) => i.number)).toEqual([1005, 1004, 1003, 1002, 1001]);
    expect(page.items[0]).toEqual({
      id: o[5].id,
      number: 1005,
      name: 'AZ-1005',
      placedAt: '2026-03-12T09:00:00.000Z',
      customerName: 'Orxan Isayev',
      email: 'orxan@mail.az',
      total: 4500,
      paymentStatus: 'canceled',
      fulfillmentStatus: 'unfulfilled',
      itemCount: 4,
      closed: true,
      archived: false,
    });
    expect(page.items.find((i) => i.number === 1002)).toMatchObject({
      name: '#1002',
      customerName: 'Günel Əliyeva',
      paymentStatus: 'paid',
      fulfillmentStatus: 'fulfilled',
      itemCount: 3,
      closed: true,
    });
  });

  it('views: open, closed, unfulfilled', async () => {
    expect(await numbers('&view=open')).toEqual([1004, 1003, 1001]);
    expect(await numbers('&view=closed')).toEqual([1005, 1002]);
    expect(await numbers('&view=unfulfilled')).toEqual([1001]);
    expect(await numbers('&view=all')).toEqual([1005, 1004, 1003, 1002, 1001]);
  });

  it('filters by payment and fulfilment status, alone and together', async () => {
    expect(await numbers('&paymentStatus=paid')).toEqual([1002, 1001]);
    expect(await numbers('&paymentStatus=failed')).toEqual([1004]);
    expect(await numbers('&paymentStatus=unpaid')).toEqual([1003]);
    expect(await numbers('&paymentStatus=canceled')).toEqual([1005]);
    expect(await numbers('&paymentStatus=pending')).toEqual([]);
    expect(await numbers('&fulfillmentStatus=fulfilled')).toEqual([1002]);
    expect(await numbers('&fulfillmentStatus=unfulfilled&paymentStatus=paid')).toEqual([1001]);
    expect(await numbers('&view=open&paymentStatus=paid')).toEqual([1001]);
    expect((await list('&paymentStatus=pending')).total).toBe(0);
  });

  it('searches numbers with or without prefix and "#", names and e-mails, whatever the case', async () => {
    const cases: [string, number[]][] = [
      ['1002', [1002]],
      ['#1002', [1002]],
      ['AZ-1005', [1005]],
      ['az-1005', [1005]],
      ['quliyev', [1001]],
      ['GÜNEL', [1002]],
      ['günel əliyeva', [1002]],
      ['ilkin', [1003]],
      ['İLKİN', [1003]],
      ['aysel_100@', [1004]],
      ['mail.az', [1005, 1004, 1003, 1002, 1001]],
      ['%', []],
      ['_', [1004]],
      ['nobody', []],
      ['9999', []],
    ];
    for (const [search, expected] of cases) {
      expect(await numbers(`&search=${encodeURIComponent(search)}`), search).toEqual(expected);
    }
    expect(await numbers(`&search=${encodeURIComponent('  1001 ')}&paymentStatus=paid`)).toEqual([1001]);
  });

  it('an e-mail address finds its orders; a part of one, or one nobody has whole, is looked for as text', async () => {
    expect(await numbers('&search=rashad%40mail.az')).toEqual([1001]);
    expect(await numbers('&search=GUNEL%40MAIL.AZ')).toEqual([1002]);
    expect(await numbers('&search=ashad%40mail.az')).toEqual([1001]);
    expect(await numbers('&search=nobody%40mail.az')).toEqual([]);
    expect(await numbers('&search=rashad%40mail.az&paymentStatus=failed')).toEqual([]);
    const csv = await call(
      t.app,
      owner.token,
      'GET',
      `/api/Order/export?marketId=${owner.market.id}&search=ashad%40mail.az`,
    );
    expect(csv.body).toContain('rashad@mail.az');
  });

  it('dates are whole days in the owner’s time zone, both ends included', async () => {
    expect(await numbers('&from=2026-03-01&to=2026-03-01')).toEqual([1001]);
    expect(await numbers('&from=2026-03-02&to=2026-03-02')).toEqual([1002]);
    expect(await numbers('&from=2026-03-02')).toEqual([1005, 1004, 1003, 1002]);
    expect(await numbers('&to=2026-03-05')).toEqual([1003, 1002, 1001]);
    expect(await numbers('&from=2026-03-05&to=2026-03-10&paymentStatus=failed')).toEqual([1004]);
    const wrong = await call(
      t.app,
      owner.token,
      'GET',
      `/api/Order/market?marketId=${owner.market.id}&from=2026-03-10&to=2026-03-01`,
    );
    expect(wrong.statusCode).toBe(400);
    expect(fieldCodes(wrong)).toEqual({ to: 'invalidRange' });
    const notADay = await call(
      t.app,
      owner.token,
      'GET',
      `/api/Order/market?marketId=${owner.market.id}&from=2026-02-30`,
    );
    expect(fieldCodes(notADay)).toEqual({ from: 'invalidValue' });
  });

  it('sorts by date, total and number, both ways', async () => {
    expect(await numbers('&sort=oldest')).toEqual([1001, 1002, 1003, 1004, 1005]);
    expect(await numbers('&sort=newest')).toEqual([1005, 1004, 1003, 1002, 1001]);
    // Totals: 1001 15.00, 1002 35.00, 1003 25.00, 1004 55.00, 1005 45.00.
    expect(await numbers('&sort=total_desc')).toEqual([1004, 1005, 1002, 1003, 1001]);
    expect(await numbers('&sort=total_asc')).toEqual([1001, 1003, 1002, 1005, 1004]);
    expect(await numbers('&sort=number_asc')).toEqual([1001, 1002, 1003, 1004, 1005]);
    expect(await numbers('&sort=number_desc')).toEqual([1005, 1004, 1003, 1002, 1001]);
  });

  it('pages', async () => {
    const first = await list('&pageSize=2&sort=number_asc');
    expect(first).toMatchObject({ total: 5, totalCapped: false, page: 1, pageSize: 2 });
    expect(first.items.map((i) => i.number)).toEqual([1001, 1002]);
    expect(await numbers('&pageSize=2&page=2&sort=number_asc')).toEqual([1003, 1004]);
    const last = await list('&pageSize=2&page=3&sort=number_asc');
    expect(last).toMatchObject({ total: 5, page: 3 });
    expect(last.items.map((i) => i.number)).toEqual([1005]);
    const past = await list('&pageSize=2&page=9');
    expect(past).toMatchObject({ items: [], total: 5, page: 9 });
  });

  it('bad queries: 400 at the field', async () => {
    const cases: [string, Record<string, string>][] = [
      ['&view=archive', { view: 'invalidValue' }],
      ['&paymentStatus=refunded', { paymentStatus: 'invalidValue' }],
      ['&fulfillmentStatus=shipped', { fulfillmentStatus: 'invalidValue' }],
      ['&sort=name', { sort: 'invalidValue' }],
      ['&pageSize=1000', { pageSize: 'invalidValue' }],
      ['&page=0', { page: 'invalidValue' }],
      [`&search=${'x'.repeat(101)}`, { search: 'tooLong' }],
      ['&colour=red', { colour: 'unknownField' }],
    ];
    for (const [params, fields] of cases) {
      const response = await call(t.app, owner.token, 'GET', `/api/Order/market?marketId=${owner.market.id}${params}`);
      expect(response.statusCode, params).toBe(400);
      expect(fieldCodes(response), params).toEqual(fields);
    }
    const noMarket = await call(t.app, owner.token, 'GET', '/api/Order/market');
    expect(fieldCodes(noMarket)).toEqual({ marketId: 'MARKET_ID_MISSING' });
  });

  it('counts 1 000 orders or ten pages ahead, and says when there are more', async () => {
    const big = await catalogOwner(t.app);
    await query(
      t.ctx,
      sql`insert into orders (market_id, unique_code, number, name, payment_status, total, reservation, reserved_until, placed_at)
        select ${big.market.id}, 'v' || g, 1000 + g, '#' || (1000 + g), 'paid', g, 'sold', now(),
          timestamptz '2026-01-01' + g * interval '1 minute'
        from generate_series(1, 10050) g`,
    );
    const url = (params: string) => `/api/Order/market?marketId=${big.market.id}${params}`;
    const first = dataOf<OrderListPage>(await call(t.app, big.token, 'GET', url('')));
    expect(first).toMatchObject({ total: 1000, totalCapped: true });
    expect(first.items).toHaveLength(50);
    expect(first.items[0]!.number).toBe(11_050);
    // Further on, the count reaches ten pages past the page.
    const further = dataOf<OrderListPage>(await call(t.app, big.token, 'GET', url('&page=30')));
    expect(further).toMatchObject({ total: 1950, totalCapped: true });
    expect(further.items[0]!.number).toBe(11_050 - 29 * 50);
    // The last page knows the exact count from its own rows.
    const last = dataOf<OrderListPage>(await call(t.app, big.token, 'GET', url('&page=101&pageSize=100')));
    expect(last).toMatchObject({ total: 10_050, totalCapped: false });
    expect(last.items.map((i) => i.number)).toEqual(Array.from({ length: 50 }, (_, i) => 1050 - i));
    // A narrower filter: one day (1,440 orders), counted exactly once the count reaches it.
    const day = async (params: string) =>
      dataOf<OrderListPage>(await call(t.app, big.token, 'GET', url(`&from=2026-01-02&to=2026-01-02${params}`)));
    expect(await day('')).toMatchObject({ total: 1000, totalCapped: true });
    expect(await day('&page=20')).toMatchObject({ total: 1440, totalCapped: false });
  });

  it('a search most orders match pages and counts like one a few match, in every sort', async () => {
    // 3,000 orders: every second an Əliyev (1,490, past the count's cap of 1,000: found by walking
    // a sort's index), every 300th a Rzayeva (10: collected through the trigram index).
    const big = await catalogOwner(t.app);
    await query(
      t.ctx,
      sql`insert into orders (market_id, unique_code, number, name, payment_status, total, reservation, reserved_until,
          placed_at, email, shipping_address)
        select ${big.market.id}, 'v' || g, 1000 + g, '#' || (1000 + g), 'paid', 3000 - g, 'sold', now(),
          timestamptz '2026-01-01' + g * interval '1 minute', 'buyer' || g || '@mail.az',
          jsonb_build_object('firstName', 'Aysel', 'lastName',
            case when g % 300 = 0 then 'Rzayeva' when g % 2 = 0 then 'Əliyev' else 'Quliyeva' end)
        from generate_series(1, 3000) g`,
    );
    const search = async (text: string, params = '') =>
      dataOf<OrderListPage>(
        await call(
          t.app,
          big.token,
          'GET',
          `/api/Order/market?marketId=${big.market.id}&search=${encodeURIComponent(text)}${params}`,
        ),
      );
    const numbers = (page: OrderListPage) => page.items.map((i) => i.number);
    const aliyevs = Array.from({ length: 3000 }, (_, i) => i + 1)
      .filter((g) => g % 2 === 0 && g % 300 !== 0)
      .map((g) => 1000 + g);
    const newestFirst = [...aliyevs].reverse();

    const first = await search('ƏLİYEV');
    expect(first).toMatchObject({ total: 1000, totalCapped: true });
    expect(numbers(first)).toEqual(newestFirst.slice(0, 50));
    expect(numbers(await search('əliyev', '&sort=oldest&page=3'))).toEqual(aliyevs.slice(100, 150));
    // Totals fall as orders get newer here: the cheapest first is the newest first.
    expect(numbers(await search('əliyev', '&sort=total_asc&page=2'))).toEqual(newestFirst.slice(50, 100));
    expect(numbers(await search('əliyev', '&sort=number_desc&page=7&pageSize=20'))).toEqual(
      newestFirst.slice(120, 140),
    );
    // Further on the count reaches ten pages past the page, as for any list: all 1,490 here.
    const further = await search('əliyev', '&page=25');
    expect(further).toMatchObject({ total: 1490, totalCapped: false });
    expect(numbers(further)).toEqual(newestFirst.slice(1200, 1250));

    const rare = await search('rzayeva');
    expect(rare).toMatchObject({ total: 10, totalCapped: false });
    expect(numbers(rare)).toEqual(Array.from({ length: 10 }, (_, i) => 4000 - 300 * i));
  });

  it('deep pages of the whole list are found by their numbers, the same pages as by counting', async () => {
    const big = await catalogOwner(t.app);
    await query(
      t.ctx,
      sql`insert into orders (market_id, unique_code, number, name, payment_status, total, reservation, reserved_until, placed_at)
        select ${big.market.id}, 'v' || g, 1000 + g, '#' || (1000 + g), 'paid', g, 'sold', now(),
          timestamptz '2026-01-01' + g * interval '1 minute'
        from generate_series(1, 5000) g`,
    );
    await query(t.ctx, sql`update markets set next_order_number = 6001 where id = ${big.market.id}`);
    const page = async (params: string) =>
      dataOf<OrderListPage>(
        await call(t.app, big.token, 'GET', `/api/Order/market?marketId=${big.market.id}${params}`),
      ).items.map((i) => i.number);
    // A filter that keeps every order takes the general way: skipping index entries.
    const counted = '&from=2025-01-01';
    for (const sort of ['newest', 'oldest', 'number_desc', 'number_asc']) {
      for (const at of ['&page=41', '&page=100', '&page=21&pageSize=100', '&page=51&pageSize=99']) {
        const numbers = await page(`&sort=${sort}${at}`);
        expect(numbers, `${sort}${at}`).toEqual(await page(`&sort=${sort}${at}${counted}`));
      }
    }
    // The deep page was found by number, not by skipping.
    const spy = vi.spyOn(t.ctx.db, 'execute');
    try {
      const deep = dataOf<OrderListPage>(
        await call(t.app, big.token, 'GET', `/api/Order/market?marketId=${big.market.id}&page=41`),
      );
      expect(deep.items.map((i) => i.number)).toEqual(Array.from({ length: 50 }, (_, i) => 4000 - i));
      expect(deep).toMatchObject({ total: 5000, totalCapped: false });
      const statements = spy.mock.calls.map(([statement]) => new PgDialect().sqlToQuery(statement as SQL).sql);
      expect(statements.some((text) => text.includes(' between '))).toBe(true);
      expect(statements.some((text) => text.includes(' offset '))).toBe(false);
      // Nor counted: numbered without gaps, the store has as many orders as numbers given.
      expect(statements.some((text) => text.includes('count('))).toBe(false);
    } finally {
      spy.mockRestore();
    }
    expect(await page('&page=100&sort=oldest')).toEqual(Array.from({ length: 50 }, (_, i) => 5951 + i));
    // A missing number (an order that is not there) sends the page the general way.
    await query(t.ctx, sql`delete from orders where market_id = ${big.market.id} and number = 3990`);
    const gap = await page('&page=41');
    expect(gap).toEqual(await page(`&page=41${counted}`));
    expect(gap).not.toContain(3990);
    expect(gap).toHaveLength(50);
  });
});

describe('the CSV export', () => {
  const exportCsv = (params: string) =>
    call(t.app, owner.token, 'GET', `/api/Order/export?marketId=${owner.market.id}${params}`);
  const rowsOf = (body: string) => parse(body.replace(/^\uFEFF/, ''), { columns: true }) as Record<string, string>[];

  it('is every order of the filters, in the list’s order, readable by spreadsheets', async () => {
    const response = await exportCsv('');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${owner.market.name}-orders.csv"`);
    expect(response.body.startsWith('\uFEFForder,number,placed_at,customer,email,phone,')).toBe(true);
    const rows = rowsOf(response.body);
    expect(rows.map((r) => r.number)).toEqual(['1005', '1004', '1003', '1002', '1001']);
    expect(rows[3]).toEqual({
      order: '#1002',
      number: '1002',
      placed_at: '2026-03-02T01:30:00+04:00',
      customer: 'Günel Əliyeva',
      email: 'gunel@mail.az',
      phone: '+994102345678',
      payment_status: 'paid',
      fulfillment_status: 'fulfilled',
      items: '3',
      subtotal: '30.00',
      discount: '0.00',
      discount_code: '',
      popup: '',
      shipping: '5.00',
      total: '35.00',
      refunded: '0.00',
      currency: 'AZN',
      paid_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+04:00$/),
      closed: 'yes',
      archived: 'no',
    });
    expect(rows[0]).toMatchObject({ order: 'AZ-1005', payment_status: 'canceled', refunded: '45.00' });
  });

  it('takes the list’s filters and sort; nothing matching is the header alone; bad filters are 400', async () => {
    expect(rowsOf((await exportCsv('&paymentStatus=paid&sort=oldest')).body).map((r) => r.order)).toEqual([
      '#1001',
      '#1002',
    ]);
    expect(rowsOf((await exportCsv('&search=ilkin')).body).map((r) => r.order)).toEqual(['#1003']);
    const empty = await exportCsv('&paymentStatus=pending');
    expect(empty.body.trimEnd()).toBe(
      '\uFEFForder,number,placed_at,customer,email,phone,payment_status,fulfillment_status,items,subtotal,discount,discount_code,popup,shipping,total,refunded,currency,paid_at,closed,archived',
    );
    const wrong = await exportCsv('&from=2026-03-10&to=2026-03-01');
    expect(fieldCodes(wrong)).toEqual({ to: 'invalidRange' });
    expect(fieldCodes(await exportCsv('&page=2'))).toEqual({ page: 'unknownField' });
  });

  it('a name typed like a formula stays text in a spreadsheet', async () => {
    await query(
      t.ctx,
      sql`update orders set shipping_address = jsonb_set(shipping_address, '{firstName}', '"=HYPERLINK(1)"')
        where id = ${o[4].id}`,
    );
    const [row] = rowsOf((await exportCsv('&paymentStatus=failed')).body);
    expect(row!.customer).toBe("'=HYPERLINK(1) Məmmədova");
    await query(
      t.ctx,
      sql`update orders set shipping_address = jsonb_set(shipping_address, '{firstName}', '"Aysel"')
        where id = ${o[4].id}`,
    );
  });

  it('says what discounts took off each order, and which code or pop-up it had', async () => {
    const store = await catalogOwner(t.app);
    const tariff = await createTariff(t.app, store.token, store.market.id, { price: 500 });
    const a = await product(t.app, store, { price: 2500 });
    const b = await product(t.app, store, { price: 1500 });
    await createDiscount(t.app, store, bundleBody([a.id, b.id]));
    await createDiscount(t.app, store, codeBody('WINTER'));
    const popup = await createDiscount(t.app, store, popupBody('=Welcome', { percent: 20 }));
    const set = [
      { productId: a.id, quantity: 1 },
      { productId: b.id, quantity: 1 },
    ];
    // 1001: the set (−8.00) and WINTER (−3.20); 1002: A alone with the pop-up (−5.00); 1003: B at its price.
    await buy(t.app, store, tariff.id, set, { code: 'winter' });
    await buy(t.app, store, tariff.id, [{ productId: a.id, quantity: 1 }], { popupId: popup.id });
    await buy(t.app, store, tariff.id, [{ productId: b.id, quantity: 1 }]);

    const response = await call(t.app, store.token, 'GET', `/api/Order/export?marketId=${store.market.id}&sort=oldest`);
    const pick = ({ order, subtotal, discount, discount_code, popup, shipping, total }: Record<string, string>) => ({
      order,
      subtotal,
      discount,
      discount_code,
      popup,
      shipping,
      total,
    });
    expect(rowsOf(response.body).map(pick)).toEqual([
      {
        order: '#1001',
        subtotal: '40.00',
        discount: '11.20',
        discount_code: 'WINTER',
        popup: '',
        shipping: '5.00',
        total: '33.80',
      },
      {
        order: '#1002',
        subtotal: '25.00',
        discount: '5.00',
        discount_code: '',
        // A title typed like a formula stays text.
        popup: "'=Welcome",
        shipping: '5.00',
        total: '25.00',
      },
      {
        order: '#1003',
        subtotal: '15.00',
        discount: '0.00',
        discount_code: '',
        popup: '',
        shipping: '5.00',
        total: '20.00',
      },
    ]);
  });

  it('reads long exports in batches that continue exactly where the last one ended, in every sort', async () => {
    for (const sort of ['newest', 'oldest', 'total_desc', 'total_asc', 'number_desc', 'number_asc'] as const) {
      const batches: number[][] = [];
      for await (const batch of exportBatches(t.ctx.db, owner.market.id, { view: 'all', sort }, 4, 2)) {
        batches.push(batch.map((r) => r.number));
      }
      expect(
        batches.map((b) => b.length),
        sort,
      ).toEqual([2, 2, 1]);
      expect(batches.flat(), sort).toEqual(await numbers(`&sort=${sort}`));
    }
  });
});

describe('SQL and rule agree', () => {
  it('each listed order’s `closed` is its details’ `closed`', async () => {
    for (const item of (await list('')).items) {
      expect((await details(t.app, owner, item.id)).closed, item.name).toBe(item.closed);
    }
  });
});
