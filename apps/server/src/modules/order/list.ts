import {
  type FulfillmentStatus,
  isOrderClosed,
  type OrderListItem,
  type OrderListPage,
  type OrderSort,
  type orderExportQuerySchema,
  orderLimits,
  type orderListQuerySchema,
  type PaymentStatus,
  searchKey,
} from '@shop/shared';
import type { SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, rowsOf } from '../../db/client.js';
import { sql } from '../../db/sql-text.js';
import { escapeLike } from '../../platform/search.js';
import { CLOSED_SQL } from './hooks.js';

/**
 * The orders list (cp/orders) and its CSV export. A store may hold 200,000 orders; every query
 * here is shaped for the indexes of migration 0007_order_indexes (partial on placed orders,
 * `where number is not null`, keyed by market_id, INCLUDE-ing what the filters read):
 * (placed_at, id), (total, id), (CLOSED_SQL, placed_at, id), (payment_status, placed_at, id),
 * (fulfillment_status, placed_at, id), a trigram index on SEARCH_SQL, the e-mail index; and
 * (market_id, number) INCLUDE (placed_at, total, payment_status, fulfillment_status, archived_at)
 * for the number sorts and the plain count, still to be added.
 *
 * The page's ids and the count come from index-only scans; the page's rows are then read by id.
 * The count stops after `countCapOf` matches: counting a whole history costs tens of
 * milliseconds, a capped count well under one. A search by text counts first, through the
 * trigram index, and pages many matches by a sort's index instead (`textSearchPage`).
 */

/** What a search looks for in names and e-mails, normalized like `searchKey` (shared/catalog.ts). */
export const SEARCH_SQL = sql.raw(
  `translate(lower(coalesce(email, '') || ' ' || coalesce(shipping_address->>'firstName', '') || ' ' || coalesce(shipping_address->>'lastName', '')), 'ı', 'i')`,
);

type Filters = Omit<z.output<typeof orderExportQuerySchema>, 'sort' | 'marketId'>;
type ListQuery = z.output<typeof orderListQuerySchema>;

/**
 * The number a search names, if it reads like an order's name: the digits with at most a short
 * prefix and suffix around them ("1001", "#1001", "SHOP-1001-AZ"), no spaces, no "@".
 */
export function orderNumberOf(search: string): number | null {
  const match = /^[^\s@]{0,10}?(\d{1,10})[^\s@\d]{0,10}$/.exec(search.trim());
  if (!match) return null;
  const n = Number(match[1]);
  return n <= 2_147_483_647 ? n : null;
}

/** Hours east of UTC of a time zone as account settings store it ("GMT+4", "GMT-3"). */
export function offsetHours(timeZone: string): number {
  const match = /^GMT([+-]\d{1,2})$/.exec(timeZone);
  return match ? Number(match[1]) : 4;
}

/** The instant a day (YYYY-MM-DD) starts in a zone `offset` hours east of UTC. */
export function dayStart(day: string, offset: number): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) - offset * 3_600_000);
}

/**
 * How a search is matched: digits (with or without "#") name an order number and nothing else;
 * an e-mail address is looked for as it is first (`email` mode), and only when no order has
 * exactly it, as part of addresses and names; anything else is looked for in names and e-mails,
 * and as an order's name when it reads like one ("SHOP-1001-AZ").
 */
