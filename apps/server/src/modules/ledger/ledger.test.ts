import { type Balance, providerFee } from '@shop/shared';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  catalogOwner,
  createTariff,
  createTestApp,
  createTestAppOnSameDatabase,
  dataOf,
  errorOf,
  type TestApp,
} from '../../testing/app.js';
import { buy, details, fulfil, type Owner, product, refund } from '../../testing/orders.js';
import { LedgerService } from './service.js';

/**
 * The money ledger (issue 14, decision 019), through the API on both databases: a paid order is a
 * sale and the provider's fee, a refund comes off, balances are the entries' sums, the entries
 * add up to what caused them, and nothing can change an entry.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function store() {
  const owner = await catalogOwner(t.app);
  const tariff = await createTariff(t.app, owner.token, owner.market.id, { price: 500 });
  return { owner, tariff };
}

const balanceOf = async (owner: Owner) =>
  dataOf<Balance>(await call(t.app, owner.token, 'GET', `/api/Balance/${owner.market.id}`));

describe('the ledger', () => {
  it('a paid order is a pending sale less the provider’s fee; refunds come off; the check adds up', async () => {
    const { owner, tariff } = await store();
    expect(await balanceOf(owner)).toEqual({
      pending: 0,
      available: 0,
      inTransit: 0,
      paidOut: 0,
      collected: 0,
      currency: 'AZN',
    });
    const item = await product(t.app, owner, { price: 2500, stock: 10 });
    const { order } = await buy(t.app, owner, tariff.id, [{ productId: item.id, quantity: 2 }]);
    // 2 × 25.00 + 5.00 delivery = 55.00; the fee is 3.5 % (1.93) + the point-of-sale cost (0.20).
    expect(order.total).toBe(5500);
    expect(providerFee(5500)).toBe(193 + 20);
    expect(await balanceOf(owner)).toMatchObject({ pending: 5500 - 213, available: 0 });

    dataOf(await refund(t.app, owner, order.id, { amount: 1000 }));
    expect((await balanceOf(owner)).pending).toBe(5500 - 213 - 1000);
    dataOf(await refund(t.app, owner, order.id, {}));
    // The fee stays with the provider (decision 019): a whole refund leaves the store short of it.
    expect((await balanceOf(owner)).pending).toBe(-213);
    expect((await details(t.app, owner, order.id)).paymentStatus).toBe('canceled');

    expect(await new LedgerService(t.ctx.db).check(owner.market.id)).toEqual([]);
  });

  it('an unpaid or declined order writes nothing', async () => {
    const { owner, tariff } = await store();
    const item = await product(t.app, owner);
    await buy(t.app, owner, tariff.id, [{ productId: item.id, quantity: 1 }], { pay: false });
    await buy(t.app, owner, tariff.id, [{ productId: item.id, quantity: 1 }], { pay: 'decline' });
    expect(await balanceOf(owner)).toMatchObject({ pending: 0, available: 0 });
    const [entries] = await t.ctx.db
      .execute(sql`select count(*)::int as n from ledger_entries where market_id = ${owner.market.id}`)
      .then((r) => (r as unknown as { rows: { n: number }[] }).rows);
    expect(entries?.n).toBe(0);
  });

  it('entries can not be changed or removed, by anyone', async () => {
    const { owner, tariff } = await store();
    const item = await product(t.app, owner);
    await buy(t.app, owner, tariff.id, [{ productId: item.id, quantity: 1 }]);
    const where = sql`market_id = ${owner.market.id}`;
    const refusal = (statement: ReturnType<typeof sql>) =>
      t.ctx.db.execute(statement).then(
        () => 'changed',
        (error: { cause?: { message?: string } }) => error.cause?.message ?? String(error),
      );
    expect(await refusal(sql`update ledger_entries set amount = amount * 2 where ${where}`)).toBe(
      'ledger entries are immutable',
    );
    expect(await refusal(sql`delete from ledger_entries where ${where}`)).toBe('ledger entries are immutable');
    expect((await balanceOf(owner)).pending).toBe(1500 - providerFee(1500));
  });

  it('another merchant’s balance is not found; an anonymous caller is told to sign in', async () => {
    const { owner } = await store();
    const stranger = await catalogOwner(t.app);
    const theirs = await call(t.app, stranger.token, 'GET', `/api/Balance/${owner.market.id}`);
    expect(theirs.statusCode).toBe(404);
    expect(errorOf(theirs).code).toBe('NOT_FOUND');
    expect((await call(t.app, null, 'GET', `/api/Balance/${owner.market.id}`)).statusCode).toBe(401);
    expect((await call(t.app, owner.token, 'GET', '/api/Balance/not-an-id')).statusCode).toBe(404);
  });

  it('after any sequence of sales and partial refunds the sums match and the balance is what was kept', async () => {
    const { owner, tariff } = await store();
    const item = await product(t.app, owner, { price: 1234, stock: 10_000 });
    type Step = { kind: 'sale'; quantity: number } | { kind: 'refund'; share: number };
    const step = fc.oneof(
      fc.record({ kind: fc.constant('sale' as const), quantity: fc.integer({ min: 1, max: 4 }) }),
      fc.record({ kind: fc.constant('refund' as const), share: fc.double({ min: 0.01, max: 1, noNaN: true }) }),
    );
    let kept = 0;
    const paid: { id: string; left: number }[] = [];
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 4 }), async (steps: Step[]) => {
        for (const s of steps) {
          if (s.kind === 'sale') {
            const { order } = await buy(t.app, owner, tariff.id, [{ productId: item.id, quantity: s.quantity }]);
            kept += order.total - providerFee(order.total);
            paid.push({ id: order.id, left: order.total });
          } else {
            const open = paid.filter((o) => o.left > 0);
            const target = open[open.length - 1];
            if (!target) continue;
            const amount = Math.max(1, Math.floor(target.left * s.share));
            dataOf(await refund(t.app, owner, target.id, { amount }));
            target.left -= amount;
            kept -= amount;
          }
        }
        expect((await balanceOf(owner)).pending).toBe(kept);
        expect(await new LedgerService(t.ctx.db).check(owner.market.id)).toEqual([]);
      }),
      { numRuns: 6 },
    );
  });
});

describe('the weekly settlement', () => {
  /** Wednesday 2026-12-02, 09:00 in Baku; its cutoff is Wednesday 2026-11-25 00:00 Baku. */
  const WEDNESDAY = new Date('2026-12-02T05:00:00Z');
  const TUESDAY = new Date('2026-12-01T05:00:00Z');

  /** A paid order of the store, fulfilled at `fulfilledAt`. */
  async function fulfilledOrder(owner: Owner, tariffId: string, fulfilledAt: string) {
    const item = await product(t.app, owner, { price: 3000, stock: 100 });
    const { order } = await buy(t.app, owner, tariffId, [{ productId: item.id, quantity: 1 }]);
    dataOf(await fulfil(t.app, owner, order.id));
    await t.ctx.db.execute(sql`update orders set fulfilled_at = ${fulfilledAt} where id = ${order.id}`);
    return order;
  }

  it('on Wednesday, orders fulfilled a week before become available, once; other days nothing moves', async () => {
    const { owner, tariff } = await store();
    const old = await fulfilledOrder(owner, tariff.id, '2026-11-24T19:00:00Z'); // 23:00 Baku, 24 Nov
    await fulfilledOrder(owner, tariff.id, '2026-11-25T01:00:00Z'); // 05:00 Baku, 25 Nov: too late
    const item = await product(t.app, owner, { price: 3000 });
    await buy(t.app, owner, tariff.id, [{ productId: item.id, quantity: 1 }]); // paid, not fulfilled
    dataOf(await refund(t.app, owner, old.id, { amount: 700 }));
    const net = 3500 - providerFee(3500);
    expect(await balanceOf(owner)).toMatchObject({ pending: 3 * net - 700, available: 0 });

    const ledger = new LedgerService(t.ctx.db);
    expect(await ledger.settle(TUESDAY)).toBe(0);
    await ledger.settle(WEDNESDAY);
    // What the order left on pending (sale, fee, the refund so far) is available now.
    expect(await balanceOf(owner)).toMatchObject({ pending: 2 * net, available: net - 700 });
    const [again] = await Promise.all([ledger.settle(WEDNESDAY)]);
    expect(again).toBe(0);
    expect(await balanceOf(owner)).toMatchObject({ pending: 2 * net, available: net - 700 });

    // A refund after settlement comes off what is available.
    dataOf(await refund(t.app, owner, old.id, { amount: 300 }));
    expect(await balanceOf(owner)).toMatchObject({ pending: 2 * net, available: net - 1000 });
    expect(await ledger.check(owner.market.id)).toEqual([]);
  });

  it('an order refunded in whole without being shipped is settled a week after: its fee comes off available', async () => {
    const { owner, tariff } = await store();
    const item = await product(t.app, owner, { price: 3000, stock: 10 });
    const { order } = await buy(t.app, owner, tariff.id, [{ productId: item.id, quantity: 1 }]);
    dataOf(await refund(t.app, owner, order.id, { amount: 3500 }));
    const fee = providerFee(3500);
    expect(await balanceOf(owner)).toMatchObject({ pending: -fee, available: 0 });
    const ledger = new LedgerService(t.ctx.db);
    await t.ctx.db.execute(sql`update orders set canceled_at = '2026-11-25T01:00:00Z' where id = ${order.id}`);
    // Canceled 05:00 Baku on 25 November: past the cutoff of the 2nd of December, not yet on it.
    expect(await ledger.settle(WEDNESDAY)).toBe(0);
    await t.ctx.db.execute(sql`update orders set canceled_at = '2026-11-24T19:00:00Z' where id = ${order.id}`);
    expect(await ledger.settle(WEDNESDAY)).toBe(1);
    expect(await balanceOf(owner)).toMatchObject({ pending: 0, available: -fee });
    expect(await ledger.check(owner.market.id)).toEqual([]);
  });

  it('two processes settling at once on one database settle each order exactly once', async () => {
    const { owner, tariff } = await store();
    const orders = [];
    for (let i = 0; i < 12; i++) orders.push(await fulfilledOrder(owner, tariff.id, '2026-11-20T10:00:00Z'));
    const second = t.ctx.database.kind === 'postgres' ? await createTestAppOnSameDatabase(t) : null;
    try {
      const one = new LedgerService(t.ctx.db);
      // The other process settles with two workers at once, as the job does on PostgreSQL.
      const other = new LedgerService((second ?? t).ctx.db, second ? 2 : 1);
      // Small batches, so that the two take turns and meet on the same rows.
      await Promise.all([one.settle(WEDNESDAY, 2), other.settle(WEDNESDAY, 2), one.settle(WEDNESDAY, 3)]);
      const releases = await t.ctx.db
        .execute(sql`select count(*)::int as n from ledger_entries
          where market_id = ${owner.market.id} and kind = 'release' and account = 'available'`)
        .then((r) => (r as unknown as { rows: { n: number }[] }).rows);
      expect(releases[0]?.n).toBe(orders.length);
      const net = 3500 - providerFee(3500);
      expect(await balanceOf(owner)).toMatchObject({ pending: 0, available: orders.length * net });
      expect(await one.check(owner.market.id)).toEqual([]);
    } finally {
      await second?.close();
    }
  });
});
