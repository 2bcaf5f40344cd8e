import { type FeePlan, providerFee } from '@shop/shared';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { sql } from '../../db/sql-text.js';

/**
 * The ledger entries other modules' transactions write (decision 019): the ledger module alone
 * writes ledger_entries (decision 017), and these are the entries it writes for them — as a
 * statement for a WITH clause of theirs (no round trip added, decision 010) or as a call.
 */

/**
 * A payment made an order paid: the sale and the provider's fee, both pending until the order is
 * settled. A statement for the WITH clause of the one that marks the order paid.
 */
export function saleEntries(
  order: { id: string; marketId: string },
  payment: { id: string; amount: number },
  plan: FeePlan = 'standard',
): SQL {
  const fee = providerFee(payment.amount, plan);
  return sql`insert into ledger_entries (market_id, account, kind, amount, order_id, payment_id)
    values (${order.marketId}, 'pending', 'sale', ${payment.amount}, ${order.id}, ${payment.id}),
      (${order.marketId}, 'pending', 'fee', ${-fee}, ${order.id}, ${payment.id})`;
}

/**
 * The merchant collected an order's cash on delivery: a sale on `collected` — theirs already, so
 * never settled or paid out, and no card fee. For the WITH clause of the statement that marks the
 * order paid.
 */
export function cashSaleEntry(order: { id: string; marketId: string }, payment: { id: string; amount: number }): SQL {
  return sql`insert into ledger_entries (market_id, account, kind, amount, order_id, payment_id)
    values (${order.marketId}, 'collected', 'sale', ${payment.amount}, ${order.id}, ${payment.id})`;
}

/**
 * Money went back to the shopper: it comes off where the order's money is — pending until the
 * order was settled, available after (which may take a balance below zero when it was paid out
 * already: the next payouts make it up); cash on delivery off what the merchant collected.
 */
export async function refundEntry(
  tx: Db,
  order: { id: string; marketId: string },
  refund: { id: string; paymentId: string; amount: number },
): Promise<void> {
  await tx.execute(sql`insert into ledger_entries (market_id, account, kind, amount, order_id, payment_id, refund_id)
    select ${order.marketId},
      case when exists (select 1 from ledger_entries c where c.order_id = ${order.id} and c.account = 'collected')
        then 'collected'
        when exists (select 1 from ledger_entries r where r.order_id = ${order.id} and r.kind = 'release')
        then 'available' else 'pending' end,
      'refund', ${-refund.amount}, ${order.id}, ${refund.paymentId}, ${refund.id}`);
}
