import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';

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
