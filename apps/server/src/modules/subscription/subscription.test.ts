import { BILLING, SANDBOX_CARDS, SUBSCRIPTION_PLANS, type Subscription } from '@shop/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addToBasket,
  call,
  catalogOwner,
  createTestApp,
  createTestAppOnSameDatabase,
  dataOf,
  errorOf,
  mailbox,
  query,
  shop,
  submitSandboxPage,
  type TestApp,
  visitor,
} from '../../testing/app.js';
import { type Owner, product } from '../../testing/orders.js';
import { createProvider } from '../payment/service.js';
import { SubscriptionService } from './service.js';

/**
 * The platform's subscription (issue 14, decision 020) with the sandbox provider, on both
 * databases: the card saved through the sandbox's card page, the monthly charge by the job (its
 * clock given), retries every three days with an e-mail each, suspension after the last, and the
 * store open again the moment its owner pays.
 */

let t: TestApp;
let billing: SubscriptionService;
beforeAll(async () => {
  t = await createTestApp();
  billing = new SubscriptionService(t.ctx, createProvider(t.ctx));
});
afterAll(async () => {
  await t?.close();
});

const DAY = 86_400_000;
const PRICE = SUBSCRIPTION_PLANS.standard.monthlyPrice;
/**
 * The month the stores of these tests fall due (the job's clock runs from here): in the past, so
 * the job's runs charge only the stores a test made due, never another's trial.
 */
const DUE = new Date('2026-01-31T09:00:00Z');
const at = (days: number, hours = 1) => new Date(DUE.getTime() + days * DAY + hours * 3_600_000);

const subscriptionOf = async (owner: Owner) =>
  dataOf<Subscription>(await call(t.app, owner.token, 'GET', `/api/Subscription/${owner.market.id}`));

/** Saves `card` as the owner does: POST /MarketCard/start, then the sandbox's card page. */
async function saveCard(owner: Owner, card: string = SANDBOX_CARDS.approve) {
  const { redirectUrl } = dataOf<{ redirectUrl: string }>(
    await call(t.app, owner.token, 'POST', '/api/MarketCard/start', { marketId: owner.market.id }),
  );
  const saved = await submitSandboxPage(t.app, redirectUrl, card);
  expect(saved.statusCode).toBe(303);
  return { redirectUrl, location: saved.headers.location as string };
}

/** A store whose trial ends at DUE, with `card` saved (or none). */
async function storeDue(card: string | null = SANDBOX_CARDS.approve) {
  const owner = await catalogOwner(t.app);
  if (card) await saveCard(owner, card);
  await t.ctx.db.execute(sql`update subscriptions set period_end = ${DUE} where market_id = ${owner.market.id}`);
  return owner;
}

const chargesOf = (owner: Owner) =>
  query<{ attempt: number; status: string; amount: number; cause: string | null; period_start: Date }>(
    t.ctx,
    sql`select attempt, status, amount, cause, period_start from subscription_charges
      where market_id = ${owner.market.id} order by period_start, attempt`,
  );

/** A shopper starting a checkout in the owner's store (one unit of a product of it). */
async function checkoutStart(owner: Owner, productId: string, language = 'en') {
  const code = visitor();
  dataOf(await addToBasket(t.app, owner.market.id, code, productId));
  return shop(t.app, 'POST', `/api/Basket/checkout/${code}/${owner.market.id}`, undefined, language);
}

