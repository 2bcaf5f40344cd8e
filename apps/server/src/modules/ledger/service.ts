import { type Balance, FEE_PLANS, settlementDay } from '@shop/shared';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.js';

/** A store whose ledger does not add up to its orders, refunds and payouts: what differs. */
export interface LedgerMismatch {
  marketId: string;
  /**
   * Which sum: sales, fees, refunds; releases and payouts (each moves money within the store: 0);
   * pending (its orders not settled yet), available (the payout queue), in transit (the pending
   * payouts) and paid out (the paid ones): what `balance` reads instead of the sums.
   */
  sum: 'sales' | 'fees' | 'refunds' | 'releases' | 'payouts' | 'pending' | 'available' | 'inTransit' | 'paidOut';
  ledger: number;
  expected: number;
}

/**
 * A store's money as its ledger has it (decision 019): balances are sums of entries, never kept
 * apart; `check` proves the entries add up to what caused them.
 */
export class LedgerService {
  constructor(private readonly db: Db) {}

  /**
   * The weekly settlement (SPEC §9; a job of decision 016): on a settlement day, paid orders
   * fulfilled by its cutoff have their money moved from pending to available — what the order
   * left on pending (its sale, its fee, refunds so far) as two `release` entries. Batches of
   * `limit` orders, each its own transaction, until none is due; answers how many it settled (0
   * on any other day). The orders are locked
   * (skip locked: processes share the work) as a refund locks them, so a refund lands either
   * before (in the release) or after (on available); the insert checks again that the order has
   * no release, and a unique index makes a second one impossible: exactly once across processes.
   */
  async settle(now: Date, limit = 2000): Promise<number> {
    let settled = 0;
    for (;;) {
      const batch = await this.settleBatch(now, limit);
      settled += batch.released;
      if (batch.taken < limit) return settled;
    }
  }

  /**
   * One batch of the settlement's queue (orders_settlement_due_idx: fulfilled, paid, not settled):
   * each order's release pair, and the order marked settled — taken off the queue even when it had
   * nothing to release — in one transaction.
   */
  private async settleBatch(now: Date, limit: number): Promise<{ taken: number; released: number }> {
    const day = settlementDay(now);
    if (!day) return { taken: 0, released: 0 };
    return this.db.transaction(async (t) => {
      const tx = t as unknown as Db;
      const due = rowsOf<{ id: string }>(
        await tx.execute(sql`select o.id from orders o
          where o.settled_at is null and o.paid_at is not null and o.fulfillment_status = 'fulfilled'
            and o.fulfilled_at <= ${day.cutoff}
          order by o.fulfilled_at, o.id limit ${limit} for update of o skip locked`),
      );
      if (!due.length) return { taken: 0, released: 0 };
      const ids = sql.param(due.map((o) => o.id));
      const released = rowsOf<{ order_id: string }>(
        // Stamped with the job's clock, as payouts are: what the merchant reads as "settled on".
        await tx.execute(sql`insert into ledger_entries (market_id, account, kind, amount, order_id, created_at)
          select s.market_id, a.account, 'release', case a.account when 'pending' then -s.net else s.net end, s.order_id,
            ${now}
          from (
            select e.market_id, e.order_id, sum(e.amount)::int as net from ledger_entries e
            where e.order_id = any(${ids}::uuid[]) and e.account = 'pending'
              and exists (select 1 from ledger_entries p where p.order_id = e.order_id and p.kind = 'sale')
              and not exists (select 1 from ledger_entries r where r.order_id = e.order_id and r.kind = 'release')
            group by e.market_id, e.order_id
          ) s
          cross join (values ('pending'), ('available')) as a(account)
          returning order_id`),
      );
      await tx.execute(sql`update orders set settled_at = ${now} where id = any(${ids}::uuid[])`);
      return { taken: due.length, released: new Set(released.map((r) => r.order_id)).size };
    });
  }

