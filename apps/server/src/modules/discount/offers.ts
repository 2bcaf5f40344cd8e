import {
  type AppliedDiscount,
  type BundleOffer,
  type CartDiscount,
  type ErrorCode,
  normalizeDiscountCode,
  type PricedCart,
} from '@shop/shared';
import type { SQL } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.js';
import { sql } from '../../db/sql-text.js';
import { AppError } from '../../platform/errors.js';

/**
 * The discounts the buying path prices with (decision 018): a store's live bundles, the pop-up a
 * visitor accepted, a code a shopper typed — read at every step, so a stale page can never buy
 * at an offer that ended — and the count of a code's uses. The discount module owns the table;
 * the basket, checkout and payment read it through these.
 */

/** A live bundle as pricing needs it, with its title for the order's lines. */
export interface LiveBundle extends BundleOffer {
  title: string;
}

/** A pop-up or a code as the cart discount: what pricing needs, and what an order keeps of it. */
export interface CartDiscountRow {
  id: string;
  kind: 'popup' | 'code';
  code: string | null;
  title: string | null;
  valueType: 'percent' | 'amount';
  percent: number | null;
  amountOff: number | null;
  minSubtotal: number | null;
  usageLimit: number | null;
  perCustomerLimit: number | null;
  active: boolean;
  startsAt: string | null;
  endsAt: string | null;
}

/** Columns of a discounts row `d` read as a CartDiscountRow (json_build_object keys). */
const CART_DISCOUNT_JSON = sql.raw(`json_build_object('id', d.id, 'kind', d.kind, 'code', d.code,
  'title', d.title, 'valueType', coalesce(d.value_type, 'percent'), 'percent', d.percent,
  'amountOff', d.amount_off, 'minSubtotal', d.min_subtotal, 'usageLimit', d.usage_limit,
  'perCustomerLimit', d.per_customer_limit, 'active', d.active, 'startsAt', d.starts_at, 'endsAt', d.ends_at)`);

/**
 * The store's live bundles that name any of `productIds` (a uuid[] expression), as one JSON
 * column: a statement about an order or a basket carries it, so pricing costs no round trip.
 */
export function liveBundlesColumn(marketId: SQL, productIds: SQL, now: Date): SQL {
  return sql`(select coalesce(json_agg(json_build_object('id', d.id, 'title', d.title, 'percent', d.percent,
      'productIds', (select json_agg(dp.product_id order by dp.position) from discount_products dp
        where dp.discount_id = d.id))), '[]')
    from discounts d
    where d.market_id = ${marketId} and d.kind = 'bundle' and d.active
      and (d.starts_at is null or d.starts_at <= ${now}) and d.ends_at > ${now}
      and exists (select 1 from discount_products x where x.discount_id = d.id and x.product_id = any(${productIds})))`;
}

/** The discount `id` (a uuid expression) as a CartDiscountRow JSON column, null when there is none. */
export function cartDiscountColumn(id: SQL): SQL {
  return sql`(select ${CART_DISCOUNT_JSON} from discounts d where d.id = ${id} and d.kind in ('popup', 'code'))`;
}

export function readBundles(value: unknown): LiveBundle[] {
  return (value as LiveBundle[] | null) ?? [];
}

export function readCartDiscount(value: unknown): CartDiscountRow | null {
  return (value as CartDiscountRow | null) ?? null;
}

/** Whether a pop-up or code applies at `now`: switched on, started, not ended. */
export function isLive(row: CartDiscountRow, now: Date): boolean {
  const at = now.getTime();
  return (
    row.active &&
    (row.startsAt === null || Date.parse(row.startsAt) <= at) &&
    (row.endsAt === null || Date.parse(row.endsAt) > at)
  );
}

/** Why a code can't be used now (the shopper's message), or null. */
export function codeUnusable(row: CartDiscountRow, now: Date): ErrorCode | null {
  if (row.endsAt !== null && Date.parse(row.endsAt) <= now.getTime()) return 'DISCOUNT_CODE_ENDED';
  if (!isLive(row, now)) return 'DISCOUNT_CODE_NOT_ACTIVE';
  return null;
}

