import { z } from 'zod';
import { pageSchema } from './catalog.js';
import { SETTLEMENT } from './ledger.js';
import { pageQuery, timestampSchema } from './responses.js';

/**
 * Payouts (issue 14, decision 019): on a settlement day whose period has come, what a store has
 * available goes to its bank account as one payout — weekly (every Wednesday), every two weeks
 * (every other Wednesday, counted from the first of 1970) or monthly (the month's first Wednesday,
 * Baku time). Less than the minimum waits for the next one.
 */
export const PAYOUT_PERIODS = ['weekly', 'biweekly', 'monthly'] as const;
export type PayoutPeriod = (typeof PAYOUT_PERIODS)[number];

export const PAYOUT_STATUSES = ['pending', 'paid', 'failed'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

/** Qəpik: a payout of less waits (10.00 ₼). */
export const PAYOUT_MINIMUM = 1000;

/** The first Wednesday after 1970-01-01 (a Thursday), Baku's midnight, in days since the epoch. */
const FIRST_WEDNESDAY_DAY = 6;

/**
 * Whether a store with `period` is paid out on the settlement day beginning at `dayStart` (the
 * instant Baku's day begins, as `settlementDay` gives it).
 */
export function payoutDue(period: PayoutPeriod, dayStart: Date): boolean {
  const local = new Date(dayStart.getTime() + SETTLEMENT.utcOffsetHours * 3_600_000);
  if (period === 'weekly') return true;
  if (period === 'monthly') return local.getUTCDate() <= 7;
  const day = Math.round(local.getTime() / 86_400_000);
  return ((day - FIRST_WEDNESDAY_DAY) / 7) % 2 === 0;
}

/** GET/PUT /PayoutSettings/{marketId}: how often the store is paid out. */
export const payoutSettingsSchema = z.strictObject({
  period: z.enum(PAYOUT_PERIODS, { error: () => 'invalidValue' }),
  /** Qəpik: less waits for the next payout. */
  minimum: z.int(),
});
export type PayoutSettings = z.infer<typeof payoutSettingsSchema>;
export const savePayoutSettingsSchema = payoutSettingsSchema.pick({ period: true });

export const PAYOUT_SORTS = ['newest', 'oldest', 'amountDesc', 'amountAsc'] as const;
export type PayoutSort = (typeof PAYOUT_SORTS)[number];
export const PAYOUT_PAGE_SIZE = { default: 20, max: 100 } as const;

const day = z.iso.date('invalidValue');
const amount = z.coerce
  .number('invalidValue')
  .int('invalidValue')
  .min(0, 'invalidValue')
  .max(2_000_000_000, 'invalidValue');

/**
 * The payouts list's filters — status, the days it was made (Baku's calendar, as settlement's),
 * its amount in qəpik — and sort: GET /Payout/list's and the export's.
 */
const payoutFilters = {
  status: z.enum(PAYOUT_STATUSES, 'invalidValue').optional(),
  from: day.optional(),
  to: day.optional(),
  minAmount: amount.optional(),
  maxAmount: amount.optional(),
  sort: z.enum(PAYOUT_SORTS, 'invalidValue').default('newest'),
};

/** A range backwards (days or amounts) is refused at its end's field. */
function rangesForwards<S extends z.ZodType<{ from?: string; to?: string; minAmount?: number; maxAmount?: number }>>(
  schema: S,
) {
  return schema
    .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['to'], message: 'invalidRange' })
    .refine((q) => q.minAmount === undefined || q.maxAmount === undefined || q.minAmount <= q.maxAmount, {
      path: ['maxAmount'],
      message: 'invalidRange',
    });
}

/** GET /Payout/list/{marketId}?…: the filters, the sort and a page. */
export const payoutListQuerySchema = rangesForwards(
  z.strictObject({ ...payoutFilters, ...pageQuery(PAYOUT_PAGE_SIZE) }),
);
export type PayoutListQuery = z.input<typeof payoutListQuerySchema>;

