import {
  addDays,
  compareAz,
  DASHBOARD_REFUND_STATES,
  DASHBOARD_TOP_PRODUCTS,
  type Dashboard,
  type DashboardDay,
  type DashboardDiscountKind,
  type DashboardDiscountSales,
  type DashboardProduct,
  type DashboardRefundState,
  type DashboardTodo,
  type DashboardTotals,
  FULFILLMENT_STATUSES,
  type FulfillmentStatus,
  LOW_STOCK,
  previousRange,
  timeZoneOffsetHours,
} from '@shop/shared';
import type { SQL } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { rowsOf } from '../../db/client.js';
import { sql } from '../../db/sql-text.js';
import type { AppContext } from '../../platform/context.js';
import { CLOSED_SQL } from '../order/hooks.js';
import { FLUSH_INTERVAL_MS } from './recorder.js';

const HOUR_MS = 3_600_000;
/**
 * A day's visits are final once it has ended in its time zone and every process has written
 * what it counted (each writes every few seconds); this much later, to be safe.
 */
const SETTLED_AFTER_MS = 2 * 60_000 + 2 * FLUSH_INTERVAL_MS;

interface PaidRow {
  day: string;
  refund: DashboardRefundState;
  fulfillment_status: FulfillmentStatus;
  n: number;
  revenue: number;
}
interface DiscountSalesRow {
  discount_id: string | null;
  /** Read from the discount row; a row without one is dropped. */
  kind: DashboardDiscountKind | null;
  name: string | null;
  deleted: boolean;
  orders: number;
  discount: number;
  sales: number;
}
interface ProductRow {
  list: 'revenue' | 'units';
  product_id: string | null;
  title: string | null;
  image_url: string | null;
  units: number;
  revenue: number;
}

/**
 * The dashboard's figures, read straight from orders with index-backed aggregates (no rollup
 * table). Every order figure counts the same orders — those paid in the range, on the day they
 * were paid, refunds deducted (shared/analytics-dashboard.ts) — so the range and the one before
 * it are one index-only range scan of orders by paid-at, grouped by the owner's day, refund
 * state and fulfilment; top products are the lines of the same orders, looked up by order id.
 * The queries run side by side on the pool.
 *
 * Visits are one row per visitor and day, so counting a busy store's half year reads millions of
 * rows; a finished day's count never changes again, so it is kept in memory once counted and only
 * the last, still open days are counted on each request.
 */
export class AnalyticsService {
  private readonly settledSessions = new LRUCache<string, number>({ max: 200_000 });

  constructor(private readonly ctx: AppContext) {}

  async dashboard(
    marketId: string,
    timeZone: string,
    range: { startDate: string; endDate: string },
    now = Date.now(),
  ): Promise<Dashboard> {
    const { startDate, endDate } = range;
    const previous = previousRange(startDate, endDate);
    const offset = timeZoneOffsetHours(timeZone);
    // The first instant of a day in the owner's zone.
    const instant = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - offset * HOUR_MS).toISOString();
    const from = instant(previous.startDate);
    const start = instant(startDate);
    const until = instant(addDays(endDate, 1));
    // Rows are grouped by the instant their day began (date_bin from a local midnight: cheap
    // integer arithmetic per row); each group's instant becomes the owner's date once.
    const midnight = instant('2000-01-01');
    const dayOf = (column: SQL) => sql`date_bin('1 day', ${column}, ${midnight}::timestamptz)`;
    const dateOf = (instantColumn: SQL) =>
      sql`((${instantColumn} at time zone 'UTC') + ${offset}::int * interval '1 hour')::date::text`;
    const db = this.ctx.db;

