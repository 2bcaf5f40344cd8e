import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { AddressRecord } from '../../db/schema/commerce.js';
import { sql } from '../../db/sql-text.js';

/**
 * How orders make a market's customers: the customer module alone writes customers (decision
 * 017); a paid order and a refund change them through these, inside the order's transaction.
 * A customer is one lowercased e-mail per market.
 */

interface PaidOrder {
  marketId: string;
  email: string;
  phone: string | null;
  total: number;
  shippingAddress: unknown;
}

/**
 * The order was paid: its shopper counts as the market's customer (name and phone from this
 * latest order). A statement, so that the order's timeline line rides in its WITH clause.
 */
export function customerPaidStatement(order: PaidOrder, at: Date): SQL {
  const address = order.shippingAddress as AddressRecord | null;
  return sql`insert into customers
      (market_id, email, first_name, last_name, phone, orders_count, total_spent, first_order_at, last_order_at)
    values (${order.marketId}, ${order.email.toLowerCase()}, ${address?.firstName ?? null}, ${address?.lastName ?? null},
      ${order.phone ?? address?.phone ?? null}, 1, ${order.total}, ${at}, ${at})
    on conflict (market_id, email) do update set
      first_name = coalesce(excluded.first_name, customers.first_name),
      last_name = coalesce(excluded.last_name, customers.last_name),
      phone = coalesce(excluded.phone, customers.phone),
      orders_count = customers.orders_count + 1,
      total_spent = customers.total_spent + excluded.total_spent,
      first_order_at = least(customers.first_order_at, excluded.first_order_at),
      last_order_at = greatest(customers.last_order_at, excluded.last_order_at),
      updated_at = now()`;
}

/** A refund gives money back: the customer has spent that much less. */
export async function customerRefunded(
  tx: Db,
  order: { marketId: string; email: string | null },
  amount: number,
): Promise<void> {
  if (!order.email) return;
  await tx.execute(sql`update customers set total_spent = total_spent - ${amount}, updated_at = now()
    where market_id = ${order.marketId} and email = ${order.email.toLowerCase()}`);
}
