import { type Address, commerceLimits, type Language } from '@shop/shared';
import type { SQL } from 'drizzle-orm';
import { type Db, executeLast, rowsOf } from '../../db/client.js';
import { rowShape } from '../../db/rows.js';
import { type DiscountRecord, orderItems, orders } from '../../db/schema/index.js';
import { sql } from '../../db/sql-text.js';
import { takeOrderNumber } from '../market/hooks.js';
import { emailSentEvent, orderPlacedEvent } from './hooks.js';

/**
 * Every change of an order row and its lines that the buying path (checkout, payment) and the
 * abandoned checkouts make: the order module alone writes orders and order_items (decision 017),
 * and these are the changes it makes for them, inside the caller's transaction — as a call, or as
 * a statement the caller runs in a WITH clause of its own so that no round trip is added
 * (decision 010). A checkout is an order row without a number (decision 005).
 */

export type OrderRow = typeof orders.$inferSelect;
export type ItemRow = typeof orderItems.$inferSelect;

/** Rows of orders and order_items in the buying path's statements (db/rows.ts). */
export const orderShape = rowShape(orders);
export const itemShape = rowShape(orderItems);

/**
 * When a hold that starts now ends (15 minutes on), by the database's clock — the one the
 * reservation job compares with.
 */
const HOLD_DEADLINE = sql.raw(`clock_timestamp() + interval '${commerceLimits.reservationMinutes} minutes'`);

/** The set clause that holds an order's units from now (see CheckoutService.holdAgain). */
const HOLD_AGAIN = sql`reservation = 'held', reserved_until = ${HOLD_DEADLINE}`;

/** A line of a checkout as it is written: the basket's line at live prices. */
export interface CheckoutLine {
  productId: string;
  variantId: string | null;
  title: string;
  variantTitle: string | null;
  sku: string | null;
  imageUrl: string | null;
  unitPrice: number;
  compareAtPrice: number | null;
  quantity: number;
  /** Grams of one unit. */
  unitWeightGrams: number;
  /** Its units were held (a tracked product). */
  tracked: boolean;
  /** Its discounts (checkout/pricing.ts). */
  bundleId: string | null;
  bundleTitle: string | null;
  bundleUnits: number;
  bundleDiscount: number;
  discount: number;
  paid: number;
}

/** An order's figures after its discounts (checkout/pricing.ts). */
export interface OrderFigures {
  subtotal: number;
  bundleDiscount: number;
  discountTotal: number;
  discountId: string | null;
  discount: DiscountRecord | null;
  shippingPrice: number;
  total: number;
}

/** The set clause of an order's figures. */
function figuresSet(f: OrderFigures): SQL {
  return sql`subtotal = ${f.subtotal}, bundle_discount = ${f.bundleDiscount}, discount_total = ${f.discountTotal},
    discount_id = ${f.discountId}, discount = ${f.discount ? JSON.stringify(f.discount) : null}::jsonb,
    shipping_price = ${f.shippingPrice}, total = ${f.total}`;
}

/** An order and its lines from a row that carries the order's columns and its lines as `items`. */
export function readOrderWithItems(row: Record<string, unknown>): { order: OrderRow; items: ItemRow[] } {
  return {
    order: orderShape.read(row),
    items: (row.items as Record<string, unknown>[]).map(itemShape.read),
  };
}

/** `last`: the statement is its transaction's last, and carries its commit (db/client.ts). */
type LastStatement = { last?: boolean };

/**
 * Writes a checkout: a new order row of the basket, or the basket's earlier unplaced checkout
 * (`reuse`) brought up to date — its details kept, its lines replaced — with its units held from
 * now and unpaid. The order row and its lines are written in one statement; answers both.
 */
