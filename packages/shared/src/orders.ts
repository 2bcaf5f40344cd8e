import { z } from 'zod';
import { moneySchema, pageSchema } from './catalog.js';
import {
  addressViewSchema,
  appliedDiscountSchema,
  checkoutLineSchema,
  type FulfillmentStatus,
  fulfillmentStatusSchema,
  PAYMENT_METHODS,
  type PaymentStatus,
  paymentStatusSchema,
} from './commerce.js';
import { idSchema, intSchema, pageQuery, timestampSchema } from './responses.js';

/**
 * Order management in the control panel (SPEC §2 orders, order-details; §4 order states;
 * §7 /Order/market, /Order/{id}, /Order/fulfill, /Order/cancel, /Payment/reverse).
 *
 * Open / closed: an order is closed once it is paid and fully fulfilled, or refunded in full,
 * or canceled; every other placed order is open. The merchant may also archive (close by hand)
 * and unarchive. A refund in full cancels the order (paymentStatus 'canceled'), so "canceled"
 * covers both. `isOrderClosed` is the rule; the server's SQL says the same (order/service.ts).
 *
 * Views: all — every placed order; open / closed — by that rule; unfulfilled — open orders that
 * are paid and still have units to send (what the merchant has to do next).
 */

export const ORDER_VIEWS = ['all', 'unfulfilled', 'open', 'closed'] as const;
export type OrderView = (typeof ORDER_VIEWS)[number];
export const PAYMENT_STATUSES = ['paid', 'pending', 'failed', 'unpaid', 'canceled'] as const;
export const FULFILLMENT_STATUSES = ['unfulfilled', 'partial', 'fulfilled'] as const;
export const ORDER_SORTS = ['newest', 'oldest', 'total_desc', 'total_asc', 'number_desc', 'number_asc'] as const;
export type OrderSort = (typeof ORDER_SORTS)[number];

export const orderLimits = {
  pageSize: { default: 50, max: 100 },
  search: 100,
  /**
   * A list counts its matches only so far: at least `countCap`, and `countPagesAhead` pages past
   * the page asked for (`OrderListPage.totalCapped` then says there are more). Counting a store's
   * whole history would cost more than the page itself.
   */
  countCap: 1_000,
  countPagesAhead: 10,
} as const;

const isoDate = z.iso.date('invalidValue');

/** Whether an order is closed (see above). */
export function isOrderClosed(order: {
  paymentStatus: PaymentStatus;
  fulfillmentStatus: FulfillmentStatus;
  archived: boolean;
}): boolean {
  return (
    order.archived ||
    order.paymentStatus === 'canceled' ||
    (order.paymentStatus === 'paid' && order.fulfillmentStatus === 'fulfilled')
  );
}

/** The filters of the list and of its CSV export; dates are days in the owner's time zone. */
const orderFilters = {
  marketId: z.uuid('MARKET_ID_MISSING'),
  view: z.enum(ORDER_VIEWS, 'invalidValue').default('all'),
  /** An order number (with or without its prefix, suffix or "#"), part of a customer's name or e-mail. */
  search: z.string('invalidValue').trim().max(orderLimits.search, 'tooLong').optional(),
  paymentStatus: z.enum(PAYMENT_STATUSES, 'invalidValue').optional(),
  fulfillmentStatus: z.enum(FULFILLMENT_STATUSES, 'invalidValue').optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
  sort: z.enum(ORDER_SORTS, 'invalidValue').default('newest'),
};
const datesInOrder = (q: { from?: string; to?: string }) => !q.from || !q.to || q.from <= q.to;

/** GET /Order/market?marketId=&…: the list's filters; dates are days in the market's time zone. */
export const orderListQuerySchema = z
  .strictObject({
    ...orderFilters,
    ...pageQuery(orderLimits.pageSize),
  })
  .refine(datesInOrder, { path: ['to'], message: 'invalidRange' });