    const [paid, products, views, sessions, salesByDiscount] = await Promise.all([
      // Paid orders by the day they were paid, both ranges, with where they stand now (refunds,
      // fulfilment): an index-only scan of orders by market and paid-at (orders_market_paid_idx).
      db
        .execute(sql`
          select ${dateOf(sql`d`)} as day, refund, fulfillment_status, n, revenue from (
            select ${dayOf(sql`paid_at`)} as d,
                   case when refunded_amount <= 0 then 'paid'
                        when refunded_amount < total then 'partiallyRefunded'
                        else 'refunded' end as refund,
                   fulfillment_status, count(*)::int as n,
                   coalesce(sum(total - refunded_amount), 0)::float8 as revenue
            from orders
            where market_id = ${marketId} and paid_at >= ${from}::timestamptz and paid_at < ${until}::timestamptz
            group by 1, 2, 3) s`)
        .then((r) => rowsOf<PaidRow>(r)),
      // Lines of the same orders by product; `= any(array(…))` probes the lines by order id
      // (index-only with the proposed covering index) instead of hashing every line of the store.
      db
        .execute(sql`
          with sales as (
            select product_id, sum(quantity - refunded_quantity)::int as units,
                   -- What the units kept were paid, after discounts (paid is the line's, over its units).
                   sum(paid::int8 * (quantity - refunded_quantity) / quantity)::float8 as revenue
            from order_items
            where order_id = any(array(
              select id from orders
              where market_id = ${marketId} and paid_at >= ${start}::timestamptz and paid_at < ${until}::timestamptz))
            group by product_id
            having sum(quantity - refunded_quantity) > 0
          ), top as (
            (select 'revenue' as list, * from sales order by revenue desc, units desc, product_id limit ${DASHBOARD_TOP_PRODUCTS})
            union all
            (select 'units' as list, * from sales order by units desc, revenue desc, product_id limit ${DASHBOARD_TOP_PRODUCTS})
          )
          select top.list, top.product_id, p.title, p.images->>0 as image_url, top.units, top.revenue
          from top left join products p on p.id = top.product_id
          order by top.list,
            case when top.list = 'revenue' then top.revenue else top.units end desc,
            case when top.list = 'revenue' then top.units else top.revenue end desc,
            top.product_id`)
        .then((r) => rowsOf<ProductRow>(r)),
      db
        .execute(sql`
          select day::text as day, page_views::int as n from storefront_daily_stats
          where market_id = ${marketId} and day >= ${previous.startDate}::date and day <= ${endDate}::date`)
        .then((r) => rowsOf<{ day: string; n: number }>(r)),
      this.sessionsByDay(marketId, previous.startDate, endDate, offset, now),
      this.salesByDiscount(marketId, start, until),
    ]);

    const days = new Map<string, DashboardDay>();
    for (let day = previous.startDate; day <= endDate; day = addDays(day, 1)) {
      days.set(day, { date: day, revenue: 0, orders: 0, sessions: sessions.get(day) ?? 0, pageViews: 0 });
    }
    const byRefund = Object.fromEntries(DASHBOARD_REFUND_STATES.map((s) => [s, 0])) as Record<
      DashboardRefundState,
      number
    >;
    const byFulfillment = Object.fromEntries(FULFILLMENT_STATUSES.map((s) => [s, 0])) as Record<
      FulfillmentStatus,
      number
    >;
    for (const row of paid) {
      const day = days.get(row.day);
      if (!day) continue;
      day.revenue += Number(row.revenue);
      day.orders += row.n;
      // Statuses are of the chosen range's orders, not of the range compared with.
      if (row.day < startDate) continue;
      if (row.refund in byRefund) byRefund[row.refund] += row.n;
      if (row.fulfillment_status in byFulfillment) byFulfillment[row.fulfillment_status] += row.n;
    }
    for (const row of views) {
      const day = days.get(row.day);
      if (day) day.pageViews += row.n;
    }

