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
export const PAYOUT_PAGE_SIZE = { default: 20, max: 100 } as const;

const day = z.iso.date('invalidValue');
const amount = z.coerce
  .number('invalidValue')
  .int('invalidValue')
  .min(0, 'invalidValue')
  .max(2_000_000_000, 'invalidValue');

/**
 * GET /Payout/list/{marketId}?…: the payouts list's filters — status, the days it was made
 * (Baku's calendar, as settlement's), its amount in qəpik — its sort and page.
 */
export const payoutListQuerySchema = z
  .strictObject({
    status: z.enum(PAYOUT_STATUSES, 'invalidValue').optional(),
    from: day.optional(),
    to: day.optional(),
    minAmount: amount.optional(),
    maxAmount: amount.optional(),
    sort: z.enum(PAYOUT_SORTS, 'invalidValue').default('newest'),
    ...pageQuery(PAYOUT_PAGE_SIZE),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['to'], message: 'invalidRange' })
  .refine((q) => q.minAmount === undefined || q.maxAmount === undefined || q.minAmount <= q.maxAmount, {
    path: ['maxAmount'],
    message: 'invalidRange',
  });
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
  /** The account it went to, masked ("•••• 1944"). */
  account: z.string(),
  bank: z.string(),
});
export type PayoutListItem = z.infer<typeof payoutListItemSchema>;
export const payoutListPageSchema = pageSchema(payoutListItemSchema);
export type PayoutListPage = z.infer<typeof payoutListPageSchema>;
