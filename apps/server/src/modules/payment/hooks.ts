import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { sql } from '../../db/sql-text.js';

/**
 * What other modules change of a payment attempt: the payment module alone writes payments
 * (decision 017), and these are the changes it makes for them, inside the caller's transaction.
 */

/** The attempt's money went back to the card: a statement, for a WITH clause of the caller's. */
export function reversedStatement(paymentId: string): SQL {
  return sql`update payments set status = 'reversed', updated_at = ${new Date()} where id = ${paymentId}`;
}

/** The attempt's money went back to the card (a refund of the whole order, order/service.ts). */
export async function markReversed(tx: Db, paymentId: string): Promise<void> {
  await tx.execute(reversedStatement(paymentId));
}

/**
 * The merchant collected an order's cash on delivery (order/service.ts markPaid): the payment,
 * recorded as approved through the `cash` provider for the order's total, as a statement for the
 * WITH clause of the one that marks the order paid (its id given, so the ledger's entry names it).
 */
export function cashPaymentStatement(order: { id: string; marketId: string; total: number }, paymentId: string): SQL {
  return sql`insert into payments (id, order_id, market_id, provider, amount, status, success_url, error_url)
    values (${paymentId}, ${order.id}, ${order.marketId}, 'cash', ${order.total}, 'approved', '', '')`;
}
