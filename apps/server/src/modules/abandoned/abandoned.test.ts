import type { AbandonedCheckout, AbandonedCheckoutPage, Checkout, RecoveredBasket } from '@shop/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runExclusively } from '../../platform/jobs.js';
import {
  addToBasket,
  call,
  catalogOwner,
  confirmedCheckout,
  createProduct,
  createTariff,
  createTestApp,
  createTestAppOnSameDatabase,
  dataOf,
  errorOf,
  fieldCodes,
  merchant,
  orderStatus,
  paidOrder,
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
import { holdRows } from '../../testing/row-locks.js';
import { CheckoutService } from '../checkout/service.js';
import { AbandonedCheckoutService } from './service.js';

let t: TestApp;
let jobs: AbandonedCheckoutService;
beforeAll(async () => {
  t = await createTestApp();
  jobs = new AbandonedCheckoutService(t.ctx);
});
afterAll(() => t.close());

type Owner = Awaited<ReturnType<typeof catalogOwner>>;

/** A store with a product (stock 10, 20 AZN) and a 5 AZN courier. */
async function store(fields: Record<string, unknown> = {}) {
  const owner = await catalogOwner(t.app);
  const product = await createProduct(
    t.app,
    owner.token,
    productBody(owner.market.id, owner.category.id, owner.imageUrl, { price: 2000, stock: 10, ...fields }),
  );
  const tariff = await createTariff(t.app, owner.token, owner.market.id, { price: 500 });
  return { owner, marketId: owner.market.id, product, tariff };
}

/** A shopper puts `quantity` in the cart, gives contact and address at checkout, and leaves. */
async function abandon(
  s: Awaited<ReturnType<typeof store>>,
  options: { email?: string; language?: string; quantity?: number; uniqueCode?: string; productId?: string } = {},
) {
  const uniqueCode = options.uniqueCode ?? visitor();
  const added = await addToBasket(t.app, s.marketId, uniqueCode, options.productId ?? s.product.id, {
    quantity: options.quantity ?? 1,
  });
  expect(added.statusCode).toBe(200);
  const checkout = await confirmedCheckout(t.app, s.marketId, uniqueCode, s.tariff.id, {
    email: options.email ?? uniqueEmail('shopper'),
    language: options.language ?? 'en',
  });
  return { checkout, uniqueCode };
}

/** Moves a checkout's activity `minutes` into the past, as if the shopper left then. */
async function age(checkoutId: string, minutes: number) {
  await query(
    t.ctx,
    sql`update orders set updated_at = now() - make_interval(mins => ${minutes}),
      created_at = least(created_at, now() - make_interval(mins => ${minutes})) where id = ${checkoutId}`,
  );
}

/** Moves every time of some orders `minutes` back, as if it all happened that much earlier. */
async function shift(orderIds: string[], minutes: number) {
  const back = sql`make_interval(mins => ${minutes})`;
  await query(
    t.ctx,
    sql`update orders set created_at = created_at - ${back}, updated_at = updated_at - ${back},
      placed_at = placed_at - ${back}, paid_at = paid_at - ${back}
      where id = any(${sql.param(orderIds)}::uuid[])`,
  );
}

async function list(owner: Owner, params: Record<string, string | number> = {}) {
  const search = new URLSearchParams({ marketId: owner.market.id });
  for (const [key, value] of Object.entries(params)) search.set(key, String(value));
  return dataOf<AbandonedCheckoutPage>(await call(t.app, owner.token, 'GET', `/api/AbandonedCheckout/all?${search}`));
}

const ids = (page: AbandonedCheckoutPage) => page.items.map((c) => c.id);

function setDelay(owner: Owner, reminderMinutes: number | null) {
  return call(t.app, owner.token, 'PUT', '/api/Market/abandoned-settings', {
    marketId: owner.market.id,
    reminderMinutes,
  });
}

async function mailsTo(email: string) {
  return query<{ subject: string; text: string; html: string }>(
    t.ctx,
    sql`select subject, text, html from mail_outbox where "to" = ${email.toLowerCase()} order by created_at`,
  );
}

/** The token of a recovery URL. */
const tokenOf = (url: string) => url.split('/recover/')[1] as string;

function recover(marketId: string, token: string, uniqueCode: string) {
  return shop(t.app, 'POST', '/api/Basket/recover', { marketId, token, uniqueCode });
}

/** The visitor's cart goes through checkout with `email` and is paid. */
async function payCart(marketId: string, uniqueCode: string, tariffId: string, email: string): Promise<Checkout> {
  const checkout = await confirmedCheckout(t.app, marketId, uniqueCode, tariffId, { email });
  const placed = await placeOrder(t.app, checkout, uniqueCode);
  const { redirectUrl } = await startPayment(t.app, placed.id, uniqueCode);
  expect((await submitSandboxPage(t.app, redirectUrl, '4242424242424242')).statusCode).toBe(303);
  return orderStatus(t.app, placed.id, uniqueCode);
}

describe('the abandoned checkouts list', () => {
  it('lists checkouts with contact details left unpaid past the delay, with their lines and value', async () => {
    const s = await store();
    const { checkout } = await abandon(s, { email: 'Left.Cart@Example.az', quantity: 2 });
    // Fresh: the shopper may still be typing.
    expect((await list(s.owner)).total).toBe(0);
    await age(checkout.id, 61);
    const page = await list(s.owner);
    expect(page.reminderMinutes).toBe(60);
    expect(ids(page)).toEqual([checkout.id]);
    const item = page.items[0] as AbandonedCheckout;
    expect(item).toMatchObject({
      email: 'left.cart@example.az',
      phone: '+994102345678',
      customerName: 'Aysel Məmmədova',
      orderName: null,
      paymentStatus: 'unpaid',
      itemCount: 2,
      subtotal: 4000,
      shippingPrice: 500,
      total: 4500,
      reminderSentAt: null,
      recoveredAt: null,
      language: 'en',
    });
    expect(item.items).toEqual([
      expect.objectContaining({
        productId: s.product.id,
        title: s.product.title,
        quantity: 2,
        unitPrice: 2000,
        lineTotal: 4000,
      }),
    ]);
    expect(Date.parse(item.updatedAt)).toBeLessThan(Date.now() - 60 * 60_000);
    expect(item.reminderDueAt).not.toBeNull();
    expect(item.recoveryUrl).toMatch(
      new RegExp(`^${t.config.publicUrl}/${s.owner.market.name}/recover/${checkout.id}\\.[A-Za-z0-9_-]{32}$`),
    );
    const one = dataOf<AbandonedCheckout>(
      await call(t.app, s.owner.token, 'GET', `/api/AbandonedCheckout/${checkout.id}?marketId=${s.marketId}`),
    );
    expect(one).toEqual(item);

    // A store with its own domain (verified and active) sends its shoppers back there; one not
    // yet verified changes nothing.
    const host = `shop-${checkout.id.slice(0, 8)}.az`;
    await t.ctx.db.execute(sql`insert into market_domains (market_id, name, verified, active, ssl_enabled)
      values (${s.marketId}, ${`pending-${host}`}, false, true, true)`);
    const unverified = dataOf<AbandonedCheckout>(
      await call(t.app, s.owner.token, 'GET', `/api/AbandonedCheckout/${checkout.id}?marketId=${s.marketId}`),
    );
    expect(unverified.recoveryUrl).toBe(item.recoveryUrl);
    await t.ctx.db.execute(sql`insert into market_domains (market_id, name, verified, active, ssl_enabled)
      values (${s.marketId}, ${host}, true, true, true)`);
    try {
      const onDomain = dataOf<AbandonedCheckout>(
        await call(t.app, s.owner.token, 'GET', `/api/AbandonedCheckout/${checkout.id}?marketId=${s.marketId}`),
      );
      expect(onDomain.recoveryUrl).toBe(`https://${host}/recover/${item.recoveryUrl.split('/recover/')[1]}`);
    } finally {
      await t.ctx.db.execute(sql`delete from market_domains where market_id = ${s.marketId}`);
    }
  });

  it('leaves out checkouts without contact details, paid ones, and those bought again since', async () => {
    const s = await store();
    // Started, never confirmed: no e-mail to remind.
    const anonymous = visitor();
    await addToBasket(t.app, s.marketId, anonymous, s.product.id);
    const started = dataOf<Checkout>(await shop(t.app, 'POST', `/api/Basket/checkout/${anonymous}/${s.marketId}`), 201);
    await age(started.id, 600);
    // Paid.
    const paid = await paidOrder(t.app, s.marketId, s.tariff.id, s.product.id, { email: uniqueEmail('paid') });
    await age(paid.id, 600);
    // Placed but not paid: abandoned at the payment step.
    const placing = visitor();
    await addToBasket(t.app, s.marketId, placing, s.product.id);
    const placed = await placeOrder(
      t.app,
      await confirmedCheckout(t.app, s.marketId, placing, s.tariff.id, { email: uniqueEmail('placed') }),
      placing,
    );
    await age(placed.id, 600);
    // Left, then bought in another checkout within the hour (ten hours ago): not abandoned.
    const buyer = uniqueEmail('buyer');
    const { checkout: before } = await abandon(s, { email: buyer });
    await age(before.id, 30);
    const bought = await paidOrder(t.app, s.marketId, s.tariff.id, s.product.id, { email: buyer });
    await shift([before.id, bought.id], 600);

    const page = await list(s.owner);
    expect(ids(page)).toEqual([placed.id]);
    expect(page.items[0]).toMatchObject({ orderName: placed.name, paymentStatus: 'unpaid' });
    for (const id of [started.id, paid.id, before.id]) {
      const response = await call(t.app, s.owner.token, 'GET', `/api/AbandonedCheckout/${id}?marketId=${s.marketId}`);
      expect(response.statusCode).toBe(404);
    }
  });

  it('follows the market’s delay; with reminders off it uses 60 minutes', async () => {
    const s = await store();
    const { checkout: recent } = await abandon(s);
    const { checkout: older } = await abandon(s);
    await age(recent.id, 20);
    await age(older.id, 90);
    expect(ids(await list(s.owner))).toEqual([older.id]);

    expect(dataOf(await setDelay(s.owner, 15))).toEqual({ marketId: s.marketId, reminderMinutes: 15 });
    const quick = await list(s.owner);
    expect(quick.reminderMinutes).toBe(15);
    expect(ids(quick)).toEqual([recent.id, older.id]);

    await setDelay(s.owner, 120);
    expect(ids(await list(s.owner))).toEqual([]);

    await setDelay(s.owner, null);
    const off = await list(s.owner);
    expect(off.reminderMinutes).toBeNull();
    expect(ids(off)).toEqual([older.id]);
    expect(off.items[0]?.reminderDueAt).toBeNull();
  });

  it('searches e-mail, name and phone, filters recovered ones, and pages', async () => {
    const s = await store();
    const made: string[] = [];
    for (const email of ['zaur@example.az', 'leyla@example.az', 'murad@example.az']) {
      const { checkout } = await abandon(s, { email });
      await age(checkout.id, 100 + made.length);
      made.push(checkout.id);
    }
    const found = async (search: string) => (await list(s.owner, { search })).items.map((c) => c.email);
    expect(await found('LEYLA')).toEqual(['leyla@example.az']);
    expect(await found('məmmədova')).toHaveLength(3);
    expect(await found('10 234')).toHaveLength(3);
    expect(await found('nobody')).toEqual([]);
    const first = await list(s.owner, { pageSize: 2 });
    const second = await list(s.owner, { pageSize: 2, page: 2 });
    expect(first.total).toBe(3);
    expect([...ids(first), ...ids(second)]).toEqual(made);
    expect((await list(s.owner, { status: 'recovered' })).total).toBe(0);
    expect((await list(s.owner, { status: 'open' })).total).toBe(3);
  });

  it('the delay setting is checked and is the owner’s', async () => {
    const s = await store();
    for (const reminderMinutes of [-1, 1.5, 60 * 24 * 31]) {
      const bad = await setDelay(s.owner, reminderMinutes);
      expect(bad.statusCode).toBe(400);
      expect(fieldCodes(bad)).toEqual({ reminderMinutes: 'invalidValue' });
    }
    const stranger = await merchant(t.app);
    const theirs = await call(t.app, stranger.token, 'PUT', '/api/Market/abandoned-settings', {
      marketId: s.marketId,
      reminderMinutes: 0,
    });
    expect(theirs.statusCode).toBe(404);
    for (const url of [
      `/api/AbandonedCheckout/all?marketId=${s.marketId}`,
      `/api/AbandonedCheckout/${s.product.id}?marketId=${s.marketId}`,
    ]) {
      const response = await call(t.app, stranger.token, 'GET', url);
      expect(response.statusCode).toBe(404);
      expect(errorOf(response).code).toBe('NOT_FOUND');
      expect((await call(t.app, null, 'GET', url)).statusCode).toBe(401);
    }
    expect((await list(s.owner)).reminderMinutes).toBe(60);
  });
});

describe('the reminder job', () => {
  it('sends one e-mail per abandoned checkout after the delay, in the shopper’s language', async () => {
    const s = await store();
    await setDelay(s.owner, 30);
    const azEmail = uniqueEmail('az');
    const { checkout: due } = await abandon(s, { email: azEmail, language: 'az', quantity: 3 });
    const ruEmail = uniqueEmail('ru');
    const { checkout: later } = await abandon(s, { email: ruEmail, language: 'ru' });
    await age(due.id, 31);
    await age(later.id, 10);
    // A market with reminders off sends none.
    const quiet = await store();
    await setDelay(quiet.owner, null);
    const quietEmail = uniqueEmail('quiet');
    const { checkout: unreminded } = await abandon(quiet, { email: quietEmail });
    await age(unreminded.id, 600);

    await jobs.run();
    const [mail, ...more] = await mailsTo(azEmail);
    expect(more).toHaveLength(0);
    expect(mail?.subject).toBe(`Səbətinizdə məhsullar qaldı · ${s.owner.market.name}`);
    const [entry] = (await list(s.owner)).items.filter((c) => c.id === due.id);
    expect(entry?.reminderSentAt).not.toBeNull();
    expect(mail?.text).toContain(`${s.product.title} × 3`);
    expect(mail?.text).toContain('Cəmi: 65,00');
    expect(mail?.text).toContain(entry?.recoveryUrl);
    expect(mail?.html).toContain(`href="${entry?.recoveryUrl}"`);
    expect(await mailsTo(ruEmail)).toHaveLength(0);
    expect(await mailsTo(quietEmail)).toHaveLength(0);

    // Again: nothing new for the reminded one; the other's turn comes with its delay.
    await jobs.run();
    expect(await mailsTo(azEmail)).toHaveLength(1);
    await age(later.id, 31);
    await jobs.run();
    await jobs.run();
    expect(await mailsTo(azEmail)).toHaveLength(1);
    const ru = await mailsTo(ruEmail);
    expect(ru).toHaveLength(1);
    expect(ru[0]?.subject).toContain('Вы оставили товары в корзине');
    expect(await mailsTo(quietEmail)).toHaveLength(0);
  });

  it('a delay of 0 reminds as soon as the job runs; checkouts already bought are never reminded', async () => {
    const s = await store();
    await setDelay(s.owner, 0);
    const email = uniqueEmail('now');
    await abandon(s, { email });
    const buyer = uniqueEmail('bought');
    const { checkout: bought } = await abandon(s, { email: buyer });
    await paidOrder(t.app, s.marketId, s.tariff.id, s.product.id, { email: buyer });
    await age(bought.id, 5);
    await jobs.run();
    expect(await mailsTo(email)).toHaveLength(1);
    expect(await mailsTo(buyer)).toHaveLength(1); // the order confirmation only
    expect((await mailsTo(buyer))[0]?.subject).not.toContain('cart');
  });
});

describe('recovery', () => {
  it('puts the lines back into a new visitor’s cart at today’s prices, and gives the old hold back', async () => {
    const s = await store();
    const second = await createProduct(
      t.app,
      s.owner.token,
      productBody(s.marketId, s.owner.category.id, s.owner.imageUrl, { price: 700, stock: 4 }),
    );
    const uniqueCode = visitor();
    await addToBasket(t.app, s.marketId, uniqueCode, second.id, { quantity: 2 });
    const { checkout } = await abandon(s, { quantity: 3, uniqueCode });
    expect((await stockOf(t.ctx, s.product.id)).reserved).toBe(3);
    await age(checkout.id, 61);
    const [item] = (await list(s.owner)).items;
    await query(t.ctx, sql`update products set price = 2500 where id = ${s.product.id}`);

    const newcomer = visitor();
    const recovered = dataOf<RecoveredBasket>(await recover(s.marketId, tokenOf(item!.recoveryUrl), newcomer));
    expect(recovered.unavailable).toEqual([]);
    expect(recovered.basket).toMatchObject({ marketId: s.marketId, uniqueCode: newcomer, itemCount: 5 });
    expect(recovered.basket.items.map((i) => [i.productId, i.quantity, i.unitPrice])).toEqual([
      [second.id, 2, 700],
      [s.product.id, 3, 2500],
    ]);
    // The abandoned checkout holds nothing any more.
    expect((await stockOf(t.ctx, s.product.id)).reserved).toBe(0);
    expect((await stockOf(t.ctx, second.id)).reserved).toBe(0);

    // Opening the link again tops the cart up; it never doubles it.
    const again = dataOf<RecoveredBasket>(await recover(s.marketId, tokenOf(item!.recoveryUrl), newcomer));
    expect(again.basket.itemCount).toBe(5);
    // The shopper's own cart (still holding the lines) stays as it is.
    const own = dataOf<RecoveredBasket>(await recover(s.marketId, tokenOf(item!.recoveryUrl), uniqueCode));
    expect(own.basket.items.map((i) => i.quantity)).toEqual([2, 3]);
  });

  it('respects stock: what was sold meanwhile is not put back, and the shopper is told', async () => {
    const s = await store({ stock: 3 });
    const { checkout } = await abandon(s, { quantity: 2 });
    // The hold runs out and someone else buys two.
    await query(t.ctx, sql`update orders set reserved_until = now() - interval '1 minute' where id = ${checkout.id}`);
    await new CheckoutService(t.ctx).releaseExpired();
    await paidOrder(t.app, s.marketId, s.tariff.id, s.product.id, { quantity: 2 });
    await age(checkout.id, 61);
    const [item] = (await list(s.owner)).items;
    const recovered = dataOf<RecoveredBasket>(await recover(s.marketId, tokenOf(item!.recoveryUrl), visitor()));
    expect(recovered.basket.items.map((i) => i.quantity)).toEqual([1]);
    expect(recovered.unavailable).toEqual([{ title: s.product.title, variantTitle: null, requested: 2, added: 1 }]);

    // Sold out and off sale: nothing goes in.
    await query(t.ctx, sql`update products set status = 'passive' where id = ${s.product.id}`);
    const none = dataOf<RecoveredBasket>(await recover(s.marketId, tokenOf(item!.recoveryUrl), visitor()));
    expect(none.basket.items).toEqual([]);
    expect(none.unavailable).toEqual([{ title: s.product.title, variantTitle: null, requested: 2, added: 0 }]);
  });

  it('refuses a forged token, another store’s link, and a checkout already paid', async () => {
    const s = await store();
    const { checkout } = await abandon(s);
    await age(checkout.id, 61);
    const [item] = (await list(s.owner)).items;
    const token = tokenOf(item!.recoveryUrl);
    const forged = `${checkout.id}.${'A'.repeat(32)}`;
    const other = await store();
    for (const [marketId, value] of [
      [s.marketId, forged],
      [other.marketId, token],
      [s.marketId, `${other.product.id}.${token.split('.')[1]}`],
    ] as const) {
      const response = await recover(marketId, value, visitor());
      expect(response.statusCode).toBe(404);
      expect(errorOf(response).code).toBe('NOT_FOUND');
    }
    const malformed = await recover(s.marketId, 'not-a-token', visitor());
    expect(malformed.statusCode).toBe(400);

    const paid = await paidOrder(t.app, s.marketId, s.tariff.id, s.product.id, { uniqueCode: visitor() });
    const [row] = await query<{ unique_code: string }>(
      t.ctx,
      sql`select unique_code from orders where id = ${paid.id}`,
    );
    const paidToken = jobs
      .recoveryUrl({ name: s.owner.market.name, origin: null }, paid.id, row!.unique_code)
      .split('/recover/')[1]!;
    const refused = await recover(s.marketId, paidToken, visitor());
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).code).toBe('ORDER_ALREADY_PAID');
  });

  it('a reminded checkout paid through its recovery link is marked recovered', async () => {
    const s = await store();
    await setDelay(s.owner, 30);
    const email = uniqueEmail('comeback');
    const { checkout } = await abandon(s, { email, quantity: 2 });
    await age(checkout.id, 45);
    await jobs.run();
    const [mail] = await mailsTo(email);
    const url = /https?:\/\/\S+\/recover\/\S+/.exec(mail?.text ?? '')?.[0] as string;
    expect(url).toBeTruthy();

    // In another browser: the link fills a new cart, which is checked out and paid.
    const browser = visitor();
    dataOf<RecoveredBasket>(await recover(s.marketId, tokenOf(url), browser));
    const order = await payCart(s.marketId, browser, s.tariff.id, email);
    expect(order.paymentStatus).toBe('paid');

    const recovered = await list(s.owner, { status: 'recovered' });
    expect(ids(recovered)).toEqual([checkout.id]);
    expect(recovered.items[0]?.recoveredAt).toBe(order.paidAt);
    expect(recovered.items[0]?.reminderDueAt).toBeNull();
    expect((await list(s.owner, { status: 'open' })).total).toBe(0);
    // The job writes it down.
    expect(await jobs.markRecovered()).toBeGreaterThanOrEqual(1);
    const [row] = await query<{ recovered_at: Date | string | null }>(
      t.ctx,
      sql`select recovered_at from orders where id = ${checkout.id}`,
    );
    expect(new Date(row!.recovered_at as string).toISOString()).toBe(order.paidAt);
    expect(ids(await list(s.owner))).toEqual([checkout.id]);
  });

  it('a reminded checkout paid itself later is recovered too', async () => {
    const s = await store();
    const email = uniqueEmail('same');
    const { checkout, uniqueCode } = await abandon(s, { email });
    await age(checkout.id, 61);
    await jobs.run();
    expect(await mailsTo(email)).toHaveLength(1);
    // The shopper comes back to the same checkout and pays it.
    const placed = await placeOrder(t.app, checkout, uniqueCode);
    const { redirectUrl } = await startPayment(t.app, placed.id, uniqueCode);
    await submitSandboxPage(t.app, redirectUrl, '4242424242424242');
    const [item] = (await list(s.owner)).items;
    expect(item).toMatchObject({ id: checkout.id, paymentStatus: 'paid', orderName: placed.name });
    expect(item?.recoveredAt).not.toBeNull();
  });
});