export async function writeCheckout(
  tx: Db,
  checkout: {
    reuse: string | null;
    marketId: string;
    basketId: string;
    uniqueCode: string;
    /** Its figures, without delivery (a new checkout has no tariff yet). */
    figures: OrderFigures;
    language: Language;
    at: Date;
  },
  lines: CheckoutLine[],
  options: LastStatement = {},
): Promise<{ order: OrderRow; items: ItemRow[] }> {
  const { reuse, figures, language, at } = checkout;
  const discount = figures.discount ? JSON.stringify(figures.discount) : null;
  let orderStatement: SQL;
  if (reuse) {
    await tx.execute(sql`delete from order_items where order_id = ${reuse}`);
    orderStatement = sql`update orders set ${figuresSet(figures)},
        shipping_tariff_id = null, shipping_name = null, language = ${language}, ${HOLD_AGAIN},
        payment_status = 'unpaid', updated_at = ${at}
      where id = ${reuse}`;
  } else {
    orderStatement = sql`insert into orders (market_id, basket_id, unique_code, subtotal, bundle_discount,
        discount_total, discount_id, discount, shipping_price, total, language, reservation, reserved_until,
        payment_status, updated_at)
      values (${checkout.marketId}, ${checkout.basketId}, ${checkout.uniqueCode}, ${figures.subtotal},
        ${figures.bundleDiscount}, ${figures.discountTotal}, ${figures.discountId}, ${discount}::jsonb,
        ${figures.shippingPrice}, ${figures.total}, ${language}, 'held', ${HOLD_DEADLINE}, 'unpaid', ${at})`;
  }
  const items = lines.map((l, position) => ({
    product_id: l.productId,
    variant_id: l.variantId,
    title: l.title,
    variant_title: l.variantTitle,
    sku: l.sku,
    image_url: l.imageUrl,
    unit_price: l.unitPrice,
    compare_at_price: l.compareAtPrice,
    quantity: l.quantity,
    weight_grams: l.unitWeightGrams,
    tracked: l.tracked,
    bundle_id: l.bundleId,
    bundle_title: l.bundleTitle,
    bundle_units: l.bundleUnits,
    bundle_discount: l.bundleDiscount,
    discount: l.discount,
    paid: l.paid,
    position,
  }));
  const [row] = rowsOf<Record<string, unknown>>(
    await executeLast(
      tx,
      sql`with o as (${orderStatement} returning ${orderShape.columns}),
      i as (
        insert into order_items (order_id, market_id, product_id, variant_id, title, variant_title, sku, image_url,
          unit_price, compare_at_price, quantity, weight_grams, tracked, bundle_id, bundle_title, bundle_units,
          bundle_discount, discount, paid, position)
        select o.id, o.market_id, x.product_id, x.variant_id, x.title, x.variant_title, x.sku, x.image_url,
          x.unit_price, x.compare_at_price, x.quantity, x.weight_grams, x.tracked, x.bundle_id, x.bundle_title,
          x.bundle_units, x.bundle_discount, x.discount, x.paid, x.position
        from o, jsonb_to_recordset(${JSON.stringify(items)}::jsonb) as x(product_id uuid, variant_id uuid,
          title text, variant_title text, sku text, image_url text, unit_price int, compare_at_price int,
          quantity int, weight_grams int, tracked boolean, bundle_id uuid, bundle_title text, bundle_units int,
          bundle_discount int, discount int, paid int, position int)
        returning ${itemShape.columns}
      )
      select ${orderShape.columnsOf('o')}, (select coalesce(json_agg(i order by i.position), '[]') from i) as items
      from o`,
      options.last === true,
    ),
  );
  return readOrderWithItems(row as Record<string, unknown>);
}

/**
 * The order's held units were given back (the caller released them). `touch`: the order counts
 * as changed now (a hold that ran out, or the merchant's release); a new checkout of the same
 * basket and the recovery link leave its time as it was.
 */
export async function markHoldReleased(tx: Db, orderId: string, touch: boolean): Promise<void> {
  await tx.execute(
    touch
      ? sql`update orders set reservation = 'released', updated_at = now() where id = ${orderId}`
      : sql`update orders set reservation = 'released' where id = ${orderId}`,
  );
}

/** POST /Basket/confirm: the shopper's contact, addresses, tariff and note; totals follow. */
export async function confirmCheckout(
  tx: Db,
  orderId: string,
  details: {
    email: string;
    phone: string;
    shippingAddress: Address;
    billingAddress: Address;
    note: string | null;
    tariff: { id: string; name: string };
    shippingPrice: number;
    total: number;
    language: Language;
  },
  options: LastStatement = {},
): Promise<OrderRow> {
  const [updated] = orderShape.rows(
    await executeLast(
      tx,
      sql`update orders set email = ${details.email.toLowerCase()}, phone = ${details.phone},
        shipping_address = ${JSON.stringify(details.shippingAddress)}::jsonb,
        billing_address = ${JSON.stringify(details.billingAddress)}::jsonb, note = ${details.note},
        shipping_tariff_id = ${details.tariff.id}, shipping_name = ${details.tariff.name},
        shipping_price = ${details.shippingPrice}, total = ${details.total}, language = ${details.language},
        updated_at = ${new Date()}
      where id = ${orderId} returning ${orderShape.columns}`,
      options.last === true,
    ),
  ) as [OrderRow];
  return updated;
}

/** Whether a line's units are held, after its units were held again. */
export async function setLineTracked(tx: Db, itemId: string, tracked: boolean): Promise<void> {
  await tx.execute(sql`update order_items set tracked = ${tracked} where id = ${itemId}`);
}

/**
 * The checkout priced again (a price, an offer or its code changed): each line's price and
 * discounts, and the order's figures — one statement. A tariff that no longer applies is dropped
 * (`keepsTariff` false).
 */
