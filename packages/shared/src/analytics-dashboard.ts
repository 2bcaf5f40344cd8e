import { z } from 'zod';
import { fulfillmentStatusSchema } from './commerce.js';
import { currencySchema, daySchema, idSchema, intSchema } from './responses.js';

/**
 * The merchant's dashboard (SPEC §7 GET /Analytics/get-dashboard?startDate=&endDate=&marketId=;
 * cp/home and cp/analytics/{marketId}). Days are calendar days in the store owner's time zone
 * (their profile's GMT±N); money is integer qəpik.
 *
 * Every order figure counts one set: **paid orders**, on the day they were paid (a checkout, or
 * an order placed and never paid, is not a sale), refunds deducted. A refunded order stays in the
 * count — it was a sale — with its money taken off the revenue; an order whose payment went back
 * by itself (sold out meanwhile) was never paid.
 *
 * - revenue: what shoppers paid for those orders — their totals, after every discount and with
 *   shipping — less what was refunded of them;
 * - orders: how many they are;
 * - average order value: revenue ÷ orders;
 * - sessions: storefront visits (a visit ends after 30 minutes without a page), per day;
 * - conversion: orders ÷ sessions;
 * - top products: those orders' lines as they were paid (after discounts), less units given
 *   back by refunds;
 * - sales by discount: those orders by the code, pop-up or bundle that took something off them;
 * - statuses: those orders by refund and by fulfilment, as they stand now.
 */

/** The longest range the dashboard answers for: a year, leap day included. */
export const DASHBOARD_MAX_DAYS = 366;
/** How many products each top list holds. */
export const DASHBOARD_TOP_PRODUCTS = 5;

const DAY_MS = 86_400_000;

/** Days from `start` to `end` (YYYY-MM-DD), both counted: the same day is 1. */
export function daysInRange(start: string, end: string): number {
  return Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / DAY_MS) + 1;
}

/** The day `days` after (or before, when negative) `day`, as YYYY-MM-DD. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Hours east of UTC of a profile time zone ("GMT+4" → 4, "GMT-3" → -3); +4 (Baku) when unreadable. */
export function timeZoneOffsetHours(timeZone: string | null | undefined): number {
  const match = /^GMT([+-])(\d{1,2})$/.exec(timeZone ?? '');
  if (!match) return 4;
  const hours = Number(match[2]);
  return match[1] === '-' ? -hours : hours;
}

/** Today's date in a profile time zone, YYYY-MM-DD. */
export function todayIn(timeZone: string | null | undefined, now = Date.now()): string {
  return new Date(now + timeZoneOffsetHours(timeZone) * 3_600_000).toISOString().slice(0, 10);
}

/** The range of equal length that ends the day before `start`: what the figures are compared with. */
export function previousRange(start: string, end: string): { startDate: string; endDate: string } {
  const days = daysInRange(start, end);
  return { startDate: addDays(start, -days), endDate: addDays(start, -1) };
}

/**
 * The change from `previous` to `current` as a fraction (0.25 = +25 %); null when there is
 * nothing to compare with (the previous figure is zero or unknown).
 */
export function relativeChange(current: number | null, previous: number | null): number | null {
  if (current === null || previous === null || previous === 0) return null;
  return (current - previous) / Math.abs(previous);
}

const day = (missing: 'required') =>
  z
    .string(missing)
    .min(1, missing)
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'invalidValue')
    .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && addDays(value, 0) === value, 'invalidValue');

/** GET /Analytics/get-dashboard: both days inclusive, the end not before the start, at most a year. */
export const dashboardQuerySchema = z
  .strictObject({
    marketId: z.string('MARKET_ID_MISSING').trim().min(1, 'MARKET_ID_MISSING').max(64, 'invalidValue'),
    startDate: day('required'),
    endDate: day('required'),
  })
  .refine((q) => q.startDate <= q.endDate, { path: ['endDate'], message: 'invalidRange' })
  .refine((q) => !(daysInRange(q.startDate, q.endDate) > DASHBOARD_MAX_DAYS), {
    path: ['endDate'],
    message: 'rangeTooLong',
  });
export type DashboardQuery = z.input<typeof dashboardQuerySchema>;

/** GET /Analytics/todo?marketId=: what waits for the merchant (cp/home). */
export const dashboardTodoQuerySchema = z.strictObject({
  marketId: dashboardQuerySchema.shape.marketId,
});

/**
 * POST /Analytics/page-view: a store page the shopper reached inside the storefront, without
 * loading a document (the server counts documents itself). Sent as a beacon; answers 204.
 */
export const pageViewBeaconSchema = z.strictObject({
  // A store's id exactly: anything else could not be written with the batch of counts.
  marketId: z.uuid('NOT_FOUND'),
});

