import { z } from 'zod';
import { basketSchema, paymentStatusSchema, uniqueCodeSchema } from './commerce.js';
import { currencySchema, idSchema, intSchema, pageQuery, timestampSchema } from './responses.js';

/**
 * Abandoned checkouts (cp/abandoned-checkouts). A checkout is abandoned when the shopper gave
 * an e-mail, did not pay, and nothing happened to it for the market's reminder delay (60
 * minutes when reminders are off). One reminder e-mail goes out per checkout after the delay,
 * with a recovery link that puts its lines back into a cart; a checkout paid after it was
 * abandoned — itself, or by a later order of the same shopper — counts as recovered.
 */

export const abandonedLimits = {
  pageSize: { default: 25, max: 100 },
  search: 100,
  /** The delay the list uses when reminders are off. */
  defaultMinutes: 60,
  /** The longest reminder delay a merchant can set: 30 days. */
  maxMinutes: 30 * 24 * 60,
} as const;

export const ABANDONED_STATUSES = ['all', 'open', 'recovered'] as const;
export type AbandonedStatus = (typeof ABANDONED_STATUSES)[number];

/** GET /AbandonedCheckout/all?marketId=&search=&status=&page=&pageSize= */
export const abandonedListQuerySchema = z.strictObject({
  marketId: z.uuid('MARKET_ID_MISSING'),
  /** Part of the e-mail, phone or name. */
  search: z.string('invalidValue').trim().max(abandonedLimits.search, 'tooLong').optional(),
  /** open: not recovered yet; recovered: paid after all. */
  status: z.enum(ABANDONED_STATUSES, 'invalidValue').default('all'),
  ...pageQuery(abandonedLimits.pageSize),
});
export type AbandonedListQuery = z.input<typeof abandonedListQuerySchema>;

export const abandonedLineSchema = z.strictObject({
  productId: idSchema.nullable(),
  variantId: idSchema.nullable(),
  title: z.string(),
  variantTitle: z.string().nullable(),
  imageUrl: z.string().nullable(),
  unitPrice: intSchema,
  quantity: intSchema,
  lineTotal: intSchema,
});
export type AbandonedLine = z.infer<typeof abandonedLineSchema>;

export const abandonedCheckoutSchema = z.strictObject({
  id: idSchema,
  email: z.string(),
  phone: z.string().nullable(),
  /** From the delivery address, when the shopper got that far. */
  customerName: z.string().nullable(),
  /** The shopper's language: the reminder is written in it. */
  language: z.string(),
  /** Set when the shopper placed the order but did not pay it. */
  orderName: z.string().nullable(),
  paymentStatus: paymentStatusSchema,
  items: z.array(abandonedLineSchema),
  itemCount: intSchema,
  subtotal: intSchema,
  shippingPrice: intSchema,
  total: intSchema,
  currency: currencySchema,
  createdAt: timestampSchema,
  /** The shopper's last activity. */
  updatedAt: timestampSchema,
  reminderSentAt: timestampSchema.nullable(),
  /** When the reminder will go out; null once sent, or when reminders are off or it is recovered. */
  reminderDueAt: timestampSchema.nullable(),
  recoveredAt: timestampSchema.nullable(),
  /** The storefront link that puts the lines back into a cart. */
  recoveryUrl: z.string(),
});
export type AbandonedCheckout = z.infer<typeof abandonedCheckoutSchema>;

/** GET /AbandonedCheckout/all: a page of checkouts, and the market's reminder setting. */
export const abandonedCheckoutPageSchema = z.strictObject({
  items: z.array(abandonedCheckoutSchema),
  total: intSchema,
  page: intSchema,
  pageSize: intSchema,
  /** Minutes after which the reminder goes out; null = reminders off. */
  reminderMinutes: intSchema.nullable(),
});
export type AbandonedCheckoutPage = z.infer<typeof abandonedCheckoutPageSchema>;

const minutes = z
  .number('invalidValue')
  .int('invalidValue')
  .min(0, 'invalidValue')
  .max(abandonedLimits.maxMinutes, 'invalidValue');

/** PUT /Market/abandoned-settings: the reminder delay in minutes, or null for no reminders. */
export const abandonedSettingsSchema = z.strictObject({
  marketId: z.uuid('MARKET_ID_MISSING'),
  reminderMinutes: minutes.nullable(),
});
export type AbandonedSettingsInput = z.input<typeof abandonedSettingsSchema>;

export const abandonedSettingsViewSchema = z.strictObject({
  marketId: idSchema,
  reminderMinutes: intSchema.nullable(),
});
export type AbandonedSettings = z.infer<typeof abandonedSettingsViewSchema>;

/** A recovery link's token: the checkout id and its signature. */
export const recoveryTokenSchema = z.string('NOT_FOUND').regex(/^[0-9a-f-]{36}\.[A-Za-z0-9_-]{16,64}$/, 'NOT_FOUND');

/** POST /Basket/recover: the recovery link's lines into the visitor's basket in that store. */
export const recoverBasketSchema = z.strictObject({
  marketId: z.uuid('NOT_FOUND'),
  token: recoveryTokenSchema,
  uniqueCode: uniqueCodeSchema,
});
export type RecoverBasketInput = z.input<typeof recoverBasketSchema>;

export const recoveredBasketSchema = z.strictObject({
  basket: basketSchema,
  /** Lines that could not be put back whole: sold out, off sale or gone. */
  unavailable: z.array(
    z.strictObject({ title: z.string(), variantTitle: z.string().nullable(), requested: intSchema, added: intSchema }),
  ),
});
export type RecoveredBasket = z.infer<typeof recoveredBasketSchema>;