describe('the reminder job on two servers', () => {
  /**
   * On PostgreSQL, two servers on one database (two processes of one deployment) run the job at
   * the same moment, while a shopper holds one of the checkouts locked; on PGlite (one process)
   * the same runs are queued by its single connection and must end the same.
   */
  it('mails each abandoned checkout exactly once', async () => {
    const postgres = t.ctx.database.kind === 'postgres';
    const other = postgres ? await createTestAppOnSameDatabase(t) : t;
    try {
      const s = await store({ stock: 100 });
      await setDelay(s.owner, 10);
      const emails = Array.from({ length: 12 }, (_, i) => uniqueEmail(`rush${i}`));
      const made: string[] = [];
      for (const email of emails) {
        const { checkout } = await abandon(s, { email });
        made.push(checkout.id);
      }
      await query(
        t.ctx,
        sql`update orders set updated_at = now() - interval '11 minutes' where id = any(${sql.param(made)}::uuid[])`,
      );
      const servers = [new AbandonedCheckoutService(t.ctx), new AbandonedCheckoutService(other.ctx)];
      const runAll = () =>
        Promise.all([
          servers[0]!.sendReminders(),
          servers[1]!.sendReminders(),
          servers[0]!.run().then((r) => r.reminded),
          servers[1]!.run().then((r) => r.reminded),
        ]);

      let sent: number[];
      if (postgres) {
        // A shopper's request has the first checkout locked right now: the servers pass it by.
        const held = await holdRows(t, sql`select id from orders where id = ${made[0]} for update`);
        try {
          sent = await runAll();
        } finally {
          await held.end();
        }
        expect(await mailsTo(emails[0]!)).toHaveLength(0);
        expect(sent.reduce((a, b) => a + b, 0)).toBe(emails.length - 1);
        const again = await Promise.all([servers[0]!.sendReminders(), servers[1]!.sendReminders()]);
        expect(again.reduce((a, b) => a + b, 0)).toBe(1);
      } else {
        sent = await runAll();
        expect(sent.reduce((a, b) => a + b, 0)).toBe(emails.length);
      }
      for (const email of emails) expect(await mailsTo(email), email).toHaveLength(1);

      // The scheduled form: whichever server takes the job's lock, nothing is mailed twice.
      const ran = await Promise.all(
        servers.map((service, i) =>
          runExclusively(i === 0 ? t.ctx : other.ctx, 'abandoned-checkout-reminders', () => service.run()),
        ),
      );
      expect(ran).toContain(true);
      for (const email of emails) expect(await mailsTo(email), email).toHaveLength(1);
      const reminded = await query<{ n: number }>(
        t.ctx,
        sql`select count(*)::int as n from orders where id = any(${sql.param(made)}::uuid[]) and reminder_sent_at is not null`,
      );
      expect(reminded[0]?.n).toBe(emails.length);
    } finally {
      if (other !== t) await other.close();
    }
  });
});
