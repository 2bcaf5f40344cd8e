import type { OrderEventKind, PaymentFailureCause } from '@shop/shared';
import { eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { orderItems, orders } from '../../db/schema/index.js';
import { sql } from '../../db/sql-text.js';
import { customerPaidStatement } from '../customer/hooks.js';

/**
 * What the buying path (checkout, payment) and the panel's actions write about an order besides
 * the order itself: its timeline, the market's customers (through customer/hooks.ts), automatic
 * fulfilment. Each runs inside
 * the caller's transaction, so the order and what is written about it commit together.
 */

type OrderRow = typeof orders.$inferSelect;
type ItemRow = typeof orderItems.$inferSelect;

/**
 * The closed rule of `isOrderClosed` (shared/orders.ts) in SQL, over the orders table's own
 * columns. Written with literals only (no parameters), so that an index on this very expression
 * serves the open and closed views (see the report on indexes in order/list.ts).
 */
export const CLOSED_SQL = sql.raw(
  `(archived_at is not null or payment_status = 'canceled' or (payment_status = 'paid' and fulfillment_status = 'fulfilled'))`,
);

/**
 * The statement that adds a line to the order's timeline; `clock_timestamp()` keeps the lines of
 * one transaction in order. The buying path runs it inside a statement of its own (a WITH
 * clause) to save a round trip; a template, not the query builder (db/rows.ts).
 */
export function eventStatement(
  order: { id: string; marketId: string },
  kind: OrderEventKind,
  data: Record<string, unknown> = {},
): SQL {
  return sql`insert into order_events (order_id, market_id, kind, data, created_at)
    values (${order.id}, ${order.marketId}, ${kind}, ${JSON.stringify(data)}::jsonb, clock_timestamp())`;
}

/** Adds a line to the order's timeline. */
export async function recordEvent(
  tx: Db,
  order: { id: string; marketId: string },
  kind: OrderEventKind,
  data: Record<string, unknown> = {},
): Promise<void> {
  await tx.execute(eventStatement(order, kind, data));
}

/** The lines' units not yet sent, refunded units aside (restocking takes unsent units first). */
export function unitsLeft(item: Pick<ItemRow, 'quantity' | 'fulfilledQuantity' | 'refundedQuantity'>): number {
  return Math.max(0, item.quantity - item.fulfilledQuantity - item.refundedQuantity);
}

/** The fulfilment status the lines add up to. */
export function fulfillmentOf(items: Pick<ItemRow, 'quantity' | 'fulfilledQuantity' | 'refundedQuantity'>[]) {
  const sent = items.reduce((n, i) => n + i.fulfilledQuantity, 0);
  if (sent === 0) return 'unfulfilled' as const;
  return items.every((i) => unitsLeft(i) === 0) ? ('fulfilled' as const) : ('partial' as const);
}

/** The timeline's description of lines and their units. */
export function eventLines(lines: { item: ItemRow; quantity: number }[]) {
  return lines.map(({ item, quantity }) => ({
    orderItemId: item.id,
    title: item.title,
    variantTitle: item.variantTitle,
    quantity,
  }));
}

/**
 * POST /Order numbered the checkout: it is an order from now on. The timeline's line (number,
 * name, total) is written from `placed`, the WITH clause of the placing statement that answers
 * the numbered order, so that the market's numbering lock is held for one statement only.
 */
export function orderPlacedEvent(placed: string): SQL {
  return sql.raw(`insert into order_events (order_id, market_id, kind, data, created_at)
    select id, market_id, 'placed', jsonb_build_object('number', number, 'name', name, 'total', total),
      clock_timestamp()
    from ${placed}`);
}

/** A payment attempt started: the timeline's statement, run by the payment's own (payment/service.ts). */
export function paymentStartedEvent(order: OrderRow, payment: { id: string; amount: number; provider: string }): SQL {
  return eventStatement(order, 'payment_started', {
    paymentId: payment.id,
    amount: payment.amount,
    provider: payment.provider,
  });
}

/**
 * A payment attempt failed: the timeline keeps the provider's code and words, and the cause the
 * provider's code maps to, which the panel shows in the merchant's language (the words are shown
 * only when there is no cause: a code we do not know).
 */
export async function paymentFailed(
  tx: Db,
  order: OrderRow,
  payment: { id: string },
  result: { code: string | null; message: string | null; cause: PaymentFailureCause | null },
): Promise<void> {
  await recordEvent(tx, order, 'payment_failed', {
    paymentId: payment.id,
    code: result.code,
    cause: result.cause,
    reason: result.message ?? result.code,
  });
}

/**
 * Paid after its hold ran out and its units were sold to someone else, or its discount code's
 * uses were taken: canceled, the money goes back automatically.
 */
export async function canceledUnfulfillable(
  tx: Db,
  order: OrderRow,
  cause: 'out_of_stock' | 'code_used_up',
): Promise<void> {
  await recordEvent(tx, order, 'canceled', { cause });
}

/**
 * What an order's becoming paid writes besides the order, as the WITH list of the statement that
 * marks it paid (or of one of its own): its timeline's line, and its shopper counted as the
 * market's customer (one per lowercased e-mail; name and phone from this latest order).
 */
export function paidWrites(
  order: OrderRow,
  payment: { id: string; amount: number },
  /** Who marked it paid (cash collected on delivery): named on the timeline. */
  by?: string,
): SQL {
  const paidEvent = eventStatement(order, 'paid', {
    paymentId: payment.id,
    amount: payment.amount,
    cardMask: order.cardMask,
    // Collected in cash on delivery, marked paid by the merchant.
    ...(order.paymentMethod === 'cash' ? { cash: true } : {}),
    ...(by ? { by } : {}),
  });
  if (!order.email) return sql`paid_event as (${paidEvent})`;
  const at = order.placedAt ?? order.paidAt ?? new Date();
  return sql`paid_event as (${paidEvent}),
    paid_customer as (${customerPaidStatement({ ...order, email: order.email }, at)})`;
}

/**
 * The order became paid: paidWrites (unless the statement that marked it paid carried them:
 * `written`), and a market that fulfils on payment (`autoFulfill`, read with the order) has it
 * fulfilled at once. Answers the order as it now is.
 */
export async function orderPaid(
  tx: Db,
  order: OrderRow,
  items: ItemRow[],
  payment: { id: string; amount: number },
  autoFulfill: boolean,
  options: { by?: string; written?: boolean } = {},
): Promise<OrderRow> {
  if (!options.written) await tx.execute(sql`with ${paidWrites(order, payment, options.by)} select 1`);
  if (!autoFulfill) return order;
  const lines = items.filter((i) => unitsLeft(i) > 0).map((item) => ({ item, quantity: unitsLeft(item) }));
  for (const { item, quantity } of lines) {
    await tx
      .update(orderItems)
      .set({ fulfilledQuantity: item.fulfilledQuantity + quantity })
      .where(eq(orderItems.id, item.id));
  }
  const [fulfilled] = (await tx
    .update(orders)
    .set({ fulfillmentStatus: 'fulfilled', fulfilledAt: new Date(), updatedAt: new Date() })
    .where(eq(orders.id, order.id))
    .returning()) as [OrderRow];
  await recordEvent(tx, order, 'fulfilled', {
    items: eventLines(lines),
    fulfillmentStatus: 'fulfilled',
    automatic: true,
  });
  return fulfilled;
}

/** An e-mail about the order went out (confirmation, fulfilment, refund): the timeline's statement. */
export function emailSentEvent(
  order: { id: string; marketId: string },
  mail: 'confirmation' | 'fulfillment' | 'refund',
  message: { to: string; subject: string },
): SQL {
  return eventStatement(order, 'email_sent', { mail, to: message.to, subject: message.subject });
}

export async function emailSent(
  db: Db,
  order: { id: string; marketId: string },
  mail: 'confirmation' | 'fulfillment' | 'refund',
  message: { to: string; subject: string },
): Promise<void> {
  await db.execute(emailSentEvent(order, mail, message));
}
