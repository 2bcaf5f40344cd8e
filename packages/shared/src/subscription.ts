import { z } from 'zod';
import { PAYMENT_FAILURE_CAUSES } from './commerce.js';
import { currencySchema, idSchema, intSchema, timestampSchema } from './responses.js';

/**
 * The platform's subscription (issue 14, SPEC §4, §9, decision 020): each store pays a monthly
 * price by the owner's saved card. A new store has a free trial; then a job charges the card
 * when each month begins. A charge that fails is tried again `retries` times, `retryEveryDays`
 * apart; when the last fails the store is suspended (shoppers see the maintenance page) until
 * the owner pays. Nothing is lost while suspended.
 */
export const SUBSCRIPTION_PLANS = {
  standard: { monthlyPrice: 2900, trialDays: 14 },
} as const;
export type SubscriptionPlan = keyof typeof SUBSCRIPTION_PLANS;

export const BILLING = { retries: 3, retryEveryDays: 3 } as const;

/**
 * - `trialing`: the free days after the store was opened;
 * - `active`: paid through `periodEnd`;
 * - `past_due`: this month's charge failed; it is tried again at `nextAttemptAt`;
 * - `suspended`: every try failed: shoppers see the maintenance page until the owner pays.
 */
export const SUBSCRIPTION_STATUSES = ['trialing', 'active', 'past_due', 'suspended'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** Why a charge failed: the card's causes, or no card saved to charge. */
export const CHARGE_FAILURE_CAUSES = [...PAYMENT_FAILURE_CAUSES, 'no_card'] as const;
export type ChargeFailureCause = (typeof CHARGE_FAILURE_CAUSES)[number];

export const CHARGE_STATUSES = ['started', 'approved', 'declined', 'failed'] as const;
export type ChargeStatus = (typeof CHARGE_STATUSES)[number];

/** One charge of the subscription (the billing history on cp/payments). */
export const subscriptionChargeSchema = z.strictObject({
  id: idSchema,
  createdAt: timestampSchema,
  /** The month it pays for. */
  periodStart: timestampSchema,
  periodEnd: timestampSchema,
  /** 1 for the month's first try, then each retry. */
  attempt: intSchema,
  amount: intSchema,
  currency: currencySchema,
  status: z.enum(CHARGE_STATUSES),
  cardMask: z.string().nullable(),
  cause: z.enum(CHARGE_FAILURE_CAUSES).nullable(),
  /** The bank's own words when its code has no cause. */
  message: z.string().nullable(),
});
export type SubscriptionCharge = z.infer<typeof subscriptionChargeSchema>;

/** GET /Subscription/{marketId}: the store's plan, its state, the saved card and the history. */
export const subscriptionSchema = z.strictObject({
  plan: z.enum(Object.keys(SUBSCRIPTION_PLANS) as [SubscriptionPlan]),
  monthlyPrice: intSchema,
  currency: currencySchema,
  status: z.enum(SUBSCRIPTION_STATUSES),
  /** The trial's end, or the end of the month paid for: when the next charge is due. */
  periodEnd: timestampSchema,
  /** Failed tries of the month due (0 unless past due or suspended). */
  failedAttempts: intSchema,
  /** When the failed charge is tried again (past due only). */
  nextAttemptAt: timestampSchema.nullable(),
  suspendedAt: timestampSchema.nullable(),
  card: z.strictObject({ mask: z.string(), savedAt: timestampSchema }).nullable(),
  charges: z.array(subscriptionChargeSchema),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

/** POST /MarketCard/start: the owner is sent to the provider's page to save a card. */
export const startCardSchema = z.strictObject({ marketId: idSchema });
export type StartCardInput = z.infer<typeof startCardSchema>;
export const cardStartedSchema = z.strictObject({ redirectUrl: z.string() });

/** POST /Subscription/pay/{marketId}: the month owed, charged now to the saved card. */
export const subscriptionPaidSchema = z.strictObject({
  paid: z.boolean(),
  subscription: subscriptionSchema,
});

/** Where the provider's card page sends the owner back: cp/payments with `?card=saved|failed`. */
export const CARD_RETURN_PARAM = 'card';

/** `date` plus whole months, the day kept or clamped to the month's last (31 Jan + 1 = 28/29 Feb). */
export function addMonths(date: Date, months: number): Date {
  const day = date.getUTCDate();
  const moved = new Date(date.getTime());
  moved.setUTCDate(1);
  moved.setUTCMonth(moved.getUTCMonth() + months);
  const last = new Date(Date.UTC(moved.getUTCFullYear(), moved.getUTCMonth() + 1, 0)).getUTCDate();
  moved.setUTCDate(Math.min(day, last));
  return moved;
}
