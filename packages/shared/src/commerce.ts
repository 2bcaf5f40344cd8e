import { z } from 'zod';
import { moneySchema } from './catalog.js';
import { discountCodeSchema } from './discounts.js';
import type { MessageKey } from './messages.js';
import { isRegionCode } from './regions.js';
import { currencySchema, idSchema, intSchema, timestampSchema } from './responses.js';
import { phoneSchema } from './user.js';

/** Shopping contracts: basket, checkout, shipping tariffs, orders and payments (SPEC §3, §5, §7). */

export const commerceLimits = {
  /** Units of one line in a basket. */
  lineQuantity: 999,
  basketLines: 100,
  /** Minutes a checkout holds its units before they return to stock. */
  reservationMinutes: 15,
  name: 100,
  address: 200,
  postCode: 20,
  note: 1000,
  tariffs: 50,
} as const;

/** The visitor id (SPEC §3 uniqueCode): a browser fingerprint hash or a random id. */
export const uniqueCodeSchema = z
  .string('INVALID_SESSION_OR_STORE')
  .regex(/^[A-Za-z0-9_-]{8,128}$/, 'INVALID_SESSION_OR_STORE');

const id = z.uuid('NOT_FOUND');
const quantitySchema = z
  .number('invalidQuantity')
  .int('invalidQuantity')
  .min(1, 'invalidQuantity')
  .max(commerceLimits.lineQuantity, 'invalidQuantity');

export const addToBasketSchema = z.strictObject({
  marketId: id,
  uniqueCode: uniqueCodeSchema,
  productId: id,
  variantId: id.nullish(),
  quantity: quantitySchema.default(1),
});
export type AddToBasketInput = z.input<typeof addToBasketSchema>;

/** PUT /Basket/update-quantity: sets a line's quantity. */
export const updateBasketItemSchema = z.strictObject({
  marketId: id,
  uniqueCode: uniqueCodeSchema,
  basketItemId: id,
  quantity: quantitySchema,
});
export type UpdateBasketItemInput = z.input<typeof updateBasketItemSchema>;

export const basketLineSchema = z.strictObject({
  id: idSchema,
  productId: idSchema,
  variantId: idSchema.nullable(),
  title: z.string(),
  /** The variant's option values joined ("M / Red"), null without variants. */
  variantTitle: z.string().nullable(),
  imageUrl: z.string().nullable(),
  unitPrice: intSchema,
  compareAtPrice: intSchema.nullable(),
  quantity: intSchema,
  lineTotal: intSchema,
  /** Units a shopper can still buy; null when not limited (not tracked or sold when out). */
  available: intSchema.nullable(),
  /** The bundle whose price this line's units (`bundleUnits` of them) are sold at, if any. */
  bundleId: idSchema.nullable(),
  bundleUnits: intSchema,
  /** Qəpik the line's discounts take off (its bundle price and its share of the cart discount). */
  discount: intSchema,
});
export type BasketLine = z.infer<typeof basketLineSchema>;

/**
 * The cart discount applied to a basket or a checkout (decision 018): an accepted pop-up or a
 * typed code — one at most. `amount` is what it takes off (0 while the cart is below its
 * minimum, `belowMinimum`).
 */
export const appliedDiscountSchema = z.strictObject({
  id: idSchema,
  kind: z.enum(['popup', 'code']),
  /** The code as the merchant wrote it; null for a pop-up. */
  code: z.string().nullable(),
  /** The pop-up's title; null for a code. */
  title: z.string().nullable(),
  percent: intSchema.nullable(),
  amountOff: intSchema.nullable(),
  minSubtotal: intSchema.nullable(),
  amount: intSchema,
  belowMinimum: z.boolean(),
});
export type AppliedDiscount = z.infer<typeof appliedDiscountSchema>;