export function searchModeOf(search: string): 'number' | 'email' | 'text' {
  if (/^#?\d{1,10}$/.test(search)) return 'number';
  if (/^[^\s@]+@[^\s@]+$/.test(search)) return 'email';
  return 'text';
}

/**
 * How a search by text is written: through its trigram index, which collects every match (for a
 * few), or as a test of each order a sort's index walks to, which stops at the page's last row
 * (for many: `strpos` is the same test, and no index serves it).
 */
type TextSearch = 'index' | 'filter';

/**
 * The conditions of the filters, over the unaliased `orders` table. `exactEmail`: an e-mail
 * address searched is matched as a whole address (false: as part of one, like any text).
 */
export function conditions(
  marketId: string,
  q: Filters,
  offset: number,
  exactEmail = true,
  textSearch: TextSearch = 'index',
): SQL {
  // Placed orders have both a number and a placing time; saying so of both lets a scan of any
  // index on placed_at skip the checkouts (null placed_at) instead of reading past them.
  const c: SQL[] = [sql`market_id = ${marketId}`, sql`number is not null`, sql`placed_at is not null`];
  if (q.view === 'open') c.push(sql`${CLOSED_SQL} is false`);
  if (q.view === 'closed') c.push(sql`${CLOSED_SQL} is true`);
  // Open, paid, hence not fully fulfilled yet: what is left to send.
  if (q.view === 'unfulfilled') c.push(sql`${CLOSED_SQL} is false`, sql`payment_status = 'paid'`);
  if (q.paymentStatus) c.push(sql`payment_status = ${q.paymentStatus}`);
  if (q.fulfillmentStatus) c.push(sql`fulfillment_status = ${q.fulfillmentStatus}`);
  if (q.from) c.push(sql`placed_at >= ${dayStart(q.from, offset).toISOString()}::timestamptz`);
  if (q.to) {
    const end = new Date(dayStart(q.to, offset).getTime() + 86_400_000);
    c.push(sql`placed_at < ${end.toISOString()}::timestamptz`);
  }
  const search = q.search?.trim();
  const mode = search ? searchModeOf(search) : null;
  if (search && mode === 'number') {
    const number = Number(search.replace('#', ''));
    // A number no order can have (beyond PostgreSQL's integers) matches nothing.
    c.push(sql`number = ${number <= 2_147_483_647 ? number : -1}`);
  } else if (search && mode === 'email' && exactEmail) {
    c.push(sql`email = ${search.toLowerCase()}`);
  } else if (search) {
    const key = searchKey(search);
    const text =
      textSearch === 'index'
        ? sql`${SEARCH_SQL} like ${`%${escapeLike(key)}%`}`
        : sql`strpos(${SEARCH_SQL}, ${key}) > 0`;
    const number = orderNumberOf(search);
    c.push(number === null ? text : sql`(number = ${number} or ${text})`);
  }
  return sql.join(c, sql` and `);
}

/** Whether the filters search by text (names, part of an address): the trigram index's search. */
function searchesText(q: Filters, exactEmail: boolean): boolean {
  const search = q.search?.trim();
  if (!search) return false;
  const mode = searchModeOf(search);
  return mode === 'text' || (mode === 'email' && !exactEmail);
}

/**
 * Whether an e-mail address searched is matched whole: yes when some order of the filters has
 * exactly that address (one look-up by the e-mail index), else it is looked for as text.
 */
export async function exactEmailOf(db: Db, marketId: string, q: Filters, offset: number): Promise<boolean> {
  const search = q.search?.trim();
  if (!search || searchModeOf(search) !== 'email') return true;
  const found = rowsOf(await db.execute(sql`select 1 from orders where ${conditions(marketId, q, offset)} limit 1`));
  return found.length > 0;
}

/** Each sort's keys; the id breaks ties (numbers are unique in a market). */
const ORDER: Record<OrderSort, { keys: string[]; descending: boolean }> = {
  newest: { keys: ['placed_at', 'id'], descending: true },
  oldest: { keys: ['placed_at', 'id'], descending: false },
  total_desc: { keys: ['total', 'id'], descending: true },
  total_asc: { keys: ['total', 'id'], descending: false },
  number_desc: { keys: ['number'], descending: true },
  number_asc: { keys: ['number'], descending: false },
};

function orderBy(sort: OrderSort, alias = ''): SQL {
  const { keys, descending } = ORDER[sort];
  return sql.raw(keys.map((k) => `${alias}${k} ${descending ? 'desc' : 'asc'}`).join(', '));
}

export interface OrderRowOfList {
  id: string;
  number: number;
  name: string;
  placed_at: Date | string;
  paid_at: Date | string | null;
  email: string | null;
  phone: string | null;
  first_name: string | null;
  last_name: string | null;
  total: number;
  subtotal: number;
  shipping_price: number;
  refunded_amount: number;
  currency: string;
  payment_status: PaymentStatus;
  fulfillment_status: FulfillmentStatus;
  archived_at: Date | string | null;
  item_count: number;
}

/** An exported row: a list row, its discounts, and the cart discount it had (decision 018). */
export interface OrderRowOfExport extends OrderRowOfList {
  discount_total: number;
  /** The code typed, or the pop-up's title, as the order keeps them; null without a cart discount. */
  discount_code: string | null;
  popup_title: string | null;
}

/**
 * What an export adds to a list row, of `orders o`: the order's discounts, and the code or pop-up
 * that took something off (one named but below its minimum took nothing, and is left out).
 */
const EXPORT_COLUMNS = sql`o.discount_total,
  case when o.discount_total > o.bundle_discount and o.discount->>'kind' = 'code' then o.discount->>'code' end as discount_code,
  case when o.discount_total > o.bundle_discount and o.discount->>'kind' = 'popup' then o.discount->>'title' end as popup_title`;

/** The columns a list row shows, of `orders o`. */
export const LIST_COLUMNS = sql`o.id, o.number, o.name, o.placed_at, o.paid_at, o.email, o.phone,
  o.shipping_address->>'firstName' as first_name, o.shipping_address->>'lastName' as last_name,
  o.total, o.subtotal, o.shipping_price, o.refunded_amount, o.currency, o.payment_status,
  o.fulfillment_status, o.archived_at,
  (select coalesce(sum(i.quantity), 0)::int from order_items i where i.order_id = o.id) as item_count`;

export const iso = (value: Date | string) => new Date(value).toISOString();

export function customerNameOf(row: { first_name: string | null; last_name: string | null }): string | null {
  return [row.first_name, row.last_name].filter((p) => p?.trim()).join(' ') || null;
}

export function listItemOf(row: OrderRowOfList): OrderListItem {
  const archived = row.archived_at !== null;
  return {
    id: row.id,
    number: row.number,
    name: row.name,
    placedAt: iso(row.placed_at),
    customerName: customerNameOf(row),
    email: row.email,
    total: row.total,
    paymentStatus: row.payment_status,
    fulfillmentStatus: row.fulfillment_status,
    itemCount: row.item_count,
    closed: isOrderClosed({ paymentStatus: row.payment_status, fulfillmentStatus: row.fulfillment_status, archived }),
    archived,
  };
}

/** How far a list counts: `countCap` orders, or `countPagesAhead` pages past the page asked for. */
export function countCapOf(q: { page: number; pageSize: number }): number {
  return Math.max(orderLimits.countCap, (q.page - 1 + orderLimits.countPagesAhead) * q.pageSize);
}

/** The statements of one page of the orders `where` picks: its rows, and the capped count of them. */
export function listStatements(where: SQL, q: ListQuery) {
  const skip = (q.page - 1) * q.pageSize;
  // The page's ids through the index first, then only their rows: deep pages read no rows they skip.
  const page = sql`select ${LIST_COLUMNS} from orders o
      where o.id = any(array(select id from orders where ${where}
        order by ${orderBy(q.sort)} limit ${q.pageSize} offset ${skip}))
      order by ${orderBy(q.sort, 'o.')}`;
  const count = sql`select count(*)::int as n from (select 1 from orders where ${where} limit ${countCapOf(q) + 1}) s`;
  return { page, count, skip };
}

/** From this many orders in, a page of the whole list is read by its numbers (`numberedPage`). */
const DEEP = 2_000;

/**
 * A deep page of the whole list (no view, filter or search) in date or number order, read by its
 * numbers instead of skipping `skip` index entries: orders are numbered 1001, 1002 … without gaps
 * in the order they are placed (checkout/service.ts `place`), so the page's numbers are known from
 * the market's next number. Null (use the general way) unless every number of the range is there.
 */
async function numberedPage(db: Db, marketId: string, q: ListQuery, skip: number, nextNumber: number) {
  const plain = q.view === 'all' && !q.search?.trim() && !q.paymentStatus && !q.fulfillmentStatus && !q.from && !q.to;
  if (!plain || skip < DEEP || q.sort === 'total_desc' || q.sort === 'total_asc') return null;
  const first = 1001;
  const last = nextNumber - 1;
  const descending = q.sort === 'newest' || q.sort === 'number_desc';
  const hi = Math.min(descending ? last - skip : first + skip + q.pageSize - 1, last);
  const lo = Math.max(descending ? last - skip - q.pageSize + 1 : first + skip, first);
  if (lo > hi) return null;
  const rows = rowsOf<OrderRowOfList>(
    await db.execute(sql`select ${LIST_COLUMNS} from orders o
      where o.market_id = ${marketId} and o.number between ${lo} and ${hi}
      order by ${orderBy(q.sort, 'o.')}`),
  );
  return rows.length === hi - lo + 1 ? rows : null;
}

/**
 * One page of the market's placed orders; `offset`: hours east of UTC of the owner's days;
 * `nextNumber`: the market's next order number (deep pages are found by number with it).
 */
export async function listOrders(
  db: Db,
  marketId: string,
  q: ListQuery,
  offset: number,
  nextNumber?: number,
): Promise<OrderListPage> {
  const exactEmail = await exactEmailOf(db, marketId, q, offset);
  if (searchesText(q, exactEmail)) return textSearchPage(db, marketId, q, offset, exactEmail);
  const statements = listStatements(conditions(marketId, q, offset, exactEmail), q);
  const { skip } = statements;
  const numbered = nextNumber === undefined ? null : await numberedPage(db, marketId, q, skip, nextNumber);
  const rows = numbered ?? rowsOf<OrderRowOfList>(await db.execute(statements.page));
  let total: number;
  let totalCapped = false;
  if (numbered && nextNumber !== undefined) {
    // Numbered without gaps: the whole list counts as many orders as numbers were given.
    total = nextNumber - 1001;
  } else if ((rows.length > 0 || skip === 0) && rows.length < q.pageSize) {
    // The last page: what came before it and its rows are all there is.
    total = skip + rows.length;
  } else {
    const cap = countCapOf(q);
    const [counted] = rowsOf<{ n: number }>(await db.execute(statements.count));
    total = counted?.n ?? 0;
    if (total > cap) {
      total = cap;
      totalCapped = true;
    }
  }
  return { items: rows.map(listItemOf), total, totalCapped, page: q.page, pageSize: q.pageSize };
}

/**
 * A page of a search by text. Its matches are collected through the trigram index, at most one
 * past the count's cap (`countCapOf`), with their sort keys: a few are counted and the page taken
 * from them in the same statement, then read by id. Many — a common name, a part of an address
 * most orders share — are paged by walking the sort's index and testing each order until the page
 * is full: reading every match of a surname one order in eight has (25,000 of a store of 200,000)
 * to sort them for a page of 50 took ~450 ms (bench/README, "Orders list"); with more matches than
 * the cap, a page of the first ones needs at most a few thousand orders walked.
 */
async function textSearchPage(
  db: Db,
  marketId: string,
  q: ListQuery,
  offset: number,
  exactEmail: boolean,
): Promise<OrderListPage> {
  const cap = countCapOf(q);
  const skip = (q.page - 1) * q.pageSize;
  const [found] = rowsOf<{ n: number; ids: string[] }>(
    await db.execute(sql`with m as (
        select id, placed_at, total, number from orders where ${conditions(marketId, q, offset, exactEmail)}
        limit ${cap + 1})
      select (select count(*) from m)::int as n,
        array(select id from m order by ${orderBy(q.sort)} limit ${q.pageSize} offset ${skip})::text[] as ids`),
  );
  const matches = found?.n ?? 0;
  const many = matches > cap;
  let rows: OrderRowOfList[] = [];
  if (many) {
    rows = rowsOf<OrderRowOfList>(
      await db.execute(listStatements(conditions(marketId, q, offset, exactEmail, 'filter'), q).page),
    );
  } else if (found?.ids.length) {
    rows = rowsOf<OrderRowOfList>(
      await db.execute(sql`select ${LIST_COLUMNS} from orders o where o.id = any(${sql.param(found.ids)}::uuid[])
        order by ${orderBy(q.sort, 'o.')}`),
    );
  }
  return {
    items: rows.map(listItemOf),
    total: many ? cap : matches,
    totalCapped: many,
    page: q.page,
    pageSize: q.pageSize,
  };
}

/**
 * Every matching order in the sort's order, in batches: each batch continues after the last row
 * of the one before (by its sort keys, read back as text so no precision is lost), so a long
 * export reads each order once, through the same indexes as the list.
 */
export async function* exportBatches(
  db: Db,
  marketId: string,
  q: Filters & { sort: OrderSort },
  offset: number,
  batchSize = 1000,
): AsyncGenerator<OrderRowOfExport[]> {
  const where = conditions(marketId, q, offset, await exactEmailOf(db, marketId, q, offset));
  const { keys, descending } = ORDER[q.sort];
  const types: Record<string, string> = { placed_at: 'timestamptz', id: 'uuid', total: 'int', number: 'int' };
  let after: string[] | null = null;
  for (;;) {
    let keyset = sql`true`;
    if (after) {
      const columns = sql.raw(`(${keys.map((k) => `o.${k}`).join(', ')})`);
      const values = sql.join(
        keys.map((k, i) => sql`${after?.[i]}::${sql.raw(types[k] as string)}`),
        sql`, `,
      );
      keyset = sql`${columns} ${sql.raw(descending ? '<' : '>')} (${values})`;
    }
    const batch = rowsOf<OrderRowOfExport & { cursor: string[] }>(
      await db.execute(sql`select ${LIST_COLUMNS}, ${EXPORT_COLUMNS}, array[${sql.raw(keys.map((k) => `o.${k}::text`).join(', '))}] as cursor
        from orders o where ${where} and ${keyset}
        order by ${orderBy(q.sort, 'o.')} limit ${batchSize}`),
    );
    if (batch.length) yield batch;
    if (batch.length < batchSize) return;
    after = (batch[batch.length - 1] as { cursor: string[] }).cursor;
  }
}
