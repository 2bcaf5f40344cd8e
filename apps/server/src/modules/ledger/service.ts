import { type Balance, FEE_PLANS, settlementDay } from '@shop/shared';
import { type Db, rowsOf } from '../../db/client.js';
import { sql } from '../../db/sql-text.js';
import { eachInParallel } from '../../platform/jobs.js';

/** A store whose ledger does not add up to its orders, refunds and payouts: what differs. */
export interface LedgerMismatch {
  marketId: string;
  /**
   * Which sum: sales, fees, refunds; releases and payouts (each moves money within the store: 0);
   * pending (the settlement queue), available (the payout queue), in transit (the pending
   * payouts) and paid out (the paid ones): what `balance` reads instead of the sums.
   */
  sum:
    | 'sales'
    | 'fees'
    | 'refunds'
    | 'releases'
    | 'payouts'
    | 'pending'
    | 'available'
    | 'inTransit'
    | 'paidOut'
    | 'collected';
  ledger: number;
  expected: number;
}

/**
 * A store's money as its ledger has it (decision 019): balances are sums of entries, never kept
 * apart; `check` proves the entries add up to what caused them.
 */
export class LedgerService {
  /** `workers`: batches of a job run at once (platform/jobs.ts jobWorkers). */
  constructor(
    private readonly db: Db,
    private readonly workers = 1,
  ) {}

  /**
   * The weekly settlement (SPEC §9; a job of decision 016): on a settlement day, paid orders
   * fulfilled (or refunded in whole) by its cutoff have their money moved from pending to available — what the order
   * left on pending (its sale, its fee, refunds so far) as two `release` entries. The orders due
   * are read once from the settlement queue (the pending entries of orders not released yet), then
   * released in batches of `limit`, each its own transaction; answers how many it settled (0 on any
   * other day). Each batch locks its orders (skip locked: processes share the work) as a refund
   * locks them, so a refund lands either before (in the release) or after (on available); an order
   * another process released meanwhile has nothing left in the queue, and a unique index makes a
   * second release impossible: exactly once across processes.
   */
  async settle(now: Date, limit = 2000): Promise<number> {
    const day = settlementDay(now);
    if (!day) return 0;
    const due = rowsOf<{ id: string }>(
      await this.db.execute(sql`select o.id from orders o
        where o.id in (select q.order_id from settlement_queue q)
          -- Fulfilled a week before — or refunded in whole (canceled) a week before without being
          -- shipped: nothing more can come of it, and the fee it cost is the store's to bear.
          and least(o.fulfilled_at, o.canceled_at) <= ${day.cutoff}
        -- By id: a batch is a slice of every index on an order's id (the entries', the queue's),
        -- not a page of each of them.
        order by o.id`),
    ).map((o) => o.id);
    const batches: string[][] = [];
    for (let i = 0; i < due.length; i += limit) batches.push(due.slice(i, i + limit));
    let settled = 0;
    await eachInParallel(batches, this.workers, async (batch) => {
      const released = await this.settleBatch(batch, now);
      settled += released;
    });
    return settled;
  }

  /**
   * One batch of due orders: those still unlocked, each released as a pair — the amount its rows
   * in the settlement queue sum to — which takes its rows out of the queue (the ledger's trigger).
   */
  private async settleBatch(orderIds: string[], now: Date): Promise<number> {
    return this.db.transaction(async (t) => {
      const tx = t as unknown as Db;
      const locked = rowsOf<{ id: string }>(
        await tx.execute(sql`select o.id from orders o where o.id = any(${sql.param(orderIds)}::uuid[])
          for update of o skip locked`),
      );
      if (!locked.length) return 0;
      const ids = sql.param(locked.map((o) => o.id));
      const released = rowsOf<{ order_id: string }>(
        // Stamped with the job's clock, as payouts are: what the merchant reads as "settled on".
        await tx.execute(sql`insert into ledger_entries (market_id, account, kind, amount, order_id, created_at)
          select s.market_id, a.account, 'release', case a.account when 'pending' then -s.net else s.net end, s.order_id,
            ${now}
          from (
            -- A released order has no rows left in the queue (its release took them, in its own
            -- statement), and ledger_entries_release_key refuses a second release regardless.
            select q.market_id, q.order_id, sum(q.amount)::int as net from settlement_queue q
            where q.order_id = any(${ids}::uuid[])
            group by q.market_id, q.order_id
          ) s
          cross join (values ('pending'), ('available')) as a(account)
          returning order_id`),
      );
      return new Set(released.map((r) => r.order_id)).size;
    });
  }

  /**
   * The store's balances — each account's sum, read from what the ledger keeps beside it rather
   * than from every entry a store ever had (decision 019): pending is its settlement queue (the
   * pending entries of orders not released yet; a released order's sum to nothing), available its
   * payout queue, in transit and paid out its pending and paid payouts. The check proves each
   * equals the account's sum.
   */
  async balance(marketId: string): Promise<Balance> {
    const [row] = rowsOf<{
      pending: number;
      available: number;
      in_transit: number;
      paid_out: number;
      collected: number;
    }>(
      await this.db.execute(sql`select
          (select coalesce(sum(q.amount), 0) from settlement_queue q where q.market_id = ${marketId})::int8::float8 as pending,
          (select coalesce(sum(q.amount), 0) from payout_queue q where q.market_id = ${marketId})::int8::float8 as available,
          (select coalesce(sum(p.amount), 0) from payouts p
            where p.market_id = ${marketId} and p.status = 'pending')::int8::float8 as in_transit,
          (select coalesce(sum(p.amount), 0) from payouts p
            where p.market_id = ${marketId} and p.status = 'paid')::int8::float8 as paid_out,
          (select coalesce(sum(e.amount), 0) from ledger_entries e
            where e.market_id = ${marketId} and e.account = 'collected')::int8::float8 as collected`),
    );
    return {
      pending: Number(row?.pending ?? 0),
      available: Number(row?.available ?? 0),
      inTransit: Number(row?.in_transit ?? 0),
      paidOut: Number(row?.paid_out ?? 0),
      collected: Number(row?.collected ?? 0),
      currency: 'AZN',
    };
  }