export const basketSchema = z.strictObject({
  id: idSchema,
  marketId: idSchema,
  uniqueCode: z.string(),
  items: z.array(basketLineSchema),
  itemCount: intSchema,
  /** Before discounts. */
  subtotal: intSchema,
  /** What bundle prices take off. */
  bundleDiscount: intSchema,
  /** The pop-up the visitor accepted, as it applies now (null: none, or no longer live). */
  discount: appliedDiscountSchema.nullable(),
  /** Bundle prices and the cart discount together. */
  discountTotal: intSchema,
  /** subtotal − discountTotal: what the goods cost before delivery. */
  total: intSchema,
  currency: currencySchema,
});
export type Basket = z.infer<typeof basketSchema>;

/** POST /Basket/accept-popup: the visitor accepted the store's live pop-up; its percent applies to the cart. */
export const acceptPopupSchema = z.strictObject({
  marketId: id,
  uniqueCode: uniqueCodeSchema,
  popupId: id,
});
export type AcceptPopupInput = z.input<typeof acceptPopupSchema>;

/**
 * POST /Basket/add-bundle: one of each of a live bundle's products into the cart; a product with
 * variants needs the chosen variant (`variants[productId]`). The price is the server's.
 */
export const addBundleSchema = z.strictObject({
  marketId: id,
  uniqueCode: uniqueCodeSchema,
  bundleId: id,
  variants: z.record(z.uuid('chooseVariant'), z.uuid('chooseVariant')).default({}),
});
export type AddBundleInput = z.input<typeof addBundleSchema>;

/** POST /Basket/discount-code: a code typed at checkout (null or empty: take it off). */
export const applyDiscountCodeSchema = z.strictObject({
  checkoutId: id,
  uniqueCode: uniqueCodeSchema,
  code: z.union([z.literal('').transform(() => null), discountCodeSchema]).nullable(),
});
export type ApplyDiscountCodeInput = z.input<typeof applyDiscountCodeSchema>;

/** A required text; `missing` says what the field needs (SPEC §5 Checkout), e.g. "Enter the city". */
const text = (max: number, missing: MessageKey = 'required') =>
  z.string(missing).trim().min(1, missing).max(max, 'tooLong');
const optionalText = (max: number) =>
  z
    .string('invalidValue')
    .trim()
    .max(max, 'tooLong')
    .nullish()
    .transform((v) => v || undefined);

/** SPEC §3 Address with the required fields of SPEC §5 Checkout. */
export const addressSchema = z.strictObject({
  firstName: text(commerceLimits.name, 'firstNameRequired'),
  lastName: text(commerceLimits.name, 'lastNameRequired'),
  address1: text(commerceLimits.address, 'address1Required'),
  address2: optionalText(commerceLimits.address),
  country: z.literal('AZ', 'required').default('AZ'),
  city: text(commerceLimits.name, 'cityRequired'),
  region: z.string('regionRequired').refine(isRegionCode, 'regionRequired'),
  postCode: text(commerceLimits.postCode, 'postCodeRequired'),
  phone: z.union([phoneSchema, z.literal('').transform(() => undefined)]).optional(),
});
export type AddressInput = z.input<typeof addressSchema>;
/** An address as an order keeps it and the API answers it (addressViewSchema below). */
export type Address = z.infer<typeof addressViewSchema>;

/** POST /Basket/confirm: the shopper's contact, addresses, delivery tariff and note. */
export const confirmCheckoutSchema = z.strictObject({
  checkoutId: id,
  uniqueCode: uniqueCodeSchema,
  email: z
    .email({ error: (issue) => (issue.input === undefined || issue.input === '' ? 'emailRequired' : 'invalidEmail') })
    .max(254, 'tooLong'),
  phone: phoneSchema,
  shippingAddress: addressSchema,
  billingSameAsShipping: z.boolean().default(true),
  billingAddress: addressSchema.nullish(),
  shippingTariffId: z.uuid('tariffRequired'),
  note: optionalText(commerceLimits.note),
});
export type ConfirmCheckoutInput = z.input<typeof confirmCheckoutSchema>;

