import { SUBSCRIPTION_PLANS, type Subscription } from '@shop/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  catalogOwner,
  createMarket,
  createTestApp,
  dataOf,
  errorOf,
  query,
  registerConfirmed,
  signIn,
  type TestApp,
} from '../../testing/app.js';
import { type EpointStandIn, startEpointStandIn } from '../../testing/epoint-stand-in.js';
import { createProvider } from '../payment/service.js';
import { SubscriptionService } from './service.js';

/**
 * The platform's subscription (issue 14, decision 020) with Epoint, against the local stand-in
 * over real HTTP: the shop listens on 127.0.0.1, the stand-in posts its signed card results to
 * the shop's result URL and answers the monthly job's charges of the saved card.
 */

let standIn: EpointStandIn;
let t: TestApp;
let shopUrl: string;
let billing: SubscriptionService;

beforeAll(async () => {
  standIn = await startEpointStandIn();
  t = await createTestApp({
    payments: {
      provider: 'epoint',
      sandboxSecret: 'unused-in-epoint-mode-0123456789',
      epoint: { publicKey: standIn.publicKey, privateKey: standIn.privateKey, apiUrl: standIn.url },
    },
  });
  shopUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
  standIn.resultUrl = `${shopUrl}/api/Payment/result/epoint`;
  billing = new SubscriptionService(t.ctx, createProvider(t.ctx));
});
afterAll(async () => {
  await t?.close();
  await standIn?.close();
});

const PRICE = SUBSCRIPTION_PLANS.standard.monthlyPrice;
/**
 * The month the stores of these tests fall due: a fixed instant before today, so that only the
 * stores a test sets due are charged by the job at this clock (a new store's trial ends later).
 */
const DUE = new Date('2026-01-31T09:00:00Z');
const MASK = '416973******0008';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

interface Owner {
  token: string;
  market: { id: string; name: string };
}

const subscriptionOf = async (owner: Owner) =>
  dataOf<Subscription>(await call(t.app, owner.token, 'GET', `/api/Subscription/${owner.market.id}`));

/** POST /api/MarketCard/start as the owner's browser does; the card id is the stand-in's page's. */
async function startCard(owner: Owner) {
  const { redirectUrl } = dataOf<{ redirectUrl: string }>(
    await call(t.app, owner.token, 'POST', '/api/MarketCard/start', { marketId: owner.market.id }),
  );
  return { redirectUrl, cardId: new URL(redirectUrl).pathname.split('/').pop() as string };
}

/** The body of a result the stand-in posted, as the shop answered it. */
function answerOf(sent: { status: number; body: string } | null) {
  expect(sent).not.toBeNull();
  const { status, body } = sent as { status: number; body: string };
  return { status, body: JSON.parse(body) as { data?: { received: boolean; applied: boolean }; error?: unknown } };
}

/** Posts a result to the shop's Epoint result URL as a form, like Epoint. */
async function postResult(fields: { data: string; signature: string }) {
  const response = await fetch(`${shopUrl}/api/Payment/result/epoint`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en' },
    body: new URLSearchParams(fields),
  });
  const body = await response.text();
  return { statusCode: response.status, body, json: () => JSON.parse(body) as unknown };
}

/** A store whose trial ends at DUE, with a card saved on the stand-in's page that charges as `charges` says. */
async function storeDue(charges: 'approve' | 'decline' | 'insufficient' = 'approve') {
  const owner = await catalogOwner(t.app);
  const { cardId } = await startCard(owner);
  expect(answerOf(await standIn.registerCard(cardId, 'approve', { charges })).status).toBe(200);
  await t.ctx.db.execute(sql`update subscriptions set period_end = ${DUE} where market_id = ${owner.market.id}`);
  return { owner, cardId };
}

const executePaysOf = (cardId: string) =>
  standIn.calls.filter((c) => c.path === '/api/1/execute-pay' && c.payload?.card_id === cardId);

const chargesOf = (owner: Owner) =>
  query<{ id: string; attempt: number; status: string; cause: string | null }>(
    t.ctx,
    sql`select id, attempt, status, cause from subscription_charges
      where market_id = ${owner.market.id} order by period_start, attempt`,
  );