/** The row as priceCart's cart discount. */
export function asCartDiscount(row: CartDiscountRow): CartDiscount {
  return row.valueType === 'amount'
    ? { id: row.id, valueType: 'amount', amountOff: row.amountOff ?? 0, minSubtotal: row.minSubtotal }
    : { id: row.id, valueType: 'percent', percent: row.percent ?? 0, minSubtotal: row.minSubtotal };
}

/** What an order or a basket shows of its cart discount, priced. */
export function appliedOf(row: CartDiscountRow, priced: PricedCart): AppliedDiscount {
  return {
    id: row.id,
    kind: row.kind,
    code: row.kind === 'code' ? row.code : null,
    title: row.kind === 'popup' ? row.title : null,
    percent: row.valueType === 'percent' ? row.percent : null,
    amountOff: row.valueType === 'amount' ? row.amountOff : null,
    minSubtotal: row.minSubtotal,
    amount: priced.cartDiscount,
    belowMinimum: priced.belowMinimum,
  };
}

/**
 * The store's code a shopper typed (any case; whatever its state) as a CartDiscountRow JSON
 * column of a statement about the order (`marketId` an expression), null when there is none.
 */
export function typedCodeColumn(marketId: SQL, typed: string): SQL {
  return sql`(select ${CART_DISCOUNT_JSON} from discounts d
    where d.market_id = ${marketId} and d.kind = 'code' and d.code_key = ${normalizeDiscountCode(typed)})`;
}

/** The store's live pop-up `id`, or null. */
export async function findLivePopup(db: Db, marketId: string, id: string, now: Date): Promise<CartDiscountRow | null> {
  const [row] = rowsOf<{ d: CartDiscountRow }>(
    await db.execute(sql`select ${CART_DISCOUNT_JSON} as d from discounts d
      where d.id = ${id} and d.market_id = ${marketId} and d.kind = 'popup'`),
  );
  return row && isLive(row.d, now) ? row.d : null;
}

/**
 * How every path that counts a code's uses locks its row: FOR NO KEY UPDATE, the lock an update
 * of its count takes anyway. It queues placings and payments of the code behind each other but
 * not the KEY SHARE lock of a write of an order naming the code (its foreign key), which FOR
 * UPDATE blocked: every shopper applying the code waited for every placing and payment of it.
 * One strength everywhere, so no path waits for a weaker lock to let a stronger one in.
 */
const CODE_LOCK = sql.raw('for no key update');

/**
 * Whether one more order may use the code, for everyone and for `email`: the uses spent (`used`,
 * paid orders, counted at payment under this row's lock — a refund does not give one back) and
 * those held now (orders placed whose hold has not run out), besides `orderId`'s own. With `lock`
 * the code's row is locked first, so that every placing and paying of orders with the code
 * queues on it and the count is exact (decision 018, point 4); throws the shopper's message when
 * it may not.
 */
export async function assertCodeUsable(
  tx: Db,
  code: CartDiscountRow,
  use: {
    orderId: string;
    email: string | null;
    lock: boolean;
    /** 'customer': only the limit per e-mail (its limit in all was checked a step before). */
    only?: 'customer';
  },
): Promise<void> {
  // The lock is a statement of its own: a count in the same statement would read the snapshot
  // taken before the lock was granted, and miss the orders of whoever held it. FOR NO KEY UPDATE
  // (CODE_LOCK): placings and payments of the code queue on each other, while writing an order
  // that names the code (its foreign key's KEY SHARE lock, e.g. a shopper applying the code)
  // does not wait for them.
  if (use.lock) await tx.execute(sql`select id from discounts where id = ${code.id} ${CODE_LOCK}`);
  const usageLimit = use.only === 'customer' ? null : code.usageLimit;
  if (usageLimit === null && (code.perCustomerLimit === null || use.email === null)) return;
  const email = use.email?.toLowerCase() ?? null;
  // A use is held by an order placed (numbered) whose units are held and whose hold has not run
  // out; the holding orders are few (orders_discount_held_idx), whatever the code's history.
  const holds = sql`o.discount_id = ${code.id} and o.id <> ${use.orderId} and o.number is not null
    and o.reservation = 'held' and o.reserved_until > clock_timestamp() and o.payment_status <> 'canceled'`;
  const [counts] = rowsOf<{ used: number; held: number; mine: number }>(
    await tx.execute(sql`select d.used,
        ${usageLimit === null ? sql`0` : sql`(select count(*)::int from orders o where ${holds})`} as held,
        ${
          code.perCustomerLimit === null || email === null
            ? sql`0`
            : sql`(select count(*)::int from orders o where o.discount_id = ${code.id} and o.email = ${email}
                and o.id <> ${use.orderId} and (o.paid_at is not null or (${holds})))`
        } as mine
      from discounts d where d.id = ${code.id}`),
  );
  const { used, held, mine } = counts ?? { used: 0, held: 0, mine: 0 };
  if (usageLimit !== null && used + held >= usageLimit) throw new AppError('DISCOUNT_CODE_USED_UP');
  if (code.perCustomerLimit !== null && email !== null && mine >= code.perCustomerLimit) {
    throw new AppError('DISCOUNT_CODE_CUSTOMER_LIMIT', undefined, undefined, { limit: code.perCustomerLimit });
  }
}

