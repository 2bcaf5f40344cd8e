import { z } from 'zod';
import type { MessageKey } from './messages.js';
import { MAX_MINOR } from './money.js';
import { idSchema, intSchema, timestampSchema } from './responses.js';

/**
 * Discounts (SPEC §3 Pop-up, Bundle; §5 Bundle rules; §7 Discount; §8 Discounts; decision 018):
 * a pop-up (a percent off the cart of a visitor who accepts it), a bundle (a percent off up to
 * three products bought together, with a countdown) and a discount code (beyond the spec: a
 * percent or an amount off the cart of a shopper who types it). One entity, three kinds, behind
 * the one API family of SPEC §7.
 */

export const DISCOUNT_KINDS = ['popup', 'bundle', 'code'] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];

/**
 * Where an offer stands now, computed at every read: `inactive` (switched off by the merchant),
 * `scheduled` (starts later), `live`, or `ended` (its end passed: hidden from shoppers, SPEC §4).
 */
export const DISCOUNT_STATUSES = ['inactive', 'scheduled', 'live', 'ended'] as const;
export type DiscountStatus = (typeof DISCOUNT_STATUSES)[number];

/** The bundle block's looks (cp/select-bundle): three visibly different layouts. */
export const BUNDLE_TEMPLATES = ['classic', 'spotlight', 'ribbon'] as const;
export type BundleTemplate = (typeof BUNDLE_TEMPLATES)[number];

export const CODE_VALUE_TYPES = ['percent', 'amount'] as const;
export type CodeValueType = (typeof CODE_VALUE_TYPES)[number];

export const discountLimits = {
  bundleProducts: 3,
  title: 120,
  text: 300,
  buttonText: 40,
  name: 120,
  code: { min: 3, max: 32 },
  /** Discount codes of one store (enough for a season of campaigns; keeps the list one page). */
  perMarket: 500,
  usageLimit: 1_000_000,
  timerDays: 99,
} as const;

const percentSchema = z
  .number('invalidPercent')
  .int('invalidPercent')
  .min(1, 'invalidPercent')
  .max(99, 'invalidPercent');
const text = (max: number, required: MessageKey = 'required') =>
  z.string(required).trim().min(1, required).max(max, 'tooLong');
const optionalText = (max: number) =>
  z
    .string('invalidValue')
    .trim()
    .max(max, 'tooLong')
    .nullish()
    .transform((value) => (value ? value : null));
const instant = z.iso.datetime({ offset: true, message: 'invalidDate' });
const uploadUrl = z.string('invalidValue').max(1024, 'tooLong').startsWith('/uploads/', 'invalidValue');
const marketId = z.uuid('NOT_FOUND');
const amount = z.number('invalidPrice').int('invalidPrice').min(1, 'invalidPrice').max(MAX_MINOR, 'invalidPrice');
const count = (max: number) =>
  z.number('invalidValue').int('invalidValue').min(1, 'invalidValue').max(max, 'invalidValue');

/** The countdown a bundle shows in its last stretch: how long before its end it appears. */
export const timerSchema = z.strictObject({
  days: z
    .number('invalidValue')
    .int('invalidValue')
    .min(0, 'invalidValue')
    .max(discountLimits.timerDays, 'invalidValue'),
  hours: z.number('invalidValue').int('invalidValue').min(0, 'invalidValue').max(23, 'invalidValue'),
  minutes: z.number('invalidValue').int('invalidValue').min(0, 'invalidValue').max(59, 'invalidValue'),
  seconds: z.number('invalidValue').int('invalidValue').min(0, 'invalidValue').max(59, 'invalidValue'),
});
export type Timer = z.infer<typeof timerSchema>;

/** A discount code as typed: letters, digits, dashes and underscores; compared case-insensitively. */
export const discountCodeSchema = z
  .string('codeFormat')
  .trim()
  .regex(new RegExp(`^[\\p{L}\\p{N}_-]{${discountLimits.code.min},${discountLimits.code.max}}$`, 'u'), 'codeFormat');

/**
 * The form a code is found by: upper case, with the dotted and dotless i as one letter (i, İ, ı
 * and I all become I). A shopper types "winter" or "WİNTER" on whichever keyboard they have for a
 * code printed as WINTER; codes are never told apart by that dot.
 */
export function normalizeDiscountCode(code: string): string {
  return code.trim().toLocaleUpperCase('az').replaceAll('İ', 'I');
}

