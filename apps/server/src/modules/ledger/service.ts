import { type Balance, FEE_PLANS } from '@shop/shared';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.js';

/** A store whose ledger does not add up to its orders, refunds and payouts: what differs. */
export interface LedgerMismatch {
  marketId: string;
  /** Which sum: sales, fees or refunds. */
  sum: 'sales' | 'fees' | 'refunds';
  ledger: number;
  expected: number;
}

/**
 * A store's money as its ledger has it (decision 019): balances are sums of entries, never kept
 * apart; `check` proves the entries add up to what caused them.
 */
export class LedgerService {
  constructor(private readonly db: Db) {}

  /** The store's balances: each account's sum (index-only: ledger_entries_market_idx). */
  async balance(marketId: string): Promise<Balance> {
    const rows = rowsOf<{ account: string; total: number }>(
      await this.db.execute(sql`select account, coalesce(sum(amount), 0)::int8::float8 as total
        from ledger_entries where market_id = ${marketId} group by account`),
    );
    const of = (account: string) => Number(rows.find((r) => r.account === account)?.total ?? 0);
    return {
      pending: of('pending'),
      available: of('available'),
      inTransit: of('in_transit'),
      paidOut: of('paid_out'),
      currency: 'AZN',
    };
  }

  /**
   * Every store's ledger (or one's) against its causes: its sales are the payments that paid its
   * orders, its fees the provider's fee on each, its refunds the refunds given back. Answers what
   * differs — nothing when every sum matches.
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
          (select coalesce(-sum(amount), 0) from refunds r where r.market_id = m.id and r.status = 'succeeded')::float8 as refunds
        from markets m ${only}`),
    );
    const mismatches: LedgerMismatch[] = [];
    for (const r of rows) {
      const sums = [
        ['sales', r.ledger_sales, r.sales],
        ['fees', r.ledger_fees, r.fees],
        ['refunds', r.ledger_refunds, r.refunds],
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