export type OrderListQuery = z.input<typeof orderListQuerySchema>;

/** GET /Order/export?marketId=&…: the list's filters and sort, every matching order as CSV. */
export const orderExportQuerySchema = z
  .strictObject(orderFilters)
  .refine(datesInOrder, { path: ['to'], message: 'invalidRange' });
export type OrderExportQuery = z.input<typeof orderExportQuerySchema>;

export const orderListItemSchema = z.strictObject({
  id: idSchema,
  number: intSchema,
  /** As shown: prefix + number + suffix. */
  name: z.string(),
  placedAt: timestampSchema,
  customerName: z.string().nullable(),
  email: z.string().nullable(),
  total: intSchema,
  paymentStatus: paymentStatusSchema,
  fulfillmentStatus: fulfillmentStatusSchema,
  itemCount: intSchema,
  closed: z.boolean(),
  archived: z.boolean(),
});
export type OrderListItem = z.infer<typeof orderListItemSchema>;

/**
 * A page of the list. `total` counts the matches only up to `orderLimits.countCap`, or ten pages
 * past this one when that is more: with `totalCapped` there are more than `total` (show
 * "1 000+", and let the merchant page on: each page further counts further). The last page
 * counts exactly from its own rows.
 */
export const orderListPageSchema = pageSchema(orderListItemSchema).extend({ totalCapped: z.boolean() });
export type OrderListPage = z.infer<typeof orderListPageSchema>;

export const ORDER_EVENT_KINDS = [
  'placed',
  'payment_started',
  'paid',
  'payment_failed',
  'fulfilled',
  'refunded',
  'refund_failed',
  'canceled',
  'email_sent',
  'archived',
  'unarchived',
  'payment_returned',
  'payment_return_failed',
] as const;
export type OrderEventKind = (typeof ORDER_EVENT_KINDS)[number];

/**
 * One line of the order's timeline; `data` carries the details of its kind:
 * - placed: number, name, total · payment_started: paymentId, amount, provider
 * - paid: paymentId, amount, cardMask, cash (true: the merchant collected cash on delivery) · payment_failed: paymentId, code (the provider's), cause
 *   (PaymentFailureCause, null when the provider's code is not one we know), reason (the
 *   provider's words, shown when there is no cause)
 * - fulfilled: items [{ orderItemId, title, variantTitle, quantity }], fulfillmentStatus,
 *   automatic (true when the store fulfils on payment)
 * - refunded: amount, refundedAmount, restock [{ orderItemId, title, variantTitle, quantity }],
 *   reason, full · refund_failed: amount, reason (the provider's words), restock
 * - canceled: reason (the merchant's, with a refund in full), cause ('refunded' | 'out_of_stock' | 'code_used_up')
 * - email_sent: to, subject, mail ('confirmation' | 'fulfillment' | 'refund')
 * - archived / unarchived: nothing
 * - payment_returned: money the order could not take went back by itself — paymentId, amount,
 *   cardMask, cause (PaymentReturnCause) · payment_return_failed: the same and reason (the
 *   provider's words): the merchant must return it by hand
 */
export const orderEventSchema = z.strictObject({
  id: idSchema,
  kind: z.enum(ORDER_EVENT_KINDS),
  data: z.record(z.string(), z.unknown()),
  createdAt: timestampSchema,
});
export type OrderEvent = z.infer<typeof orderEventSchema>;

export const orderDetailsLineSchema = checkoutLineSchema.extend({
  fulfilledQuantity: intSchema,
  refundedQuantity: intSchema,
});
export type OrderDetailsLine = z.infer<typeof orderDetailsLineSchema>;