  /**
   * Every store's ledger (or one's) against its causes: its sales are the payments that paid its
   * orders, its fees the provider's fee on each, its refunds the refunds given back, what is in
   * transit its pending payouts and what was paid out its paid ones. Answers what differs —
   * nothing when every sum matches.
   */
  async check(marketId?: string): Promise<LedgerMismatch[]> {
    const { percentBasisPoints, pointOfSale } = FEE_PLANS.standard;
    const only = marketId ? sql`where m.id = ${marketId}` : sql``;
    const rows = rowsOf<{
      market_id: string;
      ledger_sales: number;
      sales: number;
      ledger_fees: number;
      fees: number;
      ledger_refunds: number;
      refunds: number;
      releases: number;
      ledger_payouts: number;
      ledger_pending: number;
      pending: number;
      ledger_available: number;
      available: number;
      ledger_in_transit: number;
      in_transit: number;
      ledger_paid_out: number;
      paid_out: number;
      ledger_collected: number;
      collected: number;
    }>(
      await this.db.execute(sql`
        with paid as (
          -- The attempt that paid each paid order: its first approved one (a later one went back).
          select distinct on (p.order_id) p.market_id, p.amount, p.provider
          from payments p join orders o on o.id = p.order_id
          where p.status in ('approved', 'reversed') and o.paid_at is not null and p.return_cause is null
          order by p.order_id, p.updated_at, p.created_at
        )
        select m.id as market_id,
          (select coalesce(sum(amount), 0) from ledger_entries e where e.market_id = m.id and e.kind = 'sale')::float8 as ledger_sales,
          (select coalesce(sum(amount), 0) from paid where paid.market_id = m.id)::float8 as sales,
          (select coalesce(sum(amount), 0) from ledger_entries e where e.market_id = m.id and e.kind = 'fee')::float8 as ledger_fees,
          (select coalesce(-sum((amount * ${percentBasisPoints} + 5000) / 10000 + ${pointOfSale}), 0)
            from paid where paid.market_id = m.id and paid.provider <> 'cash')::float8 as fees,
          (select coalesce(sum(amount), 0) from ledger_entries e where e.market_id = m.id and e.kind = 'refund')::float8 as ledger_refunds,
          (select coalesce(-sum(amount), 0) from refunds r where r.market_id = m.id and r.status = 'succeeded')::float8 as refunds,
          (select coalesce(sum(amount), 0) from ledger_entries e where e.market_id = m.id and e.kind = 'release')::float8 as releases,
          (select coalesce(sum(amount), 0) from ledger_entries e where e.market_id = m.id
            and e.kind in ('payout', 'payout_paid', 'payout_failed'))::float8 as ledger_payouts,
          (select coalesce(sum(amount), 0) from ledger_entries e where e.market_id = m.id and e.account = 'pending')::float8 as ledger_pending,
          (select coalesce(sum(amount), 0) from settlement_queue q where q.market_id = m.id)::float8 as pending,
          (select coalesce(sum(amount), 0) from ledger_entries e where e.market_id = m.id and e.account = 'available')::float8 as ledger_available,
          (select coalesce(sum(amount), 0) from payout_queue q where q.market_id = m.id)::float8 as available,
          (select coalesce(sum(amount), 0) from ledger_entries e where e.market_id = m.id and e.account = 'in_transit')::float8 as ledger_in_transit,
          (select coalesce(sum(amount), 0) from payouts p where p.market_id = m.id and p.status = 'pending')::float8 as in_transit,
          (select coalesce(sum(amount), 0) from ledger_entries e where e.market_id = m.id and e.account = 'paid_out')::float8 as ledger_paid_out,
          (select coalesce(sum(amount), 0) from payouts p where p.market_id = m.id and p.status = 'paid')::float8 as paid_out,
          (select coalesce(sum(amount), 0) from ledger_entries e where e.market_id = m.id and e.account = 'collected')::float8 as ledger_collected,
          -- What merchants collected on delivery, less the refunds of those orders.
          ((select coalesce(sum(p.amount), 0) from payments p where p.market_id = m.id and p.provider = 'cash')
            - (select coalesce(sum(r.amount), 0) from refunds r join payments p on p.id = r.payment_id
                where r.market_id = m.id and p.provider = 'cash' and r.status = 'succeeded'))::float8 as collected
        from markets m ${only}`),
    );
    const mismatches: LedgerMismatch[] = [];
    for (const r of rows) {
      const sums = [
        ['sales', r.ledger_sales, r.sales],
        ['fees', r.ledger_fees, r.fees],
        ['refunds', r.ledger_refunds, r.refunds],
        ['releases', r.releases, 0],
        ['payouts', r.ledger_payouts, 0],
        ['pending', r.ledger_pending, r.pending],
        ['available', r.ledger_available, r.available],
        ['inTransit', r.ledger_in_transit, r.in_transit],
        ['paidOut', r.ledger_paid_out, r.paid_out],
        ['collected', r.ledger_collected, r.collected],
      ] as const;
      for (const [sum, ledger, expected] of sums) {
        if (Number(ledger) !== Number(expected)) {
          mismatches.push({ marketId: r.market_id, sum, ledger: Number(ledger), expected: Number(expected) });
        }
      }
    }
    return mismatches;
  }
}