    const all = [...days.values()];
    const currentDays = all.filter((d) => d.date >= startDate);
    const product = (row: ProductRow): DashboardProduct => ({
      productId: row.product_id,
      title: row.title,
      imageUrl: row.image_url,
      units: Number(row.units),
      revenue: Number(row.revenue),
    });
    return {
      marketId,
      startDate,
      endDate,
      previousStartDate: previous.startDate,
      previousEndDate: previous.endDate,
      timeZone,
      currency: 'AZN',
      current: totals(currentDays),
      previous: totals(all.filter((d) => d.date < startDate)),
      days: currentDays,
      topProducts: {
        byRevenue: products.filter((r) => r.list === 'revenue').map(product),
        byUnits: products.filter((r) => r.list === 'units').map(product),
      },
      ordersByRefund: byRefund,
      ordersByFulfillmentStatus: byFulfillment,
      salesByDiscount,
    };
  }

  /**
   * The paid orders of [start, until) by the discount that took something off them (decision
   * 018): the code or pop-up each had, and the bundles of its lines. Only orders with a discount
   * are read — the partial index orders_market_discounted_idx (migration 0014) holds them by
   * paid-at with every figure needed here, and their lines are probed by order id through the
   * lines' index, which carries each line's bundle and discount: both index-only. Names come
   * from the discounts themselves; a discount deleted since is named from what its orders kept.
   */
  private async salesByDiscount(marketId: string, start: string, until: string): Promise<DashboardDiscountSales[]> {
    const db = this.ctx.db;
    // `discount_total > 0` as the index's predicate says it, so the planner takes that index.
    const discounted = sql`market_id = ${marketId} and paid_at >= ${start}::timestamptz
      and paid_at < ${until}::timestamptz and discount_total > 0`;
    const [carts, bundles] = await Promise.all([
      // The cart discount: what the orders took off beyond their bundle prices.
      db
        .execute(sql`
          select s.discount_id, d.kind, coalesce(d.code, d.title) as name, s.orders, s.discount, s.sales
          from (
            select discount_id, count(*)::int as orders,
                   sum(discount_total - bundle_discount)::float8 as discount,
                   sum(total - refunded_amount)::float8 as sales
            from orders
            where ${discounted} and discount_total > bundle_discount
            group by discount_id) s
          left join discounts d on d.id = s.discount_id`)
        .then((r) => rowsOf<Omit<DiscountSalesRow, 'deleted'>>(r)),
      // Bundles: what each bundle's price took off its lines (kept per line), and the sales of
      // the orders it was in.
      db
        .execute(sql`
          with bundled as (
            select id, total - refunded_amount as sales
            from orders
            where ${discounted} and bundle_discount > 0
          ), lines as (
            select order_id, bundle_id, sum(bundle_discount)::float8 as discount
            from order_items
            where order_id = any(array(select id from bundled)) and bundle_id is not null
            group by order_id, bundle_id
          )
          select l.bundle_id as discount_id, 'bundle' as kind, d.id is null as deleted,
                 -- A deleted bundle is named from its lines (read only then: coalesce stops early).
                 coalesce(d.name, d.title, (select i.bundle_title from order_items i
                   where i.bundle_id = l.bundle_id and i.order_id = any(array(select id from bundled)) limit 1)) as name,
                 count(*)::int as orders, sum(l.discount)::float8 as discount, sum(b.sales)::float8 as sales
          from lines l join bundled b on b.id = l.order_id
          left join discounts d on d.id = l.bundle_id
          group by l.bundle_id, d.id, d.name, d.title`)
        .then((r) => rowsOf<DiscountSalesRow>(r)),
    ]);
    // A code or pop-up with orders is deleted only by setting their discount_id to null.
    const rows: DiscountSalesRow[] = carts
      .filter((row) => row.discount_id !== null)
      .map((row) => ({ ...row, deleted: false }));
    if (carts.some((row) => row.discount_id === null)) {
      // Orders whose code or pop-up has been deleted since (rare): named from what they kept of
      // it, which costs reading those orders' rows — only then.
      const gone = rowsOf<Omit<DiscountSalesRow, 'deleted'>>(
        await db.execute(sql`
          select discount->>'id' as discount_id, discount->>'kind' as kind,
                 coalesce(discount->>'code', discount->>'title') as name, count(*)::int as orders,
                 sum(discount_total - bundle_discount)::float8 as discount,
                 sum(total - refunded_amount)::float8 as sales
          from orders
          where ${discounted} and discount_total > bundle_discount and discount_id is null
          group by 1, 2, 3`),
      );
      rows.push(...gone.map((row) => ({ ...row, deleted: true })));
    }
    rows.push(...bundles);
    return rows
      .flatMap(({ discount_id, kind, ...row }) =>
        discount_id && kind ? [{ ...row, discountId: discount_id, kind }] : [],
      )
      .map((row) => ({
        kind: row.kind,
        discountId: row.discountId,
        name: row.name ?? '',
        deleted: row.deleted,
        orders: Number(row.orders),
        discount: Math.round(Number(row.discount)),
        sales: Number(row.sales),
      }))
      .sort((a, b) => b.sales - a.sales || b.orders - a.orders || compareAz(a.name, b.name));
  }

  /** Visits per day from `first` to `last`: settled days from memory, the rest counted. */
  private async sessionsByDay(
    marketId: string,
    first: string,
    last: string,
    offset: number,
    now: number,
  ): Promise<Map<string, number>> {
    const counts = new Map<string, number>();
    const settledUntil = now - SETTLED_AFTER_MS;
    // Settled: the day's end in the owner's zone (its next day's first instant) is long enough past.
    const settled = (day: string) => Date.parse(`${addDays(day, 1)}T00:00:00Z`) - offset * HOUR_MS <= settledUntil;
    let missingFrom: string | undefined;
    let missingTo: string | undefined;
    for (let day = first; day <= last; day = addDays(day, 1)) {
      const known = this.settledSessions.get(`${marketId} ${day}`);
      if (known !== undefined) counts.set(day, known);
      else {
        missingFrom ??= day;
        missingTo = day;
      }
    }
    if (!missingFrom || !missingTo) return counts;
    const rows = rowsOf<{ day: string; n: number }>(
      await this.ctx.db.execute(sql`
        select day::text as day, count(*)::int as n from storefront_sessions
        where market_id = ${marketId} and day >= ${missingFrom}::date and day <= ${missingTo}::date
        group by day`),
    );
    const found = new Map(rows.map((r) => [r.day, r.n]));
    for (let day = missingFrom; day <= missingTo; day = addDays(day, 1)) {
      const key = `${marketId} ${day}`;
      if (this.settledSessions.has(key)) continue;
      const n = found.get(day) ?? 0;
      counts.set(day, n);
      if (settled(day)) this.settledSessions.set(key, n);
    }
    return counts;
  }

  /** What waits for the merchant on cp/home. */
  async todo(marketId: string): Promise<DashboardTodo> {
    const low = LOW_STOCK;
    const [row] = rowsOf<{ to_fulfil: number; low: number; out: number }>(
      await this.ctx.db.execute(sql`
        select
          -- cp/orders?view=unfulfilled: open, paid, still with units to send (order/list.ts).
          (select count(*)::int from orders
           where market_id = ${marketId} and number is not null and ${CLOSED_SQL} is false
             and payment_status = 'paid') as to_fulfil,
          count(*) filter (where stock > 0 and stock <= ${low})::int as low,
          count(*) filter (where stock <= 0)::int as out
        from (
          -- Every tracked SKU as cp/inventory lists it: products without variants, and variants.
          select p.stock from products p
          where p.market_id = ${marketId} and p.variant_count = 0 and p.track_quantity
          union all
          select v.stock from product_variants v join products p on p.id = v.product_id
          where v.market_id = ${marketId} and p.track_quantity
        ) skus`),
    );
    return { ordersToFulfil: row?.to_fulfil ?? 0, lowStock: row?.low ?? 0, outOfStock: row?.out ?? 0 };
  }
}

function totals(days: DashboardDay[]): DashboardTotals {
  let revenue = 0;
  let orders = 0;
  let sessions = 0;
  let pageViews = 0;
  for (const d of days) {
    revenue += d.revenue;
    orders += d.orders;
    sessions += d.sessions;
    pageViews += d.pageViews;
  }
  return {
    revenue,
    orders,
    averageOrderValue: orders ? Math.round(revenue / orders) : 0,
    sessions,
    pageViews,
    conversionRate: sessions ? orders / sessions : null,
  };
}