describe('the subscription on Epoint', () => {
  it("sends the owner to Epoint's card page: a signed card registration in the owner's language", async () => {
    const account = await registerConfirmed(t.app, undefined, { language: 'ru' });
    const token = await signIn(t.app, account.email, account.password, { ip: account.ip });
    const owner = { token, market: await createMarket(t.app, token) };
    const before = standIn.calls.length;

    const { redirectUrl, cardId } = await startCard(owner);

    const received = standIn.calls.slice(before);
    expect(received.map((c) => c.path)).toEqual(['/api/1/card-registration']);
    const [registration] = received;
    expect(registration?.signatureValid).toBe(true);
    expect(registration?.payload).toMatchObject({ public_key: standIn.publicKey, language: 'ru', refund: 0 });
    expect(String(registration?.payload?.success_redirect_url)).toMatch(/\/cp\/payments\?card=saved$/);
    expect(String(registration?.payload?.error_redirect_url)).toMatch(/\/cp\/payments\?card=failed$/);
    expect(registration?.reply).toMatchObject({ status: 'success', card_id: cardId });
    expect(redirectUrl).toBe(`${standIn.url}/card/${cardId}`);
    expect(standIn.cards.get(cardId)?.status).toBe('new');
    // Nothing is saved until Epoint says so.
    expect((await subscriptionOf(owner)).card).toBeNull();
  });

  it("saves the card from Epoint's signed result, once; a forged or unknown result is refused", async () => {
    const owner = await catalogOwner(t.app);
    const { cardId } = await startCard(owner);

    const saved = answerOf(await standIn.registerCard(cardId, 'approve'));
    expect(saved.status).toBe(200);
    expect(saved.body.data).toEqual({ received: true, applied: true });
    const { card } = await subscriptionOf(owner);
    expect(card?.mask).toBe(MASK);

    // Epoint posting the result again changes nothing.
    const replay = answerOf(await standIn.deliverCard(cardId));
    expect(replay.status).toBe(200);
    expect(replay.body.data).toEqual({ received: true, applied: false });
    expect((await subscriptionOf(owner)).card).toEqual(card);

    // A result signed with another key is refused and changes nothing.
    const fields = {
      card_id: cardId,
      status: 'failed',
      code: '100',
      message: 'Declined (general, no comments)',
      operation_code: '001',
      card_mask: '400000******0002',
    };
    const forged = await postResult(standIn.sign(fields, 'wrong-key'));
    expect(forged.statusCode).toBe(400);
    expect(errorOf(forged).code).toBe('PAYMENT_SIGNATURE_INVALID');
    expect((await subscriptionOf(owner)).card).toEqual(card);

    // A correctly signed result about a card the shop never asked for is not found.
    const unknown = await postResult(
      standIn.sign({ ...fields, card_id: 'ce0000000000000000', status: 'success', code: '000' }),
    );
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown).code).toBe('NOT_FOUND');
    expect((await subscriptionOf(owner)).card).toEqual(card);
  });

  it('a declined card registration saves no card', async () => {
    const owner = await catalogOwner(t.app);
    const { cardId } = await startCard(owner);
    const declined = answerOf(await standIn.registerCard(cardId, 'decline'));
    expect(declined.status).toBe(200);
    expect(declined.body.data).toEqual({ received: true, applied: true });
    expect((await subscriptionOf(owner)).card).toBeNull();
  });

  it('the job charges the month due to the saved card through execute-pay, once', async () => {
    const { owner, cardId } = await storeDue();
    expect(executePaysOf(cardId)).toEqual([]);

    await billing.chargeDue(DUE);

    const subscription = await subscriptionOf(owner);
    expect(subscription).toMatchObject({ status: 'active', failedAttempts: 0, nextAttemptAt: null });
    // 31 January + a month is the last day of February.
    expect(subscription.periodEnd).toBe('2026-02-28T09:00:00.000Z');
    expect(subscription.charges).toMatchObject([
      { attempt: 1, status: 'approved', amount: PRICE, currency: 'AZN', cardMask: MASK, cause: null },
    ]);
    const chargeId = subscription.charges[0]?.id as string;
    expect(chargeId).toMatch(UUID);

    const calls = executePaysOf(cardId);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.signatureValid).toBe(true);
    expect(calls[0]?.payload).toMatchObject({
      public_key: standIn.publicKey,
      card_id: cardId,
      order_id: chargeId,
      amount: PRICE / 100,
      currency: 'AZN',
    });
    expect(calls[0]?.payload?.amount).toBe(29);
    expect(calls[0]?.reply).toMatchObject({ status: 'success', code: '000' });

    // The job again at the same clock: the month is paid, nothing more is asked of Epoint.
    await billing.chargeDue(DUE);
    expect(executePaysOf(cardId)).toHaveLength(1);
    expect(standIn.charges.filter((c) => c.cardId === cardId)).toHaveLength(1);
    expect((await subscriptionOf(owner)).charges).toHaveLength(1);
  });

  it('a charge the bank declines for want of funds leaves the store past due', async () => {
    const { owner, cardId } = await storeDue('insufficient');

    await billing.chargeDue(DUE);

    expect(executePaysOf(cardId)).toHaveLength(1);
    expect(executePaysOf(cardId)[0]?.reply).toMatchObject({ status: 'failed', code: '116' });
    const subscription = await subscriptionOf(owner);
    expect(subscription).toMatchObject({ status: 'past_due', failedAttempts: 1 });
    expect(subscription.nextAttemptAt).not.toBeNull();
    expect(subscription.charges).toMatchObject([
      { attempt: 1, amount: PRICE, cardMask: MASK, cause: 'insufficient_funds' },
    ]);
    expect(subscription.charges[0]?.status).not.toBe('approved');
  });

  it('Epoint unreachable: the charge is recorded failed for the provider, none is left on its way', async () => {
    const { owner, cardId } = await storeDue();
    await standIn.stop();
    try {
      await billing.chargeDue(DUE);
    } finally {
      await standIn.start();
    }

    expect(executePaysOf(cardId)).toEqual([]);
    const subscription = await subscriptionOf(owner);
    expect(subscription).toMatchObject({ status: 'past_due', failedAttempts: 1 });
    expect(subscription.charges).toMatchObject([{ attempt: 1, status: 'failed', cause: 'provider_error' }]);
    expect(await chargesOf(owner)).toMatchObject([{ attempt: 1, status: 'failed', cause: 'provider_error' }]);
    expect(
      await query(
        t.ctx,
        sql`select id from subscription_charges where market_id = ${owner.market.id} and status = 'started'`,
      ),
    ).toEqual([]);
  });
});