describe('the subscription', () => {
  it('a new store has its free trial, no card and no charges', async () => {
    const owner = await catalogOwner(t.app);
    const subscription = await subscriptionOf(owner);
    expect(subscription).toMatchObject({
      plan: 'standard',
      monthlyPrice: PRICE,
      currency: 'AZN',
      status: 'trialing',
      failedAttempts: 0,
      nextAttemptAt: null,
      suspendedAt: null,
      card: null,
      charges: [],
    });
    const days = (Date.parse(subscription.periodEnd) - Date.now()) / DAY;
    expect(days).toBeGreaterThan(SUBSCRIPTION_PLANS.standard.trialDays - 0.01);
    expect(days).toBeLessThanOrEqual(SUBSCRIPTION_PLANS.standard.trialDays);
  });

  it('saves a card through the sandbox card page, once; a wrong card number is refused on the page', async () => {
    const owner = await catalogOwner(t.app);
    const { redirectUrl } = dataOf<{ redirectUrl: string }>(
      await call(t.app, owner.token, 'POST', '/api/MarketCard/start', { marketId: owner.market.id }),
    );
    expect(new URL(redirectUrl).pathname).toMatch(/^\/sandbox-card\/sbc_[0-9a-f]{24}$/);
    const page = await t.app.inject({ method: 'GET', url: new URL(redirectUrl).pathname });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(owner.market.name);

    const wrong = await submitSandboxPage(t.app, redirectUrl, '4242424242424241');
    expect(wrong.statusCode).toBe(422);
    expect((await subscriptionOf(owner)).card).toBeNull();

    const saved = await submitSandboxPage(t.app, redirectUrl, SANDBOX_CARDS.approve);
    expect(saved.statusCode).toBe(303);
    expect(saved.headers.location).toMatch(/\/cp\/payments\?card=saved$/);
    const { card } = await subscriptionOf(owner);
    expect(card?.mask).toBe('424242******4242');

    // The page again (a back button, a replay) changes nothing and leads back as saved.
    const again = await submitSandboxPage(t.app, redirectUrl, SANDBOX_CARDS.decline);
    expect(again.statusCode).toBe(303);
    expect(again.headers.location).toMatch(/card=saved$/);
    expect((await subscriptionOf(owner)).card).toEqual(card);

    // A canceled visit saves nothing and keeps the card there was.
    const { redirectUrl: second } = dataOf<{ redirectUrl: string }>(
      await call(t.app, owner.token, 'POST', '/api/MarketCard/start', { marketId: owner.market.id }),
    );
    const canceled = await submitSandboxPage(t.app, second, '', 'cancel');
    expect(canceled.headers.location).toMatch(/card=failed$/);
    expect((await subscriptionOf(owner)).card).toEqual(card);
  });

  it('a forged card result is refused and an unknown card page is a 404', async () => {
    const forged = await shop(t.app, 'POST', '/api/Payment/result/sandbox', {
      data: Buffer.from(JSON.stringify({ card_id: 'sbc_000000000000000000000000', code: '000' })).toString('base64'),
      signature: 'bm90LWEtc2lnbmF0dXJl',
    });
    expect(forged.statusCode).toBe(400);
    expect(errorOf(forged).code).toBe('PAYMENT_SIGNATURE_INVALID');
    const page = await t.app.inject({ method: 'GET', url: '/sandbox-card/sbc_000000000000000000000000' });
    expect(page.statusCode).toBe(404);
  });

  it('the job charges a month when it is due, once, and mails the receipt', async () => {
    const owner = await storeDue();
    await billing.chargeDue(at(-1));
    expect(await chargesOf(owner)).toEqual([]);
    await billing.chargeDue(at(0));
    await billing.chargeDue(at(0, 2));
    expect(await chargesOf(owner)).toMatchObject([{ attempt: 1, status: 'approved', amount: PRICE }]);
    const subscription = await subscriptionOf(owner);
    expect(subscription).toMatchObject({ status: 'active', failedAttempts: 0 });
    // 31 January + a month is the last day of February.
    expect(subscription.periodEnd).toBe('2026-02-28T09:00:00.000Z');
    expect(subscription.charges).toMatchObject([{ status: 'approved', amount: PRICE, cardMask: '424242******4242' }]);
    const [receipt] = await mailbox(t.app, owner.email);
    expect(receipt?.subject).toBe(`${owner.market.name}: abunə haqqı ödənildi`);
    // The next month is charged when it comes.
    await billing.chargeDue(new Date('2026-02-28T10:00:00Z'));
    expect((await chargesOf(owner)).map((c) => c.status)).toEqual(['approved', 'approved']);
    expect((await subscriptionOf(owner)).periodEnd).toBe('2026-03-28T09:00:00.000Z');
  });

  it(`a failed charge is tried ${BILLING.retries} more times ${BILLING.retryEveryDays} days apart, then the store is suspended; paying opens it at once`, async () => {
    const owner = await storeDue(SANDBOX_CARDS.decline);
    const item = await product(t.app, owner, { price: 1000, stock: 5 });
    expect((await checkoutStart(owner, item.id)).statusCode).toBe(201);

    await billing.chargeDue(at(0));
    let subscription = await subscriptionOf(owner);
    expect(subscription).toMatchObject({ status: 'past_due', failedAttempts: 1 });
    expect(subscription.nextAttemptAt).toBe(new Date(at(0).getTime() + BILLING.retryEveryDays * DAY).toISOString());
    const [failed] = await mailbox(t.app, owner.email);
    expect(failed?.subject).toBe(`${owner.market.name}: abunə haqqı ödənilmədi`);
    expect(failed?.text).toContain('Bank kartı rədd etdi');
    expect(failed?.text).toContain('3 cəhd qalıb');

    // Not before its day; then on each third day.
    await billing.chargeDue(at(2));
    expect(await chargesOf(owner)).toHaveLength(1);
    for (const day of [3, 6, 9].slice(0, BILLING.retries)) await billing.chargeDue(at(day, 2));
    expect((await chargesOf(owner)).map((c) => [c.attempt, c.status, c.cause])).toEqual([
      [1, 'declined', 'declined'],
      [2, 'declined', 'declined'],
      [3, 'declined', 'declined'],
      [4, 'declined', 'declined'],
    ]);
    subscription = await subscriptionOf(owner);
    expect(subscription).toMatchObject({ status: 'suspended', failedAttempts: 4, nextAttemptAt: null });
    const mails = await mailbox(t.app, owner.email);
    expect(mails.filter((m) => m.subject.endsWith('abunə haqqı ödənilmədi'))).toHaveLength(3);
    expect(mails[0]?.subject).toBe(`${owner.market.name}: mağaza dayandırıldı`);
    // The third mail warned that the next try is the last.
    expect(mails[1]?.text).toContain('son cəhd');

    // Suspended: shoppers can not buy; the job leaves it alone; nothing is lost.
    const refused = await checkoutStart(owner, item.id, 'az');
    expect(refused.statusCode).toBe(503);
    expect(errorOf(refused)).toMatchObject({
      code: 'STORE_SUSPENDED',
      message: 'Bu mağaza müvəqqəti bağlıdır. Zəhmət olmasa, sonra yenidən gəlin',
    });
    await billing.chargeDue(at(20));
    expect(await chargesOf(owner)).toHaveLength(4);

    // Paying with the same card fails again and changes nothing.
    const again = dataOf<{ paid: boolean; subscription: Subscription }>(
      await call(t.app, owner.token, 'POST', `/api/Subscription/pay/${owner.market.id}`),
    );
    expect(again.paid).toBe(false);
    expect(again.subscription).toMatchObject({ status: 'suspended', failedAttempts: 4 });
    // The owner's try is for a month from now (a suspended store does not pay for its closed days).
    const owners = again.subscription.charges.filter((c) => Date.parse(c.periodStart) !== DUE.getTime());
    expect(owners).toMatchObject([{ attempt: 1, status: 'declined', cause: 'declined' }]);
    expect(again.subscription.charges).toHaveLength(5);

    // A new card is charged at once: the store opens, its month starting now.
    const before = Date.now();
    await saveCard(owner, SANDBOX_CARDS.approve);
    subscription = await subscriptionOf(owner);
    expect(subscription).toMatchObject({ status: 'active', suspendedAt: null, failedAttempts: 0 });
    expect(subscription.charges.filter((c) => c.status === 'approved')).toMatchObject([
      { cardMask: '424242******4242', amount: PRICE },
    ]);
    expect(Date.parse(subscription.periodEnd)).toBeGreaterThan(before + 27 * DAY);
    expect((await checkoutStart(owner, item.id)).statusCode).toBe(201);
    expect((await mailbox(t.app, owner.email))[0]?.subject).toBe(`${owner.market.name}: abunə haqqı ödənildi`);
  });

  it('a store with no card fails its charge for that reason; paying without one is refused', async () => {
    const owner = await storeDue(null);
    await billing.chargeDue(at(0));
    expect(await chargesOf(owner)).toMatchObject([{ attempt: 1, status: 'failed', cause: 'no_card' }]);
    expect((await subscriptionOf(owner)).status).toBe('past_due');
    expect((await mailbox(t.app, owner.email))[0]?.text).toContain('Yadda saxlanmış kart yoxdur');
    const refused = await call(t.app, owner.token, 'POST', `/api/Subscription/pay/${owner.market.id}`);
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).code).toBe('SUBSCRIPTION_NO_CARD');
    // Saving a card pays the month owed; the retry schedule ends.
    await saveCard(owner);
    expect(await subscriptionOf(owner)).toMatchObject({ status: 'active', nextAttemptAt: null });
    expect((await chargesOf(owner)).map((c) => c.status)).toEqual(['failed', 'approved']);
  });

  it('paying when nothing is owed is refused and charges nothing', async () => {
    const owner = await catalogOwner(t.app);
    await saveCard(owner);
    const refused = await call(t.app, owner.token, 'POST', `/api/Subscription/pay/${owner.market.id}`);
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).code).toBe('SUBSCRIPTION_NOTHING_DUE');
    expect(await chargesOf(owner)).toEqual([]);
  });

  it('two processes running the job at once charge each month once', async () => {
    const owners = [await storeDue(), await storeDue(), await storeDue()];
    const second = t.ctx.database.kind === 'postgres' ? await createTestAppOnSameDatabase(t) : null;
    try {
      const other = new SubscriptionService((second ?? t).ctx, createProvider((second ?? t).ctx));
      await Promise.all([billing.chargeDue(at(0), 1), other.chargeDue(at(0), 1), billing.chargeDue(at(0, 2), 2)]);
      for (const owner of owners) {
        expect(await chargesOf(owner)).toMatchObject([{ attempt: 1, status: 'approved' }]);
      }
    } finally {
      await second?.close();
    }
  });
});
