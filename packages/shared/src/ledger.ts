import { z } from 'zod';
import { PAYMENT_METHODS } from './commerce.js';
import { currencySchema, idSchema, intSchema } from './responses.js';

/**
 * A store's money (issue 14, decision 019): every movement is an immutable ledger entry on one
 * of the store's accounts, written in the transaction of its cause; balances are sums of them.
 *
 * - `pending`: sold, not yet settled (the holding period, then the Wednesday settlement);
 * - `available`: settled, owed to the merchant, waiting for the next payout;
 * - `in_transit`: paid out, not yet arrived at the bank;
 * - `paid_out`: arrived;
 * - `collected`: cash the merchant took on delivery (cash on delivery): theirs already, never paid out.
 */
export const LEDGER_ACCOUNTS = ['pending', 'available', 'in_transit', 'paid_out', 'collected'] as const;
export type LedgerAccount = (typeof LEDGER_ACCOUNTS)[number];

/**
 * What caused an entry. A sale and its fee land on `pending`; a refund comes off where the sale's
 * money is (`pending` until settled, then `available`); settlement moves an order's net from
 * `pending` to `available` (`release`, two entries); a payout moves `available` to `in_transit`,
 * then to `paid_out` when it arrives or back to `available` when it fails; the platform's
 * subscription and staff adjustments are on `available`.
 */
export const LEDGER_KINDS = [
  'sale',
  'fee',
  'refund',
  'release',
  'payout',
  'payout_paid',
  'payout_failed',
  'subscription',
  'adjustment',
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/**
 * What the card provider keeps of a payment (SPEC §1, §9): a percent and a fixed point-of-sale
 * cost, per plan. The standard plan's figures are what the site states: 3.5 % plus the
 * point-of-sale cost.
 */
export const FEE_PLANS = {
  standard: { percentBasisPoints: 350, pointOfSale: 20 },
} as const;
export type FeePlan = keyof typeof FEE_PLANS;

/** The provider's fee on a payment of `amount` qəpik: the percent rounded half up, plus the point-of-sale cost. */
export function providerFee(amount: number, plan: FeePlan = 'standard'): number {
  if (amount <= 0) return 0;
  const { percentBasisPoints, pointOfSale } = FEE_PLANS[plan];
  return Math.floor((amount * percentBasisPoints + 5_000) / 10_000) + pointOfSale;
}

/**
 * Settlement (SPEC §9): every Wednesday, Baku time (UTC+4, no daylight saving), the paid orders
 * fulfilled at least `holdingDays` before that day begins move from pending to available. The
 * holding period leaves a week for returns and disputes before money is paid out.
 */
export const SETTLEMENT = { weekday: 3, holdingDays: 7, utcOffsetHours: 4 } as const;

/**
 * The settlement day that `now` falls on, as the instant its day begins in Baku, and the cutoff
 * its orders must have been fulfilled by; null when `now` is not a settlement day.
 */
export function settlementDay(now: Date): { dayStart: Date; cutoff: Date } | null {
  const offset = SETTLEMENT.utcOffsetHours * 3_600_000;
  const local = new Date(now.getTime() + offset);
  if (local.getUTCDay() !== SETTLEMENT.weekday) return null;
  const dayStart = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()) - offset);
  return { dayStart, cutoff: new Date(dayStart.getTime() - SETTLEMENT.holdingDays * 86_400_000) };
}

/** A store's balances, in qəpik: each the sum of its account's entries. */
export const balanceSchema = z.strictObject({
  pending: intSchema,
  available: intSchema,
  inTransit: intSchema,
  paidOut: intSchema,
  /** Cash on delivery the merchant collected (less what they gave back): not paid out by us. */
  collected: intSchema,
  currency: currencySchema,
});
export type Balance = z.infer<typeof balanceSchema>;

/**
 * GET /PaymentSettings/{marketId}: how the store takes payment — the card provider this platform
 * runs on (Epoint, or the sandbox where no real money moves) and the methods shoppers see.
 */
export const PAYMENT_PROVIDERS = ['epoint', 'sandbox'] as const;
/**
 * Cash on delivery (issue 14, beyond the spec: how many shoppers in Azerbaijan pay): on or off per
 * store, an extra fee added to such orders, and the delivery tariffs it is offered with (null:
 * every tariff). The order is placed unpaid with its units taken; the merchant marks it paid when
 * the courier brings the cash.
 */
export const CASH_FEE_MAX = 100_000;
export const cashOnDeliverySchema = z.strictObject({
  enabled: z.boolean(),
  /** Qəpik, added to the order's total. */
  fee: z.int('invalidValue').min(0, 'invalidValue').max(CASH_FEE_MAX, 'invalidValue'),
  tariffIds: z.array(idSchema).max(200).nullable(),
});
export type CashOnDelivery = z.infer<typeof cashOnDeliverySchema>;
/** PUT /PaymentSettings/{marketId}: what the owner changes of how the store takes payment. */
export const savePaymentSettingsSchema = z.strictObject({ cashOnDelivery: cashOnDeliverySchema });
export type SavePaymentSettingsInput = z.infer<typeof savePaymentSettingsSchema>;

export const paymentSettingsSchema = z.strictObject({
  provider: z.enum(PAYMENT_PROVIDERS),
  /** Real cards and real money (false in the sandbox). */
  live: z.boolean(),
  methods: z.array(z.strictObject({ method: z.enum(PAYMENT_METHODS), enabled: z.boolean() })),
  fee: z.strictObject({ percentBasisPoints: z.int(), pointOfSale: z.int() }),
  cashOnDelivery: cashOnDeliverySchema,
});
export type PaymentSettings = z.infer<typeof paymentSettingsSchema>;