export async function writePricing(
  tx: Db,
  orderId: string,
  figures: OrderFigures,
  lines: ({ id: string } & Pick<
    CheckoutLine,
    'unitPrice' | 'compareAtPrice' | 'bundleId' | 'bundleTitle' | 'bundleUnits' | 'bundleDiscount' | 'discount' | 'paid'
  >)[],
  keepsTariff: boolean,
  options: LastStatement = {},
): Promise<OrderRow> {
  const rows = lines.map((l) => ({
    id: l.id,
    unit_price: l.unitPrice,
    compare_at_price: l.compareAtPrice,
    bundle_id: l.bundleId,
    bundle_title: l.bundleTitle,
    bundle_units: l.bundleUnits,
    bundle_discount: l.bundleDiscount,
    discount: l.discount,
    paid: l.paid,
  }));
  const [updated] = orderShape.rows(
    await executeLast(
      tx,
      sql`with l as (
        update order_items t set unit_price = x.unit_price, compare_at_price = x.compare_at_price,
          bundle_id = x.bundle_id, bundle_title = x.bundle_title, bundle_units = x.bundle_units,
          bundle_discount = x.bundle_discount, discount = x.discount, paid = x.paid
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(id uuid, unit_price int, compare_at_price int,
          bundle_id uuid, bundle_title text, bundle_units int, bundle_discount int, discount int, paid int)
        where t.id = x.id and t.order_id = ${orderId}
      )
      update orders set ${figuresSet(figures)}, updated_at = ${new Date()}
        ${keepsTariff ? sql`` : sql`, shipping_tariff_id = null, shipping_name = null`}
      where id = ${orderId} returning ${orderShape.columns}`,
      options.last === true,
    ),
  ) as [OrderRow];
  return updated;
}

/**
 * POST /Order: numbers the checkout with the market's next number, holds its units from now and
 * writes its timeline's line — one statement, so the market's numbering lock (market/hooks.ts) is
 * held for one statement and the commit. The placing time is the database's clock, read under
 * that lock: placing times follow the numbers exactly, whichever process placed the order (the
 * orders list relies on it).
 */
export async function placeOrder(
  tx: Db,
  order: { id: string; marketId: string },
  options: LastStatement = {},
): Promise<OrderRow> {
  const [placed] = orderShape.rows(
    await executeLast(
      tx,
      sql`with n as (${takeOrderNumber(order.marketId)}), placed as (
        update orders set number = n.number, name = n.order_prefix || n.number || n.order_suffix,
          placed_at = clock_timestamp(), ${HOLD_AGAIN}, updated_at = ${new Date()}
        from n where orders.id = ${order.id}
        returning ${orderShape.columnsOf('orders')}
      ), placed_event as (${orderPlacedEvent('placed')})
      select * from placed`,
      options.last === true,
    ),
  ) as [OrderRow];
  return placed;
}

/**
 * A payment attempt started: the order waits for it, its units held from now. A statement for
 * the WITH clause of the one that inserts the attempt (payment/service.ts).
 */
export function paymentPendingStatement(orderId: string): SQL {
  return sql`update orders set payment_status = 'pending', ${HOLD_AGAIN}, updated_at = ${new Date()}
    where id = ${orderId}`;
}

/** The last open attempt ended unpaid: the payment failed, and units it held were given back. */
export async function markPaymentFailed(tx: Db, order: OrderRow): Promise<OrderRow> {
  const [failed] = orderShape.rows(
    await tx.execute(sql`update orders set payment_status = 'failed',
        reservation = ${order.reservation === 'held' ? 'released' : order.reservation}, updated_at = ${new Date()}
      where id = ${order.id} returning ${orderShape.columns}`),
  ) as [OrderRow];
  return failed;
}

/** Paid but unable to take the money (its units or its code's uses went to others): canceled, the money goes back. */
export async function cancelUnfulfillable(tx: Db, orderId: string): Promise<OrderRow> {
  const [canceled] = orderShape.rows(
    await tx.execute(sql`update orders set payment_status = 'canceled', reservation = 'released',
      updated_at = ${new Date()} where id = ${orderId} returning ${orderShape.columns}`),
  ) as [OrderRow];
  return canceled;
}

/**
 * The order is paid, its units sold: the statement, without its returning clause, for the one
 * that also settles the attempt (payment/service.ts) and answers both rows.
 */
export function paidStatement(orderId: string, cardMask: string | null): SQL {
  return sql`update orders set payment_status = 'paid', reservation = 'sold', paid_at = ${new Date()},
      card_mask = ${cardMask}, updated_at = ${new Date()}
    where id = ${orderId}`;
}

/** The order's confirmation went out: marked sent, and its timeline says so (one statement). */
export async function markConfirmationSent(
  db: Db,
  order: { id: string; marketId: string },
  message: { to: string; subject: string },
): Promise<void> {
  await db.execute(sql`with sent as (
      update orders set confirmation_sent_at = ${new Date()} where id = ${order.id}
    ) ${emailSentEvent(order, 'confirmation', message)}`);
}

/** The abandoned checkout's reminder went out (the reminder job, in the transaction that mails it). */
export async function markReminderSent(tx: Db, orderId: string): Promise<void> {
  await tx.execute(sql`update orders set reminder_sent_at = now() where id = ${orderId}`);
}

/**
 * Writes down recoveries: `recoveries` selects `id` and `recovered_at` of checkouts (the abandoned
 * checkouts' rule, abandoned/service.ts); those not yet marked get the time. Answers how many.
 */
export async function markRecoveries(db: Db, recoveries: SQL): Promise<number> {
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`update orders t set recovered_at = c.recovered_at
      from (${recoveries}) c
      where t.id = c.id and c.recovered_at is not null and t.recovered_at is null
      returning t.id`),
  );
  return rows.length;
}