/** Where a paid order stands with refunds: none, some of its money, all of it. */
export const DASHBOARD_REFUND_STATES = ['paid', 'partiallyRefunded', 'refunded'] as const;
export type DashboardRefundState = (typeof DASHBOARD_REFUND_STATES)[number];

/** The figures of one range: its paid orders (see above). */
export const dashboardTotalsSchema = z.strictObject({
  /** Qəpik: the paid orders' totals less refunds. */
  revenue: intSchema,
  /** Orders paid in the range, refunded ones included. */
  orders: intSchema,
  /** Qəpik, rounded: revenue ÷ orders; 0 without orders. */
  averageOrderValue: intSchema,
  sessions: intSchema,
  pageViews: intSchema,
  /** Orders ÷ sessions (0.032 = 3.2 %); null without sessions. */
  conversionRate: z.number().nullable(),
});
export type DashboardTotals = z.infer<typeof dashboardTotalsSchema>;

/** One day of the range; every day is there, zeros included. */
export const dashboardDaySchema = z.strictObject({
  date: daySchema,
  /** Qəpik: the day's paid orders less refunds. */
  revenue: intSchema,
  /** Orders paid that day. */
  orders: intSchema,
  sessions: intSchema,
  pageViews: intSchema,
});
export type DashboardDay = z.infer<typeof dashboardDaySchema>;

export const dashboardProductSchema = z.strictObject({
  /** Null for lines whose product has since been deleted (all such lines together). */
  productId: idSchema.nullable(),
  /** The product's current title; null when deleted. */
  title: z.string().nullable(),
  imageUrl: z.string().nullable(),
  units: intSchema,
  /** Qəpik. */
  revenue: intSchema,
});
export type DashboardProduct = z.infer<typeof dashboardProductSchema>;

export const DASHBOARD_DISCOUNT_KINDS = ['code', 'popup', 'bundle'] as const;
export type DashboardDiscountKind = (typeof DASHBOARD_DISCOUNT_KINDS)[number];

/**
 * One discount's sales in the range (decision 018): the paid orders it took something off, what
 * it took off them, and what those orders brought in (their revenue, as above). An order with a
 * code and a bundle counts in both rows; an order with two bundles in each, its bundle prices
 * shared between them by what they took off its lines.
 */
export const dashboardDiscountSalesSchema = z.strictObject({
  kind: z.enum(DASHBOARD_DISCOUNT_KINDS),
  discountId: idSchema,
  /** The code, the pop-up's title, the bundle's name — as now, or as its orders kept it once deleted. */
  name: z.string(),
  /** The discount is gone from the store; its orders keep what it was. */
  deleted: z.boolean(),
  orders: intSchema,
  /** Qəpik the discount took off those orders. */
  discount: intSchema,
  /** Qəpik: those orders' totals less refunds. */
  sales: intSchema,
});
export type DashboardDiscountSales = z.infer<typeof dashboardDiscountSalesSchema>;

export const dashboardSchema = z.strictObject({
  marketId: idSchema,
  startDate: daySchema,
  endDate: daySchema,
  /** The range compared with: as long as the chosen one, ending the day before it starts. */
  previousStartDate: daySchema,
  previousEndDate: daySchema,
  /** The owner's time zone the days are counted in, e.g. "GMT+4". */
  timeZone: z.string(),
  currency: currencySchema,
  current: dashboardTotalsSchema,
  previous: dashboardTotalsSchema,
  days: z.array(dashboardDaySchema),
  topProducts: z.strictObject({
    byRevenue: z.array(dashboardProductSchema),
    byUnits: z.array(dashboardProductSchema),
  }),
  /** The range's paid orders by what has been refunded of them, as they stand now. */
  ordersByRefund: z.record(z.enum(DASHBOARD_REFUND_STATES), intSchema),
  /** The range's paid orders by fulfilment, as they stand now. */
  ordersByFulfillmentStatus: z.record(fulfillmentStatusSchema, intSchema),
  /** The range's paid orders by discount, most sales first; empty when none had one. */
  salesByDiscount: z.array(dashboardDiscountSalesSchema),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

/** What waits for the merchant: paid orders not yet (fully) sent, SKUs running out. */
export const dashboardTodoSchema = z.strictObject({
  /** Paid, not archived, not fully fulfilled (cp/orders?view=unfulfilled). */
  ordersToFulfil: intSchema,
  /** Tracked SKUs with 1 … lowStock units (cp/inventory?level=low). */
  lowStock: intSchema,
  /** Tracked SKUs with none left (cp/inventory?level=out). */
  outOfStock: intSchema,
});
export type DashboardTodo = z.infer<typeof dashboardTodoSchema>;
