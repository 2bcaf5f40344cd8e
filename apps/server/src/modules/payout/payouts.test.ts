import {
  type Balance,
  type Checkout,
  ibanChecksumValid,
  PAYOUT_MINIMUM,
  type PayoutListPage,
  type PayoutReport,
  payoutDue,
  providerFee,
} from '@shop/shared';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addToBasket,
  call,
  catalogOwner,
  confirmedCheckout,
  createTariff,
  createTestApp,
  createTestAppOnSameDatabase,
  dataOf,
  errorOf,
  mailbox,
  query,
  shop,
  type TestApp,
  visitor,
} from '../../testing/app.js';
import { bankDetailsBody, buy, fulfil, type Owner, product, refund } from '../../testing/orders.js';
import { LedgerService } from '../ledger/service.js';
import { SANDBOX_ARRIVAL_MS, SANDBOX_FAILING_ACCOUNT_SUFFIX } from './provider.js';
import { PayoutService } from './service.js';

/**
 * Payouts (issue 14, decision 019) on both databases, with the sandbox payout provider: on a
 * settlement day what a store has available goes to its bank account once, arrives (in_transit →
 * paid_out) or comes back (→ available, and the owner is told why); the ledger check holds.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const WEDNESDAY = new Date('2026-12-02T05:00:00Z');
const NEXT_WEDNESDAY = new Date('2026-12-09T05:00:00Z');
const ARRIVED = new Date(WEDNESDAY.getTime() + SANDBOX_ARRIVAL_MS + 60_000);

/** An AZ IBAN ending in `tail`, with check digits that match. */
function accountEndingIn(tail: string): string {
  const body = `AIIB4006${tail.padStart(16, '0')}`;
  for (let digits = 2; digits < 100; digits++) {
    const iban = `AZ${String(digits).padStart(2, '0')}${body}`;
    if (ibanChecksumValid(iban)) return iban;
  }
  throw new Error('no check digits');
}

async function store(account = accountEndingIn('1234')) {
  const owner = await catalogOwner(t.app);
  const tariff = await createTariff(t.app, owner.token, owner.market.id, { price: 500 });
  dataOf(await call(t.app, owner.token, 'PUT', `/api/BankDetails/${owner.market.id}`, bankDetailsBody(account)));
  return { owner, tariff };
}

/** A paid order of `price` + 5.00 delivery, fulfilled well before WEDNESDAY's cutoff. */
async function fulfilledOrder(owner: Owner, tariffId: string, price = 3000, fulfilledAt = '2026-11-20T10:00:00Z') {
  const item = await product(t.app, owner, { price, stock: 100 });
  const { order } = await buy(t.app, owner, tariffId, [{ productId: item.id, quantity: 1 }]);
  dataOf(await fulfil(t.app, owner, order.id));
  await t.ctx.db.execute(sql`update orders set fulfilled_at = ${fulfilledAt} where id = ${order.id}`);
  return order;
}

const balanceOf = async (owner: Owner) =>
  dataOf<Balance>(await call(t.app, owner.token, 'GET', `/api/Balance/${owner.market.id}`));

const payoutsOf = (owner: Owner) =>
  query<{ amount: number; status: string; failure_reason: string | null; period_to: Date }>(
    t.ctx,
    sql`select amount, status, failure_reason, period_to from payouts where market_id = ${owner.market.id} order by created_at`,
  );

const net = 3500 - providerFee(3500);

