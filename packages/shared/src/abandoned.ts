import { z } from 'zod';
import { type Basket, type PaymentStatus, uniqueCodeSchema } from './commerce.js';

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
  page: z.coerce
    .number('invalidValue')
    .int('invalidValue')
    .min(1, 'invalidValue')
    .max(100_000, 'invalidValue')
    .default(1),
  pageSize: z.coerce
    .number('invalidValue')
    .int('invalidValue')
    .min(1, 'invalidValue')
    .max(abandonedLimits.pageSize.max, 'invalidValue')
    .default(abandonedLimits.pageSize.default),
});
export type AbandonedListQuery = z.input<typeof abandonedListQuerySchema>;

export interface AbandonedLine {
  productId: string | null;
  variantId: string | null;
  title: string;
  variantTitle: string | null;
  imageUrl: string | null;
  unitPrice: number;
  quantity: number;
  lineTotal: number;
}

export interface AbandonedCheckout {
  id: string;
  email: string;
  phone: string | null;
  /** From the delivery address, when the shopper got that far. */
  customerName: string | null;
  /** The shopper's language: the reminder is written in it. */
  language: string;
  /** Set when the shopper placed the order but did not pay it. */
  orderName: string | null;
  paymentStatus: PaymentStatus;
  items: AbandonedLine[];
  itemCount: number;
  subtotal: number;
  shippingPrice: number;
  total: number;
  currency: 'AZN';
  createdAt: string;
  /** The shopper's last activity. */
  updatedAt: string;
  reminderSentAt: string | null;
  /** When the reminder will go out; null once sent, or when reminders are off or it is recovered. */
  reminderDueAt: string | null;
  recoveredAt: string | null;
  /** The storefront link that puts the lines back into a cart. */
  recoveryUrl: string;
}

/** GET /AbandonedCheckout/all: a page of checkouts, and the market's reminder setting. */
export interface AbandonedCheckoutPage {
  items: AbandonedCheckout[];
  total: number;
  page: number;
  pageSize: number;
  /** Minutes after which the reminder goes out; null = reminders off. */
  reminderMinutes: number | null;
}

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

export interface AbandonedSettings {
  marketId: string;
  reminderMinutes: number | null;
}

/** A recovery link's token: the checkout id and its signature. */
export const recoveryTokenSchema = z.string('NOT_FOUND').regex(/^[0-9a-f-]{36}\.[A-Za-z0-9_-]{16,64}$/, 'NOT_FOUND');

/** POST /Basket/recover: the recovery link's lines into the visitor's basket in that store. */
export const recoverBasketSchema = z.strictObject({
  marketId: z.uuid('NOT_FOUND'),
  token: recoveryTokenSchema,
  uniqueCode: uniqueCodeSchema,
});
export type RecoverBasketInput = z.input<typeof recoverBasketSchema>;

export interface RecoveredBasket {
  basket: Basket;
  /** Lines that could not be put back whole: sold out, off sale or gone. */
  unavailable: { title: string; variantTitle: string | null; requested: number; added: number }[];
}