export const payoutListItemSchema = z.strictObject({
  id: z.uuid(),
  amount: z.int(),
  status: z.enum(PAYOUT_STATUSES),
  period: z.enum(PAYOUT_PERIODS),
  periodFrom: timestampSchema,
  periodTo: timestampSchema,
  createdAt: timestampSchema,
  arrivesAt: timestampSchema,
  paidAt: timestampSchema.nullable(),
  failedAt: timestampSchema.nullable(),
  failureReason: z.string().nullable(),
  /** Qəpik, signed; gross + refunds + fees + adjustments = amount (the net). */
  gross: z.int(),
  refunds: z.int(),
  fees: z.int(),
  adjustments: z.int(),
  /** The account it went to, masked ("•••• 1944"). */
  account: z.string(),
  bank: z.string(),
});
export type PayoutListItem = z.infer<typeof payoutListItemSchema>;
export const payoutListPageSchema = pageSchema(payoutListItemSchema);
export type PayoutListPage = z.infer<typeof payoutListPageSchema>;

/**
 * A payout's lines (its reconciliation report): an order it settles (its sale, fee and refunds
 * before settlement), a refund given back after settlement, a payout that came back, a
 * subscription charge, a staff adjustment — each signed, in qəpik, summing to the payout.
 */
export const PAYOUT_LINE_KINDS = ['order', 'refund', 'returned', 'subscription', 'adjustment'] as const;
export type PayoutLineKind = (typeof PAYOUT_LINE_KINDS)[number];

export const payoutLineSchema = z.strictObject({
  /** The ledger entry it is. */
  id: z.uuid(),
  kind: z.enum(PAYOUT_LINE_KINDS),
  /** When it came to the balance (an order: settled). */
  at: timestampSchema,
  orderId: z.uuid().nullable(),
  /** The order's number as shown (#1001). */
  orderName: z.string().nullable(),
  /** An order's: when it was paid. */
  paidAt: timestampSchema.nullable(),
  gross: z.int(),
  refunds: z.int(),
  fees: z.int(),
  /** The net: what the line adds to the payout. */
  amount: z.int(),
  /** A payout that came back: which; an adjustment: why. */
  returnedPayoutId: z.uuid().nullable(),
  note: z.string().nullable(),
});
export type PayoutLine = z.infer<typeof payoutLineSchema>;

export const PAYOUT_EVENTS = ['created', 'sent', 'paid', 'failed'] as const;
export type PayoutEvent = (typeof PAYOUT_EVENTS)[number];

export const LINE_PAGE_SIZE = { default: 50, max: 500 } as const;
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/**
 * GET /PaymentReport/{marketId}?…: with `payoutId`, one payout's reconciliation report (a page of
 * its lines, or all of them as a file with `format`); without, the payouts list's filters as a
 * file (`format` required): the 13 columns of PAYOUT_EXPORT_COLUMNS.
 */
export const paymentReportQuerySchema = rangesForwards(
  z.strictObject({
    payoutId: z.uuid('invalidValue').optional(),
    format: z.enum(EXPORT_FORMATS, 'invalidValue').optional(),
    ...payoutFilters,
    ...pageQuery(LINE_PAGE_SIZE),
  }),
).refine((q) => q.payoutId || q.format, { path: ['format'], message: 'required' });
export type PaymentReportQuery = z.input<typeof paymentReportQuerySchema>;

export const payoutReportSchema = z.strictObject({
  payout: payoutListItemSchema,
  /** What happened to it, in order. */
  history: z.array(z.strictObject({ event: z.enum(PAYOUT_EVENTS), at: timestampSchema, note: z.string().nullable() })),
  lines: pageSchema(payoutLineSchema),
});
export type PayoutReport = z.infer<typeof payoutReportSchema>;

/**
 * The payouts export's 13 columns (SPEC §9's default; decision 019), in order: each payout's id,
 * when it was made, the period it covers, its gross sales, refunds, fees and adjustments (signed)
 * and its net, status, arrival, when it was paid and the account it went to (masked).
 */
export const PAYOUT_EXPORT_COLUMNS = [
  'id',
  'created_at',
  'period_from',
  'period_to',
  'gross_sales',
  'refunds',
  'fees',
  'adjustments',
  'net_amount',
  'status',
  'arrival_date',
  'paid_at',
  'account',
] as const;

/** A payout's lines as a file (the reconciliation report): one row per line. */
export const PAYOUT_LINE_EXPORT_COLUMNS = [
  'line',
  'date',
  'order',
  'paid_at',
  'gross_sales',
  'refunds',
  'fees',
  'net_amount',
  'note',
] as const;