describe('payouts', () => {
  it('a settlement day pays out what is available, once; it arrives a day later; the ledger adds up', async () => {
    const { owner, tariff } = await store();
    await fulfilledOrder(owner, tariff.id);
    const payouts = new PayoutService(t.ctx);
    await new LedgerService(t.ctx.db).settle(WEDNESDAY);
    expect(await balanceOf(owner)).toMatchObject({ available: net, inTransit: 0 });

    expect(await payouts.createDue(new Date('2026-12-01T05:00:00Z'))).toBe(0); // a Tuesday
    await payouts.createDue(WEDNESDAY);
    await payouts.createDue(WEDNESDAY);
    expect(await payoutsOf(owner)).toMatchObject([{ amount: net, status: 'pending' }]);
    expect(await balanceOf(owner)).toMatchObject({ available: 0, inTransit: net, paidOut: 0 });
    const [sent] = await mailbox(t.app, owner.email);
    expect(sent?.subject).toContain('ödəniş göndərildi');
    expect(sent?.text).toContain('•••• 1234');

    await payouts.advance(WEDNESDAY); // not arrived yet
    expect(await balanceOf(owner)).toMatchObject({ inTransit: net, paidOut: 0 });
    await payouts.advance(ARRIVED);
    await payouts.advance(ARRIVED);
    expect(await payoutsOf(owner)).toMatchObject([{ amount: net, status: 'paid' }]);
    expect(await balanceOf(owner)).toMatchObject({ pending: 0, available: 0, inTransit: 0, paidOut: net });
    expect(await new LedgerService(t.ctx.db).check(owner.market.id)).toEqual([]);
  });

  it('a payout the bank refuses comes back to available, the owner is told why, and the next one takes it', async () => {
    const { owner, tariff } = await store(accountEndingIn(SANDBOX_FAILING_ACCOUNT_SUFFIX));
    await fulfilledOrder(owner, tariff.id);
    const payouts = new PayoutService(t.ctx);
    await new LedgerService(t.ctx.db).settle(WEDNESDAY);
    await payouts.createDue(WEDNESDAY);
    await payouts.advance(ARRIVED);
    expect(await payoutsOf(owner)).toMatchObject([
      { amount: net, status: 'failed', failure_reason: expect.stringContaining('closed') },
    ]);
    expect(await balanceOf(owner)).toMatchObject({ available: net, inTransit: 0, paidOut: 0 });
    const [told] = await mailbox(t.app, owner.email);
    expect(told?.subject).toContain('ödəniş alınmadı');
    expect(told?.text).toContain('closed');

    await payouts.createDue(NEXT_WEDNESDAY);
    expect((await payoutsOf(owner)).map((p) => p.status)).toEqual(['failed', 'pending']);
    expect(await balanceOf(owner)).toMatchObject({ available: 0, inTransit: net });
    expect(await new LedgerService(t.ctx.db).check(owner.market.id)).toEqual([]);
  });

  it('less than the minimum waits; a store without bank details is not paid out', async () => {
    const small = await store();
    await fulfilledOrder(small.owner, small.tariff.id, 400); // 9.00 ₼ less the fee
    const noDetails = await catalogOwner(t.app);
    const tariff = await createTariff(t.app, noDetails.token, noDetails.market.id, { price: 500 });
    await fulfilledOrder(noDetails, tariff.id);
    await new LedgerService(t.ctx.db).settle(WEDNESDAY);
    expect((await balanceOf(small.owner)).available).toBeLessThan(PAYOUT_MINIMUM);
    await new PayoutService(t.ctx).createDue(WEDNESDAY);
    expect(await payoutsOf(small.owner)).toEqual([]);
    expect(await payoutsOf(noDetails)).toEqual([]);
    expect((await balanceOf(noDetails)).available).toBe(net);
  });

  it('a store chooses its period; a monthly one is paid on the month’s first Wednesday only; every two weeks alternates', async () => {
    expect(payoutDue('weekly', new Date('2026-12-08T20:00:00Z'))).toBe(true);
    // Wednesdays 2 and 9 December 2026 begin at 20:00 UTC the day before (Baku, UTC+4).
    expect(payoutDue('monthly', new Date('2026-12-01T20:00:00Z'))).toBe(true);
    expect(payoutDue('monthly', new Date('2026-12-08T20:00:00Z'))).toBe(false);
    const fortnightly = [0, 1, 2, 3].map((week) =>
      payoutDue('biweekly', new Date(Date.parse('2026-12-01T20:00:00Z') + week * 7 * 86_400_000)),
    );
    expect(fortnightly).toEqual([fortnightly[0], !fortnightly[0], fortnightly[0], !fortnightly[0]]);

    const { owner, tariff } = await store();
    await fulfilledOrder(owner, tariff.id);
    const url = `/api/PayoutSettings/${owner.market.id}`;
    expect(dataOf(await call(t.app, owner.token, 'GET', url))).toEqual({ period: 'weekly', minimum: 1000 });
    const wrong = await call(t.app, owner.token, 'PUT', url, { period: 'daily' });
    expect(wrong.statusCode).toBe(400);
    expect(dataOf(await call(t.app, owner.token, 'GET', url))).toMatchObject({ period: 'weekly' });
    expect(dataOf(await call(t.app, owner.token, 'PUT', url, { period: 'monthly' }))).toMatchObject({
      period: 'monthly',
    });
    const stranger = await catalogOwner(t.app);
    expect((await call(t.app, stranger.token, 'PUT', url, { period: 'weekly' })).statusCode).toBe(404);
    expect(dataOf(await call(t.app, owner.token, 'GET', url))).toMatchObject({ period: 'monthly' });
    await new LedgerService(t.ctx.db).settle(NEXT_WEDNESDAY);
    await new PayoutService(t.ctx).createDue(NEXT_WEDNESDAY);
    expect(await payoutsOf(owner)).toEqual([]);
  });

  it('two processes making payouts at once make one per store', async () => {
    const stores = [await store(), await store(), await store()];
    for (const { owner, tariff } of stores) await fulfilledOrder(owner, tariff.id);
    await new LedgerService(t.ctx.db).settle(WEDNESDAY);
    const second = t.ctx.database.kind === 'postgres' ? await createTestAppOnSameDatabase(t) : null;
    try {
      const one = new PayoutService(t.ctx);
      const other = new PayoutService((second ?? t).ctx);
      await Promise.all([one.createDue(WEDNESDAY, 1), other.createDue(WEDNESDAY, 1), one.createDue(WEDNESDAY, 2)]);
      for (const { owner } of stores) {
        expect(await payoutsOf(owner)).toMatchObject([{ amount: net }]);
        expect(await balanceOf(owner)).toMatchObject({ available: 0, inTransit: net });
        expect(await new LedgerService(t.ctx.db).check(owner.market.id)).toEqual([]);
      }
      // A batch at a time, every payout due is asked about in one run.
      await one.advance(ARRIVED, 1);
      for (const { owner } of stores) expect(await balanceOf(owner)).toMatchObject({ inTransit: 0, paidOut: net });
    } finally {
      await second?.close();
    }
  });

  it('the list: newest first, each with the account it went to; filters by status, days and amount; sorts; pages', async () => {
    const { owner, tariff } = await store();
    const nets = [3000, 5000, 7000].map((price) => price + 500 - providerFee(price + 500));
    await fulfilledOrder(owner, tariff.id, 3000, '2026-11-20T10:00:00Z'); // settles 2 December
    await fulfilledOrder(owner, tariff.id, 5000, '2026-11-28T10:00:00Z'); // 9 December
    await fulfilledOrder(owner, tariff.id, 7000, '2026-12-05T10:00:00Z'); // 16 December
    const ledger = new LedgerService(t.ctx.db);
    const payouts = new PayoutService(t.ctx);
    const weeks = ['2026-12-02', '2026-12-09', '2026-12-16'].map((d) => new Date(`${d}T05:00:00Z`));
    const [first, second, third] = weeks as [Date, Date, Date];
    await ledger.settle(first);
    await payouts.createDue(first);
    await payouts.advance(new Date(first.getTime() + SANDBOX_ARRIVAL_MS));
    // The second goes to an account the bank refuses; the first keeps the one it was made with.
    dataOf(
      await call(
        t.app,
        owner.token,
        'PUT',
        `/api/BankDetails/${owner.market.id}`,
        bankDetailsBody(accountEndingIn(SANDBOX_FAILING_ACCOUNT_SUFFIX), { bank: 'Closed Bank' }),
      ),
    );
    await ledger.settle(second);
    await payouts.createDue(second);
    await payouts.advance(new Date(second.getTime() + SANDBOX_ARRIVAL_MS));
    await ledger.settle(third);
    await payouts.createDue(third);

    const list = async (query = '') =>
      dataOf<PayoutListPage>(await call(t.app, owner.token, 'GET', `/api/Payout/list/${owner.market.id}${query}`));
    const all = await list();
    expect(all.total).toBe(3);
    // The failed one's money came back and went out again with the third week's.
    expect(all.items.map((p) => [p.status, p.amount, p.account, p.bank])).toEqual([
      ['pending', nets[1]! + nets[2]!, '•••• 9999', 'Closed Bank'],
      ['failed', nets[1], '•••• 9999', 'Closed Bank'],
      ['paid', nets[0], '•••• 1234', 'Kapital Bank ASC'],
    ]);
    expect(all.items[1]?.failureReason).toContain('closed');
    expect(all.items[2]?.paidAt).not.toBeNull();

    expect((await list('?status=failed')).items.map((p) => p.amount)).toEqual([nets[1]]);
    // Made on 9 December (Baku) only.
    expect((await list('?from=2026-12-09&to=2026-12-09')).items.map((p) => p.status)).toEqual(['failed']);
    expect((await list(`?minAmount=${nets[1]}&maxAmount=${nets[1]}`)).items.map((p) => p.status)).toEqual(['failed']);
    expect((await list('?sort=amountAsc')).items.map((p) => p.amount)).toEqual([nets[0], nets[1], nets[1]! + nets[2]!]);
    const paged = await list('?pageSize=2&page=2');
    expect([paged.total, paged.items.map((p) => p.status)]).toEqual([3, ['paid']]);

    const backwards = await call(
      t.app,
      owner.token,
      'GET',
      `/api/Payout/list/${owner.market.id}?from=2026-12-09&to=2026-12-01`,
    );
    expect(backwards.statusCode).toBe(400);
    expect(errorOf(backwards).fields?.to?.code).toBe('invalidRange');
    expect((await call(t.app, owner.token, 'GET', `/api/Payout/list/${owner.market.id}?status=lost`)).statusCode).toBe(
      400,
    );
    const stranger = await catalogOwner(t.app);
    expect((await call(t.app, stranger.token, 'GET', `/api/Payout/list/${owner.market.id}`)).statusCode).toBe(404);
    expect(await ledger.check(owner.market.id)).toEqual([]);
  });

  it('the reconciliation report: each order with its sale, fee and refunds, later refunds, totals that add up; exports', async () => {
    const { owner, tariff } = await store();
    const ledger = new LedgerService(t.ctx.db);
    const payouts = new PayoutService(t.ctx);
    const a = await fulfilledOrder(owner, tariff.id, 3000, '2026-11-20T10:00:00Z');
    const b = await fulfilledOrder(owner, tariff.id, 5000, '2026-11-21T10:00:00Z');
    dataOf(await refund(t.app, owner, a.id, { amount: 1000 })); // before settlement: on the order's line
    await ledger.settle(WEDNESDAY);
    await payouts.createDue(WEDNESDAY);
    dataOf(await refund(t.app, owner, b.id, { amount: 500 })); // after: a line of the next payout
    const c = await fulfilledOrder(owner, tariff.id, 7000, '2026-11-28T10:00:00Z');
    await ledger.settle(NEXT_WEDNESDAY);
    await payouts.createDue(NEXT_WEDNESDAY);

    const base = `/api/PaymentReport/${owner.market.id}`;
    const { items } = dataOf<PayoutListPage>(
      await call(t.app, owner.token, 'GET', `/api/Payout/list/${owner.market.id}?sort=oldest`),
    );
    const [first, second] = items as [PayoutListPage['items'][number], PayoutListPage['items'][number]];
    const report = async (id: string, q = '') =>
      dataOf<PayoutReport>(await call(t.app, owner.token, 'GET', `${base}?payoutId=${id}${q}`));

    const one = await report(first.id);
    expect(one.lines.items.map((l) => [l.kind, l.orderName, l.gross, l.refunds, l.fees, l.amount])).toEqual([
      ['order', a.name, 3500, -1000, -providerFee(3500), 2500 - providerFee(3500)],
      ['order', b.name, 5500, 0, -providerFee(5500), 5500 - providerFee(5500)],
    ]);
    expect(one.payout).toMatchObject({ gross: 9000, refunds: -1000, fees: -(providerFee(3500) + providerFee(5500)) });
    const sum = (r: PayoutReport) => r.lines.items.reduce((total, l) => total + l.amount, 0);
    for (const r of [one, await report(second.id)]) {
      expect(sum(r)).toBe(r.payout.amount);
      expect(r.payout.gross + r.payout.refunds + r.payout.fees + r.payout.adjustments).toBe(r.payout.amount);
      expect(r.history.map((h) => h.event)).toEqual(['created', 'sent']);
    }
    const two = await report(second.id);
    expect(two.lines.items.map((l) => [l.kind, l.orderName, l.amount])).toEqual([
      ['refund', b.name, -500],
      ['order', c.name, 7500 - providerFee(7500)],
    ]);
    expect(two.payout).toMatchObject({ gross: 7500, refunds: -500, amount: 7000 - providerFee(7500) });
    const paged = await report(second.id, '&pageSize=1&page=2');
    expect([paged.lines.total, paged.lines.items.map((l) => l.kind)]).toEqual([2, ['order']]);

    // The payouts as a file: the 13 columns, a row each, amounts in manat, the account masked.
    const csv = await call(t.app, owner.token, 'GET', `${base}?format=csv&sort=oldest`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const [header, ...rows] = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(header?.split(',')).toEqual([
      'id',
      'created_at',
      'period_from',
      'period_to',
      'gross_sales',
      'refunds',
      'fees',
      'adjustments',
      'net_amount',
      'status',
      'arrival_date',
      'paid_at',
      'account',
    ]);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toContain(`${first.id},`);
    expect(rows[0]).toContain(',90.00,-10.00,');
    expect(rows[0]).toContain(',pending,');
    expect(rows[0]).toContain('•••• 1234');
    const lines = await call(t.app, owner.token, 'GET', `${base}?payoutId=${second.id}&format=csv`);
    expect(lines.body).toContain(`refund,`);
    expect(lines.body).toContain(`${c.name}`);
    const xlsx = await call(t.app, owner.token, 'GET', `${base}?format=xlsx&status=pending`);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-disposition']).toMatch(/payouts\.xlsx"$/);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK'); // a zip: the workbook

    // Another store's payout, an id that is none, no payout and no format: refused.
    const stranger = await store();
    expect((await call(t.app, stranger.owner.token, 'GET', `${base}?payoutId=${first.id}`)).statusCode).toBe(404);
    expect(
      (
        await call(
          t.app,
          stranger.owner.token,
          'GET',
          `/api/PaymentReport/${stranger.owner.market.id}?payoutId=${first.id}`,
        )
      ).statusCode,
    ).toBe(404);
    expect((await call(t.app, owner.token, 'GET', `${base}?payoutId=nope`)).statusCode).toBe(400);
    const nothing = await call(t.app, owner.token, 'GET', base);
    expect(nothing.statusCode).toBe(400);
    expect(errorOf(nothing).fields?.format?.code).toBe('required');
    expect(await ledger.check(owner.market.id)).toEqual([]);
  });
});

