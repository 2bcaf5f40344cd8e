// Seeds what the browser journeys need before the server starts (the embedded database takes
// one process at a time): the demo store, a verified, active custom domain of it so that a
// journey can open the store at the root of its own host (DESIGN §1 custom domains), a
// merchant with a payout history, and the staff journey's accounts (e2e/accounts.ts).
import { SANDBOX_CARDS } from '@shop/shared';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { marketDomains, markets } from '../apps/server/src/db/schema/index.js';
import { DEMO, seedDemo } from '../apps/server/src/demo/seed.js';
import { LedgerService } from '../apps/server/src/modules/ledger/service.js';
import { createProvider } from '../apps/server/src/modules/payment/service.js';
import { SANDBOX_ARRIVAL_MS } from '../apps/server/src/modules/payout/provider.js';
import { PayoutService } from '../apps/server/src/modules/payout/service.js';
import { SubscriptionService } from '../apps/server/src/modules/subscription/service.js';
import type { AppContext } from '../apps/server/src/platform/context.js';
import {
  call,
  catalogOwner,
  createMarket,
  createTariff,
  dataOf,
  merchant as signedInMerchant,
  submitSandboxPage,
} from '../apps/server/src/testing/app.js';
import { bankDetailsBody, buy, fulfil, product, refund } from '../apps/server/src/testing/orders.js';
import { ADJUSTED_MERCHANT, PAYOUT_MERCHANT, STAFF_MEMBER, SUSPENDED_MERCHANTS } from '../e2e/accounts.js';

const E2E_DOMAIN = process.env.E2E_DOMAIN ?? 'shop.e2e.test';

const { app, ctx } = await buildApp(loadConfig(process.env), { web: 'none' });
try {
  await seedDemo(ctx);
  const [market] = await ctx.db.select({ id: markets.id }).from(markets).where(eq(markets.name, DEMO.market));
  if (!market) throw new Error('the demo store was not seeded');
  await ctx.db
    .insert(marketDomains)
    .values({ marketId: market.id, name: E2E_DOMAIN, verified: true, active: true })
    .onConflictDoNothing();
  await seedPayouts(app, ctx);
  for (const merchant of Object.values(SUSPENDED_MERCHANTS)) await seedSuspended(app, ctx, merchant);
  // The staff member (staff by the server's STAFF_EMAILS) and the store whose balance they correct.
  await createMarket(app, (await signedInMerchant(app, STAFF_MEMBER.email)).token);
  await createMarket(app, (await signedInMerchant(app, ADJUSTED_MERCHANT.email)).token, {
    name: ADJUSTED_MERCHANT.store,
  });
} finally {
  await app.close();
}

/**
 * Three orders bought, paid with the sandbox card and fulfilled through the API (one partly
 * refunded), then the real settlement and payout jobs run on the clock of the next two Wednesdays:
 * the orders' fulfilment is dated back past the 7-day hold, as time would have done.
 */
async function seedPayouts(app: FastifyInstance, ctx: AppContext) {
  const owner = await catalogOwner(app, PAYOUT_MERCHANT.email);
  const tariff = await createTariff(app, owner.token, owner.market.id, { price: 500 });
  dataOf(await call(app, owner.token, 'PUT', `/api/BankDetails/${owner.market.id}`, bankDetailsBody()));
  const day = 86_400_000;
  // The next Wednesday, 09:00 in Baku, and the one after.
  const first = new Date(Date.now() + day);
  first.setUTCHours(5, 0, 0, 0);
  while (first.getUTCDay() !== 3) first.setTime(first.getTime() + day);
  const second = new Date(first.getTime() + 7 * day);
  const orders = [];
  for (const [price, fulfilledAt] of [
    [3000, first.getTime() - 10 * day],
    [5000, first.getTime() - 9 * day],
    [7000, first.getTime() - 3 * day],
  ] as const) {
    const item = await product(app, owner, { price, stock: 10 });
    const { order } = await buy(app, owner, tariff.id, [{ productId: item.id, quantity: 1 }]);
    dataOf(await fulfil(app, owner, order.id));
    await ctx.db.execute(sql`update orders set fulfilled_at = ${new Date(fulfilledAt)} where id = ${order.id}`);
    orders.push(order);
  }
  dataOf(await refund(app, owner, orders[0]!.id, { amount: 1000 }));
  const ledger = new LedgerService(ctx.db);
  const payouts = new PayoutService(ctx);
  await ledger.settle(first);
  await payouts.createDue(first);
  await payouts.advance(new Date(first.getTime() + SANDBOX_ARRIVAL_MS));
  await ledger.settle(second);
  await payouts.createDue(second);
}

/**
 * A store with a product, whose owner saved the sandbox's declining card: its month fell due ten
 * days ago and the real billing job ran on that day and each retry (three days apart), so the
 * store is suspended with four declined charges in its history.
 */
async function seedSuspended(
  app: FastifyInstance,
  ctx: AppContext,
  merchant: (typeof SUSPENDED_MERCHANTS)[keyof typeof SUSPENDED_MERCHANTS],
) {
  const owner = await catalogOwner(app, merchant.email);
  await product(app, owner, { title: merchant.product, price: 2500, stock: 5 });
  const { redirectUrl } = dataOf<{ redirectUrl: string }>(
    await call(app, owner.token, 'POST', '/api/MarketCard/start', { marketId: owner.market.id }),
  );
  await submitSandboxPage(app, redirectUrl, SANDBOX_CARDS.decline);
  const day = 86_400_000;
  const due = new Date(Date.now() - 10 * day);
  await ctx.db.execute(sql`update subscriptions set period_end = ${due} where market_id = ${owner.market.id}`);
  const billing = new SubscriptionService(ctx, createProvider(ctx));
  for (const days of [0, 3, 6, 9]) await billing.chargeDue(new Date(due.getTime() + days * day + 60_000));
}