const popupFields = z.strictObject({
  kind: z.literal('popup'),
  marketId,
  title: text(discountLimits.title, 'titleRequired'),
  subtitle: optionalText(discountLimits.text),
  percent: percentSchema,
  startsAt: instant,
  endsAt: instant,
  imageUrl: uploadUrl.nullish().transform((value) => value ?? null),
  active: z.boolean('invalidValue').default(true),
});

const bundleFields = z.strictObject({
  kind: z.literal('bundle'),
  marketId,
  name: text(discountLimits.name, 'allFieldsRequired'),
  title: text(discountLimits.title, 'allFieldsRequired'),
  headerTitle: text(discountLimits.title, 'allFieldsRequired'),
  footerText: text(discountLimits.text, 'allFieldsRequired'),
  buttonText: text(discountLimits.buttonText, 'allFieldsRequired'),
  percent: percentSchema,
  productIds: z
    .array(z.uuid('productNotInStore'), 'bundleProductsRequired')
    .min(1, 'bundleProductsRequired')
    .max(discountLimits.bundleProducts, 'tooManyBundleProducts')
    .refine((ids) => new Set(ids).size === ids.length, 'duplicateValue'),
  template: z.enum(BUNDLE_TEMPLATES, 'invalidValue'),
  colour: z
    .string('invalidColour')
    .regex(/^#[0-9a-fA-F]{6}$/, 'invalidColour')
    .transform((c) => c.toLowerCase()),
  timer: timerSchema,
  highlight: z.boolean('invalidValue').default(false),
  endsAt: instant,
  active: z.boolean('invalidValue').default(true),
});

const codeFields = z.strictObject({
  kind: z.literal('code'),
  marketId,
  code: discountCodeSchema,
  valueType: z.enum(CODE_VALUE_TYPES, 'invalidValue'),
  /** With valueType percent. */
  percent: percentSchema.nullish(),
  /** Qəpik, with valueType amount. */
  amountOff: amount.nullish(),
  /** Qəpik: the cart's subtotal (after bundle prices) must reach it. */
  minSubtotal: amount.nullish(),
  startsAt: instant.nullish(),
  endsAt: instant.nullish(),
  /** Paid orders that may use it in all; null: no limit. */
  usageLimit: count(discountLimits.usageLimit).nullish(),
  /** Paid orders one e-mail address may use it for; null: no limit. */
  perCustomerLimit: count(discountLimits.usageLimit).nullish(),
  active: z.boolean('invalidValue').default(true),
});

type Issue = (path: string, message: MessageKey) => void;
const issuer =
  (ctx: z.RefinementCtx): Issue =>
  (path, message) =>
    ctx.addIssue({ code: 'custom', path: [path], message });

/**
 * The rules a form can know (SPEC §5): an end after its start, and a code's value. "Not in the
 * past" needs the server's clock, so the service checks it (and the form too, with the browser's).
 */
function checkDiscount(d: DiscountData, ctx: z.RefinementCtx) {
  const issue = issuer(ctx);
  if ('startsAt' in d && d.startsAt && d.endsAt && Date.parse(d.endsAt) <= Date.parse(d.startsAt)) {
    issue('endsAt', 'endBeforeStart');
  }
  if (d.kind === 'code') {
    if (d.valueType === 'percent' && d.percent == null) issue('percent', 'invalidPercent');
    if (d.valueType === 'amount' && d.amountOff == null) issue('amountOff', 'invalidPrice');
    if (d.usageLimit != null && d.perCustomerLimit != null && d.perCustomerLimit > d.usageLimit) {
      issue('perCustomerLimit', 'invalidRange');
    }
  }
}

const discountFields = z.discriminatedUnion('kind', [popupFields, bundleFields, codeFields], {
  error: () => ({ message: 'invalidValue', path: ['kind'] }),
});
export type DiscountData = z.output<typeof discountFields>;
export type PopupData = z.output<typeof popupFields>;
export type BundleData = z.output<typeof bundleFields>;
export type CodeData = z.output<typeof codeFields>;

/** POST /Discount and PUT /Discount/{id}: the whole discount (a kind never changes). */
export const discountInputSchema = discountFields.superRefine(checkDiscount);
export type DiscountInput = z.input<typeof discountInputSchema>;

/** GET /Discount/?marketId=: the owner's list, filtered; shoppers get what is live. */
export const discountListQuerySchema = z.strictObject({
  marketId,
  kind: z.enum(DISCOUNT_KINDS, 'invalidValue').optional(),
  status: z.enum(DISCOUNT_STATUSES, 'invalidValue').optional(),
  search: z.string('invalidValue').trim().max(100, 'tooLong').optional(),
});
export type DiscountListQuery = z.input<typeof discountListQuerySchema>;

export const discountMarketQuerySchema = z.strictObject({ marketId });

// Views

const viewBase = {
  id: idSchema,
  marketId: idSchema,
  active: z.boolean(),
  status: z.enum(DISCOUNT_STATUSES),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
};

export const popupViewSchema = z.strictObject({
  ...viewBase,
  kind: z.literal('popup'),
  title: z.string(),
  subtitle: z.string().nullable(),
  percent: intSchema,
  startsAt: timestampSchema,
  endsAt: timestampSchema,
  imageUrl: z.string().nullable(),
});
export type PopupView = z.infer<typeof popupViewSchema>;

/** A product of a bundle as the block shows it: its lowest price, and that price in the bundle. */
export const bundleProductSchema = z.strictObject({
  id: idSchema,
  title: z.string(),
  imageUrl: z.string().nullable(),
  /** Qəpik: the product's lowest price. */
  price: intSchema,
  bundlePrice: intSchema,
  inStock: z.boolean(),
  /** A product with variants is added to the cart from its page, where one is chosen. */
  hasVariants: z.boolean(),
});
export type BundleProduct = z.infer<typeof bundleProductSchema>;

export const bundleViewSchema = z.strictObject({
  ...viewBase,
  kind: z.literal('bundle'),
  name: z.string(),
  title: z.string(),
  headerTitle: z.string(),
  footerText: z.string(),
  buttonText: z.string(),
  percent: intSchema,
  /** In the merchant's order; a shopper sees only those on sale. */
  products: z.array(bundleProductSchema),
  /** Qəpik: the products at their lowest prices, and the same in the bundle. */
  price: intSchema,
  bundlePrice: intSchema,
  template: z.enum(BUNDLE_TEMPLATES),
  colour: z.string(),
  timer: timerSchema,
  highlight: z.boolean(),
  endsAt: timestampSchema,
});
export type BundleView = z.infer<typeof bundleViewSchema>;

export const codeViewSchema = z.strictObject({
  ...viewBase,
  kind: z.literal('code'),
  code: z.string(),
  valueType: z.enum(CODE_VALUE_TYPES),
  percent: intSchema.nullable(),
  amountOff: intSchema.nullable(),
  minSubtotal: intSchema.nullable(),
  startsAt: timestampSchema.nullable(),
  endsAt: timestampSchema.nullable(),
  usageLimit: intSchema.nullable(),
  perCustomerLimit: intSchema.nullable(),
  /** Paid orders that used it. */
  used: intSchema,
});
export type CodeView = z.infer<typeof codeViewSchema>;

export const discountViewSchema = z.discriminatedUnion('kind', [popupViewSchema, bundleViewSchema, codeViewSchema]);
export type DiscountView = z.infer<typeof discountViewSchema>;

/**
 * A percent off an amount in qəpik, rounded to the nearest qəpik (half up): what a unit costs
 * in a bundle, and a pop-up's or a percent code's share of a cart. The server prices with it and
 * the storefront shows the same figure.
 */
export function percentOff(amount: number, percent: number): number {
  return Math.floor((amount * percent + 50) / 100);
}

/**
 * A bundle's figures: each product's price in the bundle (its price less the percent) and the
 * sums with and without it. The server's bundle views and the panel's previews both use it.
 */
export function bundleFigures<P extends { price: number }>(products: readonly P[], percent: number) {
  const items = products.map((p) => ({ ...p, bundlePrice: p.price - percentOff(p.price, percent) }));
  return {
    products: items,
    price: items.reduce((sum, p) => sum + p.price, 0),
    bundlePrice: items.reduce((sum, p) => sum + p.bundlePrice, 0),
  };
}

/** Where an offer stands at `now` (ms), from its fields. */
export function discountStatus(
  d: { active: boolean; startsAt: string | null; endsAt: string | null },
  now: number,
): DiscountStatus {
  if (d.endsAt && Date.parse(d.endsAt) <= now) return 'ended';
  if (!d.active) return 'inactive';
  if (d.startsAt && Date.parse(d.startsAt) > now) return 'scheduled';
  return 'live';
}