describe('the money ledger over any history', () => {
  // Last in the file: its settlement days (far ahead) settle and pay out every store in the
  // database, which the tests above no longer look at.
  type Step =
    | { kind: 'sale'; quantity: number }
    | { kind: 'cash'; quantity: number }
    | { kind: 'refund'; pick: number; share: number }
    | { kind: 'settle' }
    | { kind: 'arrive' }
    | { kind: 'account'; failing: boolean };
  const step: fc.Arbitrary<Step> = fc.oneof(
    {
      arbitrary: fc.record({ kind: fc.constant('sale' as const), quantity: fc.integer({ min: 1, max: 3 }) }),
      weight: 3,
    },
    fc.record({ kind: fc.constant('cash' as const), quantity: fc.integer({ min: 1, max: 3 }) }),
    fc.record({
      kind: fc.constant('refund' as const),
      pick: fc.nat(),
      share: fc.double({ min: 0.01, max: 1, noNaN: true }),
    }),
    { arbitrary: fc.constant({ kind: 'settle' as const }), weight: 2 },
    { arbitrary: fc.constant({ kind: 'arrive' as const }), weight: 2 },
    fc.record({ kind: fc.constant('account' as const), failing: fc.boolean() }),
  );
  const DAY = 86_400_000;
  let week = 0;

  it('after any sequence of sales, cash sales, partial refunds, settlements, payouts and failed payouts, the balances are what the model kept and the ledger adds up', async () => {
    await fc.assert(
      fc.asyncProperty(fc.boolean(), fc.array(step, { minLength: 1, maxLength: 12 }), async (closed, steps) => {
        // The account payouts go to: a closed one (the sandbox's bank refuses it) or a good one.
        const { owner, tariff } = await store(accountEndingIn(closed ? SANDBOX_FAILING_ACCOUNT_SUFFIX : '1234'));
        const item = await product(t.app, owner, { price: 1234, stock: 10_000 });
        dataOf(
          await call(t.app, owner.token, 'PUT', `/api/PaymentSettings/${owner.market.id}`, {
            cashOnDelivery: { enabled: true, fee: 0, tariffIds: null },
          }),
        );
        const ledger = new LedgerService(t.ctx.db);
        const payouts = new PayoutService(t.ctx);
        const model = { pending: 0, available: 0, inTransit: 0, paidOut: 0, collected: 0 };
        const sold: {
          id: string;
          left: number;
          cash: boolean;
          settled: boolean;
          pendingLeft: number;
          fee: number;
        }[] = [];
        let onTheWay: { amount: number; failing: boolean }[] = [];
        let failing = closed;
        let lastDay: Date | null = null;
        let paidOutBefore = false;
        let negativeAllowed = false;

        for (const s of steps) {
          if (s.kind === 'sale') {
            const { order } = await buy(t.app, owner, tariff.id, [{ productId: item.id, quantity: s.quantity }]);
            dataOf(await fulfil(t.app, owner, order.id));
            await t.ctx.db.execute(sql`update orders set fulfilled_at = '2020-01-01' where id = ${order.id}`);
            const net = order.total - providerFee(order.total);
            model.pending += net;
            sold.push({
              id: order.id,
              left: order.total,
              cash: false,
              settled: false,
              pendingLeft: net,
              fee: order.total - net,
            });
          } else if (s.kind === 'cash') {
            const uniqueCode = visitor();
            dataOf(await addToBasket(t.app, owner.market.id, uniqueCode, item.id, { quantity: s.quantity }));
            const checkout = await confirmedCheckout(t.app, owner.market.id, uniqueCode, tariff.id);
            const placed = dataOf<Checkout>(
              await shop(t.app, 'POST', '/api/Order', {
                checkoutId: checkout.id,
                uniqueCode,
                expectedTotal: checkout.total,
                paymentMethod: 'cash',
              }),
            );
            dataOf(
              await call(t.app, owner.token, 'POST', `/api/Order/mark-paid/${placed.id}?marketId=${owner.market.id}`),
            );
            model.collected += placed.total;
            sold.push({ id: placed.id, left: placed.total, cash: true, settled: false, pendingLeft: 0, fee: 0 });
          } else if (s.kind === 'refund') {
            const open = sold.filter((o) => o.left > 0);
            const target = open[s.pick % Math.max(open.length, 1)];
            if (!target) continue;
            const amount = Math.max(1, Math.floor(target.left * s.share));
            dataOf(await refund(t.app, owner, target.id, { amount }));
            target.left -= amount;
            if (target.cash) model.collected -= amount;
            else if (target.settled) {
              model.available -= amount;
              // A refund after the money was paid out may leave the store owing (the next payouts make it up).
              if (paidOutBefore) negativeAllowed = true;
            } else {
              model.pending -= amount;
              target.pendingLeft -= amount;
            }
          } else if (s.kind === 'settle') {
            week++;
            lastDay = new Date(WEDNESDAY.getTime() + (200 + week) * 7 * DAY);
            await ledger.settle(lastDay);
            for (const o of sold.filter((x) => !x.cash && !x.settled)) {
              model.available += o.pendingLeft;
              model.pending -= o.pendingLeft;
              o.pendingLeft = 0;
              o.settled = true;
            }
            await payouts.createDue(lastDay);
            if (model.available >= PAYOUT_MINIMUM) {
              onTheWay.push({ amount: model.available, failing });
              model.inTransit += model.available;
              model.available = 0;
              paidOutBefore = true;
            }
          } else if (s.kind === 'arrive') {
            if (!lastDay) continue;
            await payouts.advance(new Date(lastDay.getTime() + SANDBOX_ARRIVAL_MS + 60_000));
            for (const p of onTheWay) {
              model.inTransit -= p.amount;
              if (p.failing) model.available += p.amount;
              else model.paidOut += p.amount;
            }
            onTheWay = [];
          } else {
            const account = accountEndingIn(s.failing ? SANDBOX_FAILING_ACCOUNT_SUFFIX : '1234');
            dataOf(
              await call(t.app, owner.token, 'PUT', `/api/BankDetails/${owner.market.id}`, bankDetailsBody(account)),
            );
            failing = s.failing;
          }
        }
        const balance = await balanceOf(owner);
        expect(balance).toEqual({ ...model, currency: 'AZN' });
        // Never below zero but by the card fees the provider kept of refunded orders (decision 019:
        // a whole refund leaves the store short of its fee) — and, once paid out, by later refunds.
        const feesOf = (settled: boolean) =>
          sold.filter((o) => !o.cash && o.settled === settled).reduce((sum, o) => sum + o.fee, 0);
        expect(balance.pending).toBeGreaterThanOrEqual(-feesOf(false));
        if (!negativeAllowed) expect(balance.available).toBeGreaterThanOrEqual(-feesOf(true));
        expect(balance.collected).toBeGreaterThanOrEqual(0);
        expect(await ledger.check(owner.market.id)).toEqual([]);
      }),
      { numRuns: Number(process.env.LEDGER_RUNS ?? 15) },
    );
  });
});
