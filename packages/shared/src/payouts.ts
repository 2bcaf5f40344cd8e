import { z } from 'zod';
import { SETTLEMENT } from './ledger.js';

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
