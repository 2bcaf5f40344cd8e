import { z } from 'zod';
import { moneySchema } from './catalog.js';
import type { Address, CheckoutLine, FulfillmentStatus, PaymentStatus } from './commerce.js';

/**
 * Order management in the control panel (SPEC §2 orders, order-details; §4 order states;
 * §7 /Order/market, /Order/{id}, /Order/fulfill, /Order/cancel, /Payment/reverse).
 *
 * Open / closed: an order is closed once it is paid and fully fulfilled, or refunded in full,
 * or canceled; every other placed order is open. The merchant may also archive (close by hand)
 * and unarchive.
 */

export const ORDER_VIEWS = ['all', 'unfulfilled', 'open', 'closed'] as const;
export type OrderView = (typeof ORDER_VIEWS)[number];
export const PAYMENT_STATUSES = ['paid', 'pending', 'failed', 'unpaid', 'canceled'] as const;
export const FULFILLMENT_STATUSES = ['unfulfilled', 'partial', 'fulfilled'] as const;
export const ORDER_SORTS = ['newest', 'oldest', 'total_desc', 'total_asc', 'number_desc', 'number_asc'] as const;
export type OrderSort = (typeof ORDER_SORTS)[number];

export const orderLimits = { pageSize: { default: 50, max: 100 }, search: 100 } as const;

const isoDate = z.iso.date('invalidValue');

/** GET /Order/market?marketId=&…: the list's filters; dates are days in the market's time zone. */
export const orderListQuerySchema = z
  .strictObject({
    marketId: z.uuid('MARKET_ID_MISSING'),
    view: z.enum(ORDER_VIEWS, 'invalidValue').default('all'),
    search: z.string('invalidValue').trim().max(orderLimits.search, 'tooLong').optional(),
    paymentStatus: z.enum(PAYMENT_STATUSES, 'invalidValue').optional(),
    fulfillmentStatus: z.enum(FULFILLMENT_STATUSES, 'invalidValue').optional(),
    from: isoDate.optional(),
    to: isoDate.optional(),
    sort: z.enum(ORDER_SORTS, 'invalidValue').default('newest'),
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
      .max(orderLimits.pageSize.max, 'invalidValue')
      .default(orderLimits.pageSize.default),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['to'], message: 'invalidRange' });
export type OrderListQuery = z.input<typeof orderListQuerySchema>;

export interface OrderListItem {
  id: string;
  number: number;
  /** As shown: prefix + number + suffix. */
  name: string;
  placedAt: string;
  customerName: string | null;
  email: string | null;
  total: number;
  paymentStatus: PaymentStatus;
  fulfillmentStatus: FulfillmentStatus;
  itemCount: number;
  closed: boolean;
  archived: boolean;
}

export type OrderEventKind =
  | 'placed'
  | 'payment_started'
  | 'paid'
  | 'payment_failed'
  | 'fulfilled'
  | 'refunded'
  | 'canceled'
  | 'email_sent'
  | 'archived'
  | 'unarchived';

/** One line of the order's timeline; `data` carries the details of its kind. */
export interface OrderEvent {
  id: string;
  kind: OrderEventKind;
  data: Record<string, unknown>;
  createdAt: string;
}

export interface OrderDetailsLine extends CheckoutLine {
  fulfilledQuantity: number;
  refundedQuantity: number;
}

export interface OrderDetails {
  id: string;
  marketId: string;
  number: number;
  name: string;
  placedAt: string;
  paidAt: string | null;
  paymentStatus: PaymentStatus;
  fulfillmentStatus: FulfillmentStatus;
  closed: boolean;
  archived: boolean;
  email: string | null;
  phone: string | null;
  shippingAddress: Address | null;
  billingAddress: Address | null;
  note: string | null;
  shippingName: string | null;
  items: OrderDetailsLine[];
  subtotal: number;
  shippingPrice: number;
  total: number;
  /** Given back so far; never more than `total`. */
  refundedAmount: number;
  cardMask: string | null;
  language: string;
  events: OrderEvent[];
}

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
