import { existsSync } from 'node:fs';
import path from 'node:path';
import type { ClosingSummary, MarketView } from '@shop/shared';
import { sql } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addToBasket,
  call,
  catalogOwner,
  createTariff,
  createTestApp,
  dataOf,
  employee,
  errorOf,
  fieldCodes,
  invitationToken,
  mailbox,
  PASSWORD,
  query,
  shop,
  signIn,
  type TestApp,
  tusUpload,
  visitor,
} from '../../testing/app.js';
import { buy, type Owner, product } from '../../testing/orders.js';
import { CareerService } from '../careers/service.js';
import { OrderService } from '../order/service.js';
import { PaymentService } from '../payment/service.js';
import { SubscriptionService } from '../subscription/service.js';
import { ClosingService } from './closing.js';

/**
 * Closing a store or the account (issue 15, SPEC §9, decision 023), on both databases: what is
 * still going on is said first, the export holds the store's data, closing needs the password and
 * takes the store offline at once for shoppers, employees and billing; reopened, it is back as it
 * was; two years on it is purged, its accounting record kept. The purge's clock is the test's.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const YEAR = 365 * 86_400_000;
const closingAt = (now: () => Date) =>
  new ClosingService(t.ctx, new OrderService(t.ctx, new PaymentService(t.ctx).provider), now);
const summaryOf = async (o: Owner) =>
  dataOf<ClosingSummary>(await call(t.app, o.token, 'GET', `/api/Market/closing-summary/${o.market.id}`));
const close = (o: Owner, password = PASSWORD) =>
  call(t.app, o.token, 'POST', `/api/Market/close/${o.market.id}`, { password });
const reopen = (o: Owner) => call(t.app, o.token, 'POST', `/api/Market/reopen/${o.market.id}`);
const storeOf = (o: Owner, token = o.token) => call(t.app, token, 'GET', `/api/Market/get-store-by-id/${o.market.id}`);

/** A store with a product, a delivery rate and a paid order waiting to be sent. */
async function busyStore() {
  const owner = await catalogOwner(t.app);
  const item = await product(t.app, owner, { title: 'Clay mug' });
  const tariff = await createTariff(t.app, owner.token, owner.market.id);
  const bought = await buy(t.app, owner, tariff.id, [{ productId: item.id, quantity: 1 }]);
  return { owner, item, tariff, bought };
}