/**
 * Whether `order` (locked by the caller) holds one of the code's uses now: placed, its units held
 * and its hold not run out. Such an order's use was counted for it when it was placed, and every
 * placing since has counted it as held, so paying it needs no count of the others.
 */
export function holdsCodeUse(order: {
  number: number | null;
  reservation: string;
  reservedUntil: Date;
  paymentStatus: string;
}): boolean {
  return (
    order.number !== null &&
    order.reservation === 'held' &&
    order.reservedUntil.getTime() > Date.now() &&
    order.paymentStatus !== 'canceled'
  );
}

/**
 * A payment takes the code's use its order held (holdsCodeUse when the payment began): the code's
 * count raised in one statement, its last before its commit, so that other placings and payments
 * of the code wait for this one only for that statement and the commit. The update takes the
 * row's lock (CODE_LOCK's strength); its RETURNING is evaluated once the lock is granted, so the
 * database's clock read there says whether the hold was still on when the use was taken — had it
 * run out, a placing that got the lock first may have counted the use as free and taken it: false
 * then, and the caller rolls the whole payment back and applies it again with the code checked
 * before anything else (the use already raised goes with the rollback).
 */
export async function takeHeldCodeUse(tx: Db, discountId: string, reservedUntil: Date): Promise<boolean> {
  const [taken] = rowsOf<{ held: boolean }>(
    await tx.execute(sql`update discounts set used = used + 1 where id = ${discountId}
      returning clock_timestamp() < ${reservedUntil}::timestamptz as held`),
  );
  return taken?.held === true;
}

/** A paid order used the code: its count, for the merchant's list (in the payment's transaction). */
export async function countCodeUse(tx: Db, discountId: string, uses: 1 | -1 = 1): Promise<void> {
  await tx.execute(sql`update discounts set used = used + ${uses} where id = ${discountId}`);
}

/** A live bundle of the store with its products on sale, in the merchant's order; or null. */
export async function findLiveBundle(
  db: Db,
  marketId: string,
  id: string,
  now: Date,
): Promise<{ id: string; products: { id: string; variantCount: number }[] } | null> {
  const [row] = rowsOf<{ id: string; products: { id: string; variantCount: number }[] }>(
    await db.execute(sql`select d.id, (select coalesce(json_agg(json_build_object('id', p.id,
          'variantCount', p.variant_count) order by dp.position), '[]')
        from discount_products dp join products p on p.id = dp.product_id and p.status = 'active'
        where dp.discount_id = d.id) as products
      from discounts d
      where d.id = ${id} and d.market_id = ${marketId} and d.kind = 'bundle' and d.active
        and (d.starts_at is null or d.starts_at <= ${now}) and d.ends_at > ${now}`),
  );
  return row?.products.length ? row : null;
}

/** A pop-up or code by id (whatever its state), or null. */
export async function findCartDiscount(db: Db, id: string): Promise<CartDiscountRow | null> {
  const [row] = rowsOf<{ d: CartDiscountRow }>(
    await db.execute(sql`select ${cartDiscountColumn(sql`${id}::uuid`)} as d`),
  );
  return row?.d ?? null;
}