export const orderDetailsSchema = z.strictObject({
  id: idSchema,
  marketId: idSchema,
  number: intSchema,
  name: z.string(),
  placedAt: timestampSchema,
  paidAt: timestampSchema.nullable(),
  paymentStatus: paymentStatusSchema,
  fulfillmentStatus: fulfillmentStatusSchema,
  closed: z.boolean(),
  archived: z.boolean(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  shippingAddress: addressViewSchema.nullable(),
  billingAddress: addressViewSchema.nullable(),
  note: z.string().nullable(),
  shippingName: z.string().nullable(),
  items: z.array(orderDetailsLineSchema),
  /** Before discounts. */
  subtotal: intSchema,
  /** What bundle prices took off. */
  bundleDiscount: intSchema,
  /** The cart discount the order had (a pop-up or a code), as it applied. */
  discount: appliedDiscountSchema.nullable(),
  /** Every discount together. */
  discountTotal: intSchema,
  shippingPrice: intSchema,
  /** How the shopper pays: by card, or in cash to the courier (then `cashFee` is in the total). */
  paymentMethod: z.enum(PAYMENT_METHODS),
  cashFee: intSchema,
  total: intSchema,
  /** Given back so far; never more than `total`. */
  refundedAmount: intSchema,
  /** What may still be refunded: the approved payment less what was given back (0 unless paid). */
  refundable: intSchema,
  cardMask: z.string().nullable(),
  language: z.string(),
  events: z.array(orderEventSchema),
});
export type OrderDetails = z.infer<typeof orderDetailsSchema>;

const lineQuantities = z
  .array(
    z.strictObject({
      orderItemId: z.uuid('NOT_FOUND'),
      quantity: z.number('invalidQuantity').int('invalidQuantity').min(1, 'invalidQuantity'),
    }),
    'invalidValue',
  )
  .max(250, 'tooMany');

/** PUT /Order/fulfill/{orderId}?marketId=: every remaining unit, or the chosen lines. */
export const fulfillOrderSchema = z.strictObject({
  items: lineQuantities.optional(),
  /** E-mail the shopper (default yes). */
  notify: z.boolean().default(true),
});
export type FulfillOrderInput = z.input<typeof fulfillOrderSchema>;

/**
 * PUT /Order/cancel/{orderId}?marketId= (refund): an amount (default: what is left to refund),
 * the lines whose units come back to stock, and a reason. Never more than was paid.
 */
export const refundOrderSchema = z.strictObject({
  amount: moneySchema.refine((v) => v > 0, 'invalidPrice').optional(),
  restock: lineQuantities.default([]),
  reason: z.string('invalidValue').trim().max(500, 'tooLong').optional(),
  notify: z.boolean().default(true),
});
export type RefundOrderInput = z.input<typeof refundOrderSchema>;

/** PUT /Order/archive/{orderId}?marketId=: closes the order by hand, or opens it again. */
export const archiveOrderSchema = z.strictObject({ archived: z.boolean('invalidValue') });
export type ArchiveOrderInput = z.input<typeof archiveOrderSchema>;

/** Order settings (cp/general): numbering and automatic fulfilment. */
export const orderSettingsSchema = z.strictObject({
  marketId: z.uuid('MARKET_ID_MISSING'),
  orderPrefix: z
    .string('invalidValue')
    .max(10, 'tooLong')
    .regex(/^[^<>"'\s]*$/, 'invalidValue'),
  orderSuffix: z
    .string('invalidValue')
    .max(10, 'tooLong')
    .regex(/^[^<>"'\s]*$/, 'invalidValue'),
  autoFulfill: z.boolean('invalidValue'),
});
export type OrderSettingsInput = z.input<typeof orderSettingsSchema>;

/**
 * The order settings as stored: part of GET /Market/get-store-by-id for the owner, and the
 * answer of PUT /Market/order-settings. `nextOrderNumber` is the number the next order gets
 * (new settings apply to new orders only; numbers go on from where they are).
 */
export const orderSettingsViewSchema = z.strictObject({
  orderPrefix: z.string(),
  orderSuffix: z.string(),
  autoFulfill: z.boolean(),
  nextOrderNumber: intSchema,
});
export type OrderSettings = z.infer<typeof orderSettingsViewSchema>;