/** POST /Order: places the confirmed checkout at the total the shopper saw. */
/** How a shopper pays: by card now, or in cash to the courier (where the store offers it). */
export const PAYMENT_METHODS = ['card', 'cash'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const placeOrderSchema = z.strictObject({
  checkoutId: id,
  uniqueCode: uniqueCodeSchema,
  /** The total shown to the shopper, in qəpik: a different total is never charged. */
  expectedTotal: moneySchema,
  /** Card unless said otherwise; cash only where the checkout offers it (`cashOnDelivery`). */
  paymentMethod: z.enum(PAYMENT_METHODS, 'invalidValue').optional(),
});
export type PlaceOrderInput = z.input<typeof placeOrderSchema>;

/** POST /Payment/start: a payment attempt for a placed order. */
export const startPaymentSchema = z.strictObject({
  orderId: id,
  uniqueCode: uniqueCodeSchema,
});
export type StartPaymentInput = z.input<typeof startPaymentSchema>;

export const paymentStatusSchema = z.enum(['unpaid', 'pending', 'paid', 'failed', 'canceled']);
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;
export const fulfillmentStatusSchema = z.enum(['unfulfilled', 'partial', 'fulfilled']);
export type FulfillmentStatus = z.infer<typeof fulfillmentStatusSchema>;

/** An address as stored with an order (what addressSchema made of the shopper's input). */
export const addressViewSchema = z.strictObject({
  firstName: z.string(),
  lastName: z.string(),
  address1: z.string(),
  address2: z.string().optional(),
  country: z.literal('AZ'),
  city: z.string(),
  region: z.string(),
  postCode: z.string(),
  phone: z.string().optional(),
});

export const checkoutLineSchema = z.strictObject({
  id: idSchema,
  productId: idSchema.nullable(),
  variantId: idSchema.nullable(),
  title: z.string(),
  variantTitle: z.string().nullable(),
  sku: z.string().nullable(),
  imageUrl: z.string().nullable(),
  unitPrice: intSchema,
  compareAtPrice: intSchema.nullable(),
  quantity: intSchema,
  /** unitPrice × quantity, before discounts. */
  lineTotal: intSchema,
  /** The bundle whose price `bundleUnits` of the units were sold at, and its title then. */
  bundleId: idSchema.nullable(),
  bundleTitle: z.string().nullable(),
  bundleUnits: intSchema,
  /** Qəpik the discounts take off this line: its bundle price and its share of the cart discount. */
  discount: intSchema,
  /** lineTotal − discount: what the shopper pays for the line, the most a refund of it returns. */
  paid: intSchema,
});
export type CheckoutLine = z.infer<typeof checkoutLineSchema>;

/** Why a payment goes back by itself. */
export const paymentReturnCauseSchema = z.enum([
  'already_paid',
  'order_canceled',
  'amount_mismatch',
  'out_of_stock',
  /** The hold of its discount code ran out and the code's uses were taken meanwhile. */
  'code_used_up',
]);
export type PaymentReturnCause = z.infer<typeof paymentReturnCauseSchema>;

export const returnedPaymentSchema = z.strictObject({
  amount: intSchema,
  cardMask: z.string().nullable(),
  cause: paymentReturnCauseSchema,
  /** Given back (the provider confirmed); false while on its way or when the provider refused. */
  returned: z.boolean(),
});
export type ReturnedPayment = z.infer<typeof returnedPaymentSchema>;

/** A checkout, and the order it becomes once placed (number set). */
export const checkoutSchema = z.strictObject({
  id: idSchema,
  marketId: idSchema,
  marketName: z.string(),
  number: intSchema.nullable(),
  name: z.string().nullable(),
  paymentStatus: paymentStatusSchema,
  fulfillmentStatus: fulfillmentStatusSchema,
  email: z.string().nullable(),
  phone: z.string().nullable(),
  shippingAddress: addressViewSchema.nullable(),
  billingAddress: addressViewSchema.nullable(),
  note: z.string().nullable(),
  shippingTariffId: idSchema.nullable(),
  shippingName: z.string().nullable(),
  items: z.array(checkoutLineSchema),
  /** Total weight in grams of the lines, for weight-conditioned tariffs. */
  weightGrams: intSchema,
  /** Before discounts. */
  subtotal: intSchema,
  /** What bundle prices take off. */
  bundleDiscount: intSchema,
  /** The cart discount (an accepted pop-up or a code), if any. */
  discount: appliedDiscountSchema.nullable(),
  /** Bundle prices and the cart discount together. */
  discountTotal: intSchema,
  shippingPrice: intSchema,
  /** subtotal − discountTotal + shippingPrice (+ cashFee when paid in cash): what is charged. */
  total: intSchema,
  paymentMethod: z.enum(PAYMENT_METHODS),
  /** The cash-on-delivery fee in the total (0 unless placed to pay in cash). */
  cashFee: intSchema,
  /**
   * Cash on delivery while the checkout can still choose it: the store's fee and the delivery
   * tariffs it goes with (null: every one); null when the store does not offer it (or once placed).
   */
  cashOnDelivery: z.strictObject({ fee: intSchema, tariffIds: z.array(idSchema).nullable() }).nullable(),
  currency: currencySchema,
  reservedUntil: timestampSchema,
  placedAt: timestampSchema.nullable(),
  paidAt: timestampSchema.nullable(),
  cardMask: z.string().nullable(),
  /**
   * Payments the order could not take, given back by themselves (GET /Order/status only): a
   * second payment of a paid order, a payment of one canceled meanwhile, one for the wrong
   * amount, or one whose units sold out while the shopper paid.
   */
  returnedPayments: z.array(returnedPaymentSchema).optional(),
});
export type Checkout = z.infer<typeof checkoutSchema>;

/** POST /Payment/start: where the shopper's browser goes to pay, and the attempt's id. */
export const paymentStartedSchema = z.strictObject({ redirectUrl: z.string(), paymentId: idSchema });
export type PaymentStarted = z.infer<typeof paymentStartedSchema>;

/** POST /Payment/result/{provider}: the result was read; `applied` when it changed an order. */
export const paymentCallbackSchema = z.strictObject({ received: z.literal(true), applied: z.boolean() });

/**
 * Why a card payment did not go through, as the merchant reads it on the order's timeline
 * (payment_failed's `cause`, shown in the merchant's language). Each provider maps its own codes
 * (apps/server platform/payments); a code it does not know has no cause, and the timeline shows
 * the provider's own words instead.
 */
export const PAYMENT_FAILURE_CAUSES = [
  'declined',
  'insufficient_funds',
  'card_expired',
  'invalid_card',
  'restricted_card',
  'suspected_fraud',
  'lost_or_stolen',
  'limit_exceeded',
  'not_permitted',
  'contact_bank',
  'pin_error',
  'invalid_amount',
  'canceled_by_shopper',
  'amount_mismatch',
  'provider_error',
] as const;
export type PaymentFailureCause = (typeof PAYMENT_FAILURE_CAUSES)[number];

// Shipping tariffs (SPEC §3 Shipping rate; cp shipping-and-delivery)

export const TARIFF_TYPES = ['flat', 'custom'] as const;
export const TARIFF_CONDITIONS = ['none', 'order_total', 'weight'] as const;
export type TariffType = (typeof TARIFF_TYPES)[number];
export type TariffCondition = (typeof TARIFF_CONDITIONS)[number];

const bound = z.number('invalidValue').int('invalidValue').min(0, 'invalidValue').max(1_000_000_000, 'invalidValue');

const tariffFields = z.strictObject({
  marketId: id,
  name: text(commerceLimits.name),
  description: optionalText(500),
  type: z.enum(TARIFF_TYPES, 'invalidValue').default('flat'),
  price: moneySchema.default(0),
  isFree: z.boolean().default(false),
  condition: z.enum(TARIFF_CONDITIONS, 'invalidValue').default('none'),
  conditionMin: bound.nullish(),
  conditionMax: bound.nullish(),
  regions: z
    .array(z.string().refine(isRegionCode, 'regionRequired'))
    .max(200, 'tooMany')
    .default([])
    .transform((codes) => [...new Set(codes)]),
  fulfilmentLocation: optionalText(commerceLimits.address),
  minDays: z.number('invalidValue').int('invalidValue').min(0, 'invalidValue').max(365, 'invalidValue').nullish(),
  maxDays: z.number('invalidValue').int('invalidValue').min(0, 'invalidValue').max(365, 'invalidValue').nullish(),
  active: z.boolean().default(true),
});

type TariffShape = z.output<typeof tariffFields>;

function checkTariff(t: TariffShape, ctx: z.RefinementCtx) {
  const issue = (path: string, message: MessageKey) => ctx.addIssue({ code: 'custom', path: [path], message });
  if (t.type === 'custom' && t.condition === 'none') issue('condition', 'required');
  if (t.type === 'flat' && t.condition !== 'none') issue('condition', 'invalidValue');
  if (t.condition !== 'none' && t.conditionMin == null && t.conditionMax == null) issue('conditionMin', 'required');
  if (t.conditionMin != null && t.conditionMax != null && t.conditionMin > t.conditionMax) {
    issue('conditionMax', 'invalidRange');
  }
  if (t.minDays != null && t.maxDays != null && t.minDays > t.maxDays) issue('maxDays', 'invalidRange');
}

export const createTariffSchema = tariffFields.superRefine(checkTariff);
export type CreateTariffInput = z.input<typeof createTariffSchema>;
export const updateTariffSchema = tariffFields.extend({ id }).superRefine(checkTariff);
export type UpdateTariffInput = z.input<typeof updateTariffSchema>;

export const shippingTariffSchema = z.strictObject({
  id: idSchema,
  marketId: idSchema,
  name: z.string(),
  description: z.string().nullable(),
  type: z.enum(TARIFF_TYPES),
  price: intSchema,
  isFree: z.boolean(),
  condition: z.enum(TARIFF_CONDITIONS),
  conditionMin: intSchema.nullable(),
  conditionMax: intSchema.nullable(),
  regions: z.array(z.string()),
  fulfilmentLocation: z.string().nullable(),
  minDays: intSchema.nullable(),
  maxDays: intSchema.nullable(),
  active: z.boolean(),
});
export type ShippingTariff = z.infer<typeof shippingTariffSchema>;

/** A tariff a checkout may choose, with what it costs this order. */
export const checkoutTariffSchema = shippingTariffSchema.extend({ shippingPrice: intSchema });
export type CheckoutTariff = z.infer<typeof checkoutTariffSchema>;

/** What a tariff costs: nothing when free. */
export function tariffPrice(tariff: Pick<ShippingTariff, 'price' | 'isFree'>): number {
  return tariff.isFree ? 0 : tariff.price;
}

/**
 * Whether a tariff can deliver this order: active, its zone holds the region (an empty zone is
 * everywhere) and the order's total or weight is within its condition. Checkout and the server
 * both decide with this function.
 */
export function tariffApplies(
  tariff: Pick<ShippingTariff, 'active' | 'regions' | 'condition' | 'conditionMin' | 'conditionMax'>,
  order: { region: string; subtotal: number; weightGrams: number },
): boolean {
  if (!tariff.active) return false;
  if (tariff.regions.length > 0 && !tariff.regions.includes(order.region)) return false;
  if (tariff.condition === 'none') return true;
  const value = tariff.condition === 'order_total' ? order.subtotal : order.weightGrams;
  if (tariff.conditionMin != null && value < tariff.conditionMin) return false;
  if (tariff.conditionMax != null && value > tariff.conditionMax) return false;
  return true;
}

// Analytics integrations (SPEC §7 Market add-*-id; §8 Analytics messages)

export const ANALYTICS_KINDS = ['facebook', 'yandex', 'google', 'clarity'] as const;
export type AnalyticsKind = (typeof ANALYTICS_KINDS)[number];

export const analyticsIdsSchema = z.strictObject({
  facebookPixelId: z.string().nullable(),
  yandexMetricaId: z.string().nullable(),
  googleAnalyticsId: z.string().nullable(),
  clarityId: z.string().nullable(),
});
export type AnalyticsIds = z.infer<typeof analyticsIdsSchema>;

// The test cards of the sandbox provider (DESIGN §5): anything else is declined.
export const SANDBOX_CARDS = {
  approve: '4242424242424242',
  decline: '4000000000000002',
  insufficientFunds: '4000000000009995',
} as const;