describe('closing a store', () => {
  it('says first what is still going on: open orders, money to come, domains and employees', async () => {
    const { owner, bought } = await busyStore();
    await employee(t.app, owner.token, owner.market.id, 'orders');
    const summary = await summaryOf(owner);
    expect(summary).toMatchObject({ openOrders: 1, openOrderNames: [bought.order.name], domains: 0, employees: 1 });
    expect(summary.balance.pending).toBeGreaterThan(0);
    expect(Date.parse(summary.keptUntil) - Date.now()).toBeGreaterThan(2 * YEAR - 86_400_000);
  });

  it('needs the password; closed, the store is offline for shoppers, employees and the owner’s changes at once', async () => {
    const { owner, item } = await busyStore();
    const worker = await employee(t.app, owner.token, owner.market.id, 'full');
    const shopper = visitor();
    dataOf(await addToBasket(t.app, owner.market.id, shopper, item.id));

    const wrong = await close(owner, 'Not-The-Password-1!');
    expect(wrong.statusCode).toBe(403);
    expect(fieldCodes(wrong)).toEqual({ password: 'WRONG_PASSWORD' });
    expect(dataOf<MarketView>(await storeOf(owner)).closedAt).toBeNull();

    const closed = dataOf<MarketView>(await close(owner));
    expect(Date.parse(closed.closedAt as string)).toBeGreaterThan(Date.now() - 60_000);
    const [mail] = await mailbox(t.app, owner.email);
    expect(mail?.subject).toBe(`Mağaza ${owner.market.name} bağlandı`);

    // Shoppers: the store is gone — its page, its catalog, its cart; a cart filled before can not check out.
    expect((await shop(t.app, 'GET', `/api/Market/get-store-by-name/${owner.market.name}`)).statusCode).toBe(404);
    expect((await shop(t.app, 'GET', `/api/Products/all/${owner.market.id}`)).statusCode).toBe(404);
    const add = await addToBasket(t.app, owner.market.id, visitor(), item.id);
    expect(errorOf(add).code).toBe('INVALID_SESSION_MARKET_PRODUCT');
    const checkout = await shop(t.app, 'POST', `/api/Basket/checkout/${shopper}/${owner.market.id}`);
    expect(checkout.statusCode).toBe(410);
    expect(errorOf(checkout)).toEqual({ code: 'STORE_CLOSED', message: 'This store has closed' });

    // Employees: nothing of it; it leaves their list of stores.
    expect((await storeOf(owner, worker.token)).statusCode).toBe(404);
    expect(dataOf<MarketView[]>(await call(t.app, worker.token, 'GET', '/api/Market/get-all-store'))).toEqual([]);

    // The owner: reads it (and sees it closed), changes nothing until reopening; closing twice is refused.
    const own = dataOf<MarketView[]>(await call(t.app, owner.token, 'GET', '/api/Market/get-all-store'));
    expect(own.find((m) => m.id === owner.market.id)?.closedAt).toBe(closed.closedAt);
    const change = await call(t.app, owner.token, 'PUT', '/api/Market/update-store', {
      id: owner.market.id,
      description: 'Changed while closed',
    });
    expect(change.statusCode).toBe(409);
    expect(errorOf(change).message).toBe('This store is closed: reopen it to make changes');
    expect(errorOf(await close(owner)).code).toBe('MARKET_CLOSED');

    // Reopened: back as it was, for everyone.
    expect(dataOf<MarketView>(await reopen(owner)).closedAt).toBeNull();
    expect((await shop(t.app, 'GET', `/api/Products/all/${owner.market.id}`)).statusCode).toBe(200);
    expect((await storeOf(owner, worker.token)).statusCode).toBe(200);
    expect((await shop(t.app, 'POST', `/api/Basket/checkout/${shopper}/${owner.market.id}`)).statusCode).toBe(201);
    expect(errorOf(await reopen(owner)).code).toBe('MARKET_NOT_CLOSED');
  });

  it('the export holds the products, customers, orders and pictures — open or closed', async () => {
    const { owner, bought } = await busyStore();
    dataOf(await close(owner));
    const response = await call(t.app, owner.token, 'GET', `/api/Market/export/${owner.market.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toContain(`${owner.market.name}-`);
    const files = unzipSync(new Uint8Array(response.rawPayload));
    const text = (name: string) => new TextDecoder().decode(files[name]);
    expect(text('products.csv')).toContain('Clay mug');
    expect(text('customers.csv')).toContain(bought.email);
    expect(text('orders.csv')).toContain(bought.order.name);
    const images = Object.keys(files).filter((name) => name.startsWith('images/'));
    expect(images.length).toBeGreaterThan(0);
    // Real pictures: WebP files.
    expect(new TextDecoder().decode(files[images[0]!]!.slice(8, 12))).toBe('WEBP');
    // Another merchant gets nothing.
    const other = await catalogOwner(t.app);
    expect((await call(t.app, other.token, 'GET', `/api/Market/export/${owner.market.id}`)).statusCode).toBe(404);
  });

  it('a closed store is not billed; reopened after its month ran out, the month falls due', async () => {
    const owner = await catalogOwner(t.app);
    const due = new Date(Date.now() - 86_400_000);
    await t.ctx.db.execute(sql`update subscriptions set period_end = ${due} where market_id = ${owner.market.id}`);
    dataOf(await close(owner));
    const billing = new SubscriptionService(t.ctx, new PaymentService(t.ctx).provider);
    await billing.chargeDue(new Date());
    const charges = () =>
      query<{ status: string }>(
        t.ctx,
        sql`select status from subscription_charges where market_id = ${owner.market.id}`,
      );
    expect(await charges()).toEqual([]);
    dataOf(await reopen(owner));
    const [subscription] = await query<{ period_end: Date | string }>(
      t.ctx,
      sql`select period_end from subscriptions where market_id = ${owner.market.id}`,
    );
    expect(Date.parse(String(new Date(subscription!.period_end)))).toBeGreaterThan(due.getTime());
    await billing.chargeDue(new Date(Date.now() + 1000));
    expect((await charges()).length).toBe(1);
  });

  it('two years after closing the store is purged, its accounting record kept; a later one is not', async () => {
    const { owner, item, bought } = await busyStore();
    // A shopper's cart left in the store, beside the paid order's lines, payment and timeline.
    dataOf(await addToBasket(t.app, owner.market.id, visitor(), item.id));
    const tables = ['order_items', 'payments', 'order_events', 'basket_items'];
    const rowsIn = (table: string) =>
      query(t.ctx, sql`select id from ${sql.identifier(table)} where market_id = ${owner.market.id}`);
    for (const table of tables)
      expect({ table, rows: (await rowsIn(table)).length > 0 }).toEqual({ table, rows: true });
    const recent = await catalogOwner(t.app);
    dataOf(await close(owner));
    const later = closingAt(() => new Date(Date.now() + YEAR));
    dataOf(await close(recent));
    await t.ctx.db.execute(
      sql`update markets set closed_at = now() + interval '1 year' where id = ${recent.market.id}`,
    );

    expect(await later.purgeDue(new Date(Date.now() + 2 * YEAR - 86_400_000))).toEqual({ stores: 0, accounts: 0 });
    const purged = await later.purgeDue(new Date(Date.now() + 2 * YEAR + 86_400_000));
    expect(purged.stores).toBeGreaterThanOrEqual(1);
    expect(await query(t.ctx, sql`select id from markets where id = ${owner.market.id}`)).toEqual([]);
    expect(await query(t.ctx, sql`select id from orders where market_id = ${owner.market.id}`)).toEqual([]);
    // Lines, payments, timelines and basket lines go with their orders and baskets (migration 0036).
    for (const table of tables) expect({ table, left: await rowsIn(table) }).toEqual({ table, left: [] });
    const [kept] = await query<{
      name: string;
      owner_email: string;
      record: { orders: { name: string; total: number }[] };
    }>(t.ctx, sql`select name, owner_email, record from closed_store_records where market_id = ${owner.market.id}`);
    expect(kept).toMatchObject({ name: owner.market.name, owner_email: owner.email });
    expect(kept?.record.orders).toEqual([
      expect.objectContaining({ name: bought.order.name, total: bought.order.total }),
    ]);
    // No shopper's e-mail or address in what is kept.
    expect(JSON.stringify(kept?.record)).not.toContain(bought.email);
    expect(await query(t.ctx, sql`select id from markets where id = ${recent.market.id}`)).toHaveLength(1);
    // The owner's account was not closed: it stays.
    expect((await call(t.app, owner.token, 'GET', '/api/User/get-user')).statusCode).toBe(200);
  });
});

describe('closing the account', () => {
  it('closes every store and ends every session; signing in again opens the account, its stores still closed', async () => {
    const owner = await catalogOwner(t.app);
    const second = dataOf<MarketView>(
      await call(t.app, owner.token, 'POST', '/api/Market/create-store', {
        name: `second-${owner.market.name}`.slice(0, 60),
        sectorId: 1,
      }),
      201,
    );
    const boss = await catalogOwner(t.app);
    // The owner also works in someone else's store: they leave it.
    dataOf(
      await call(t.app, boss.token, 'POST', `/api/markets/${boss.market.id}/employees`, {
        email: owner.email,
        level: 'orders',
      }),
      201,
    );
    dataOf(
      await call(t.app, owner.token, 'POST', `/api/Invitation/${await invitationToken(t.app, owner.email)}/accept`),
    );
    const refused = await call(t.app, owner.token, 'POST', '/api/User/close-account', { password: 'Wrong-Pass-1!' });
    expect(refused.statusCode).toBe(403);

    const closed = await call(t.app, owner.token, 'POST', '/api/User/close-account', { password: PASSWORD });
    expect(dataOf(closed)).toEqual({ signedOut: true });
    expect((await call(t.app, owner.token, 'GET', '/api/User/get-user')).statusCode).toBe(401);
    for (const name of [owner.market.name, second.name]) {
      expect((await shop(t.app, 'GET', `/api/Market/get-store-by-name/${name}`)).statusCode).toBe(404);
    }
    const [mail] = await mailbox(t.app, owner.email);
    expect(mail?.subject).toBe('Hesabınız bağlandı');
    expect(await query(t.ctx, sql`select id from market_employees where market_id = ${boss.market.id}`)).toEqual([]);

    const token = await signIn(t.app, owner.email, PASSWORD);
    const stores = dataOf<MarketView[]>(await call(t.app, token, 'GET', '/api/Market/get-all-store'));
    expect(stores.map((s) => s.closedAt === null)).toEqual([false, false]);
    const [user] = await query<{ closed_at: Date | null }>(
      t.ctx,
      sql`select closed_at from users where email = ${owner.email}`,
    );
    expect(user?.closed_at).toBeNull();
  });

  it('an account closed two years ago is purged with its stores, its job applications and their CVs', async () => {
    const owner = await catalogOwner(t.app);
    const vacancy = await new CareerService(t.ctx).create({
      language: 'en',
      position: 'Support specialist',
      workHours: 'Full time',
      description: '<p>Help merchants.</p>',
      published: true,
    });
    const { id: cvUploadId } = await tusUpload(t.app, 'cv', Buffer.from('%PDF-1.4\n%%EOF\n'), 'cv.pdf');
    dataOf(
      await call(t.app, owner.token, 'POST', '/api/Career', {
        vacancyId: vacancy.id,
        name: 'Owner',
        surname: 'Applicant',
        email: owner.email,
        phoneNumber: '+994 50 123 45 67',
        motivationLetter: 'I would like to join. '.repeat(30),
        cvUploadId,
      }),
      201,
    );
    const [cv] = await query<{ cv_file: string }>(
      t.ctx,
      sql`select cv_file from applications where vacancy_id = ${vacancy.id}`,
    );
    const cvPath = path.join(t.ctx.config.privateDir, 'careers', cv?.cv_file as string);
    expect(existsSync(cvPath)).toBe(true);
    dataOf(await call(t.app, owner.token, 'POST', '/api/User/close-account', { password: PASSWORD }));
    const purged = await closingAt(() => new Date()).purgeDue(new Date(Date.now() + 2 * YEAR + 86_400_000));
    expect(purged.accounts).toBeGreaterThanOrEqual(1);
    expect(await query(t.ctx, sql`select id from users where email = ${owner.email}`)).toEqual([]);
    expect(
      await query(t.ctx, sql`select market_id from closed_store_records where market_id = ${owner.market.id}`),
    ).toHaveLength(1);
    expect(await query(t.ctx, sql`select id from applications where vacancy_id = ${vacancy.id}`)).toEqual([]);
    expect(existsSync(cvPath)).toBe(false);
  });
});
