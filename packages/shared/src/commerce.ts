import { z } from 'zod';
import { moneySchema } from './catalog.js';
import type { MessageKey } from './messages.js';
import { isRegionCode } from './regions.js';
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

export interface BasketLine {
  id: string;
  productId: string;
  variantId: string | null;
  title: string;
  /** The variant's option values joined ("M / Red"), null without variants. */
  variantTitle: string | null;
  imageUrl: string | null;
  unitPrice: number;
  compareAtPrice: number | null;
  quantity: number;
  lineTotal: number;
  /** Units a shopper can still buy; null when not limited (not tracked or sold when out). */
  available: number | null;
}

export interface Basket {
  id: string;
  marketId: string;
  uniqueCode: string;
  items: BasketLine[];
  itemCount: number;
  subtotal: number;
  currency: 'AZN';
}

const text = (max: number) => z.string('required').trim().min(1, 'required').max(max, 'tooLong');
const optionalText = (max: number) =>
  z
    .string('invalidValue')
    .trim()
    .max(max, 'tooLong')
    .nullish()
    .transform((v) => v || undefined);

/** SPEC §3 Address with the required fields of SPEC §5 Checkout. */
export const addressSchema = z.strictObject({
  firstName: text(commerceLimits.name),
  lastName: text(commerceLimits.name),
  address1: text(commerceLimits.address),
  address2: optionalText(commerceLimits.address),
  country: z.literal('AZ', 'required').default('AZ'),
  city: text(commerceLimits.name),
  region: z.string('regionRequired').refine(isRegionCode, 'regionRequired'),
  postCode: text(commerceLimits.postCode),
  phone: z.union([phoneSchema, z.literal('').transform(() => undefined)]).optional(),
});
export type AddressInput = z.input<typeof addressSchema>;
export type Address = z.output<typeof addressSchema>;

/** POST /Basket/confirm: the shopper's contact, addresses, delivery tariff and note. */
export const confirmCheckoutSchema = z.strictObject({
  checkoutId: id,
  uniqueCode: uniqueCodeSchema,
  email: z.email('invalidEmail').max(254, 'tooLong'),
  phone: phoneSchema,
  shippingAddress: addressSchema,
  billingSameAsShipping: z.boolean().default(true),
  billingAddress: addressSchema.nullish(),
  shippingTariffId: z.uuid('tariffRequired'),
  note: optionalText(commerceLimits.note),
});
export type ConfirmCheckoutInput = z.input<typeof confirmCheckoutSchema>;

/** POST /Order: places the confirmed checkout at the total the shopper saw. */
export const placeOrderSchema = z.strictObject({
  checkoutId: id,
  uniqueCode: uniqueCodeSchema,
  /** The total shown to the shopper, in qəpik: a different total is never charged. */
  expectedTotal: moneySchema,
});
export type PlaceOrderInput = z.input<typeof placeOrderSchema>;

/** POST /Payment/start: a payment attempt for a placed order. */
export const startPaymentSchema = z.strictObject({
  orderId: id,
  uniqueCode: uniqueCodeSchema,
});
export type StartPaymentInput = z.input<typeof startPaymentSchema>;

export type PaymentStatus = 'unpaid' | 'pending' | 'paid' | 'failed' | 'canceled';
export type FulfillmentStatus = 'unfulfilled' | 'partial' | 'fulfilled';

export interface CheckoutLine {
  id: string;
  productId: string | null;
  variantId: string | null;
  title: string;
  variantTitle: string | null;
  sku: string | null;
  imageUrl: string | null;
  unitPrice: number;
  compareAtPrice: number | null;
  quantity: number;
  lineTotal: number;
}

/** A checkout, and the order it becomes once placed (number set). */
export interface Checkout {
  id: string;
  marketId: string;
  marketName: string;
  number: number | null;
  name: string | null;
  paymentStatus: PaymentStatus;
  fulfillmentStatus: FulfillmentStatus;
  email: string | null;
  phone: string | null;
  shippingAddress: Address | null;
  billingAddress: Address | null;
  note: string | null;
  shippingTariffId: string | null;
  shippingName: string | null;
  items: CheckoutLine[];
  /** Total weight in grams of the lines, for weight-conditioned tariffs. */
  weightGrams: number;
  subtotal: number;
  shippingPrice: number;
  total: number;
  currency: 'AZN';
  reservedUntil: string;
  placedAt: string | null;
  paidAt: string | null;
  cardMask: string | null;
  /**
   * Payments the order could not take, given back by themselves (GET /Order/status only): a
   * second payment of a paid order, a payment of one canceled meanwhile, one for the wrong
   * amount, or one whose units sold out while the shopper paid.
   */
  returnedPayments?: ReturnedPayment[];
}

/** Why a payment goes back by itself. */
export type PaymentReturnCause = 'already_paid' | 'order_canceled' | 'amount_mismatch' | 'out_of_stock';

export interface ReturnedPayment {
  amount: number;
  cardMask: string | null;
  cause: PaymentReturnCause;
  /** Given back (the provider confirmed); false while on its way or when the provider refused. */
  returned: boolean;
}

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

export interface ShippingTariff {
  id: string;
  marketId: string;
  name: string;
  description: string | null;
  type: TariffType;
  price: number;
  isFree: boolean;
  condition: TariffCondition;
  conditionMin: number | null;
  conditionMax: number | null;
  regions: string[];
  fulfilmentLocation: string | null;
  minDays: number | null;
  maxDays: number | null;
  active: boolean;
}

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

export interface AnalyticsIds {
  facebookPixelId: string | null;
  yandexMetricaId: string | null;
  googleAnalyticsId: string | null;
  clarityId: string | null;
}

// The test cards of the sandbox provider (DESIGN §5): anything else is declined.
export const SANDBOX_CARDS = {
  approve: '4242424242424242',
  decline: '4000000000000002',
  insufficientFunds: '4000000000009995',
} as const;