  /**
   * The store's balances — each account's sum, read from what the ledger keeps beside it rather
   * than from every entry a store ever had (decision 019): pending is the pending entries of its
   * orders not settled yet (a settled order's sum to nothing), available the payout queue, in transit
   * and paid out its pending and paid payouts. The check proves each equals the account's sum.
   */
  async balance(marketId: string): Promise<Balance> {
    const [row] = rowsOf<{ pending: number; available: number; in_transit: number; paid_out: number }>(
      await this.db.execute(sql`select
          -- Order by order (orders_unsettled_idx, then ledger_entries_order_idx): never a scan
          -- of every pending entry, whatever the planner believes of the queue's size.
          (select coalesce(sum((select sum(e.amount) from ledger_entries e
              where e.order_id = o.id and e.account = 'pending')), 0) from orders o
            where o.market_id = ${marketId} and o.settled_at is null and o.paid_at is not null)::int8::float8 as pending,
          (select coalesce(sum(q.amount), 0) from payout_queue q where q.market_id = ${marketId})::int8::float8 as available,
          (select coalesce(sum(p.amount), 0) from payouts p
            where p.market_id = ${marketId} and p.status = 'pending')::int8::float8 as in_transit,
          (select coalesce(sum(p.amount), 0) from payouts p
            where p.market_id = ${marketId} and p.status = 'paid')::int8::float8 as paid_out`),
    );
    return {
      pending: Number(row?.pending ?? 0),
      available: Number(row?.available ?? 0),
      inTransit: Number(row?.in_transit ?? 0),
      paidOut: Number(row?.paid_out ?? 0),
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
    }>(
      await this.db.execute(sql`
        with paid as (
          -- The attempt that paid each paid order: its first approved one (a later one went back).
          select distinct on (p.order_id) p.market_id, p.amount
          from payments p join orders o on o.id = p.order_id
          where p.status in ('approved', 'reversed') and o.paid_at is not null and p.return_cause is null
          order by p.order_id, p.updated_at, p.created_at
        )
        select m.id as market_id,
          (select coalesce(sum(amount), 0) from ledger_entries e where e.market_id = m.id and e.kind = 'sale')::float8 as ledger_sales,
          (select coalesce(sum(amount), 0) from paid where paid.market_id = m.id)::float8 as sales,
          (select coalesce(sum(amount), 0) from ledger_entries e where e.market_id = m.id and e.kind = 'fee')::float8 as ledger_fees,
          (select coalesce(-sum((amount * ${percentBasisPoints} + 5000) / 10000 + ${pointOfSale}), 0)
            from paid where paid.market_id = m.id)::float8 as fees,
          (select coalesce(sum(amount), 0) from ledger_entries e where e.market_id = m.id and e.kind = 'refund')::float8 as ledger_refunds,
          (select coalesce(-sum(amount), 0) from refunds r where r.market_id = m.id and r.status = 'succeeded')::float8 as refunds,
          (select coalesce(sum(amount), 0) from ledger_entries e where e.market_id = m.id and e.kind = 'release')::float8 as releases,
          (select coalesce(sum(amount), 0) from ledger_entries e where e.market_id = m.id
            and e.kind in ('payout', 'payout_paid', 'payout_failed'))::float8 as ledger_payouts,
          (select coalesce(sum(amount), 0) from ledger_entries e where e.market_id = m.id and e.account = 'pending')::float8 as ledger_pending,
          (select coalesce(sum(e.amount), 0) from orders o join ledger_entries e on e.order_id = o.id
            where o.market_id = m.id and o.settled_at is null and o.paid_at is not null and e.account = 'pending')::float8 as pending,
          (select coalesce(sum(amount), 0) from ledger_entries e where e.market_id = m.id and e.account = 'available')::float8 as ledger_available,
          (select coalesce(sum(amount), 0) from payout_queue q where q.market_id = m.id)::float8 as available,
          (select coalesce(sum(amount), 0) from ledger_entries e where e.market_id = m.id and e.account = 'in_transit')::float8 as ledger_in_transit,
          (select coalesce(sum(amount), 0) from payouts p where p.market_id = m.id and p.status = 'pending')::float8 as in_transit,
          (select coalesce(sum(amount), 0) from ledger_entries e where e.market_id = m.id and e.account = 'paid_out')::float8 as ledger_paid_out,
          (select coalesce(sum(amount), 0) from payouts p where p.market_id = m.id and p.status = 'paid')::float8 as paid_out
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
