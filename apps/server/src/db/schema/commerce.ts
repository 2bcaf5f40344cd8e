import type { PaymentMethod, PaymentReturnCause } from '@shop/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { products, productVariants } from './catalog.js';
import { discounts } from './discount.js';
import { markets } from './market.js';

/**
 * Shopping: baskets, shipping tariffs, orders (a checkout is an order without a number yet),
 * their lines and payment attempts. Every row carries market_id (DESIGN §4).
 */

/** One basket per (market, visitor). Prices are never stored here: they are read live. */
export const baskets = pgTable(
  'baskets',
  {
    id: uuid().primaryKey().defaultRandom(),
    marketId: uuid()
      .notNull()
      .references(() => markets.id, { onDelete: 'cascade' }),
    /** The visitor id (SPEC §3 uniqueCode). */
    uniqueCode: text().notNull(),
    /**
     * The pop-up the visitor accepted (decision 018): its percent comes off the cart while it is
     * live. No foreign key: a deleted pop-up simply stops applying, and deleting one touches no basket.
     */
    popupId: uuid(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('baskets_market_visitor_key').on(t.marketId, t.uniqueCode)],
);

export const basketItems = pgTable(
  'basket_items',
  {
    id: uuid().primaryKey().defaultRandom(),
    basketId: uuid()
      .notNull()
      .references(() => baskets.id, { onDelete: 'cascade' }),
    // The market through its parent row (whose key cascades from the market): a key of its own
    // was checked — a look-up and a lock of the market's row — on every insert (migration 0036).
    marketId: uuid().notNull(),
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    variantId: uuid().references(() => productVariants.id, { onDelete: 'cascade' }),
    quantity: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One line per sellable unit: adding the same one again raises the quantity.
    uniqueIndex('basket_items_unit_key').on(
      t.basketId,
      t.productId,
      sql`coalesce(${t.variantId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
    ),
  ],
);

export type TariffCondition = 'none' | 'order_total' | 'weight';

export const shippingTariffs = pgTable(
  'shipping_tariffs',
  {
    id: uuid().primaryKey().defaultRandom(),
    marketId: uuid()
      .notNull()
      .references(() => markets.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    description: text(),
    /** flat: one price for every order; custom: the price applies only within the condition. */
    type: text().$type<'flat' | 'custom'>().notNull().default('flat'),
    /** Qəpik; 0 with isFree. */
    price: integer().notNull().default(0),
    isFree: boolean().notNull().default(false),
    condition: text().$type<TariffCondition>().notNull().default('none'),
    /** Qəpik for order_total, grams for weight; either bound may be open. */
    conditionMin: integer(),
    conditionMax: integer(),
    /** The zone: region codes (shared/regions.ts) it delivers to; empty means everywhere. */
    regions: jsonb().$type<string[]>().notNull().default([]),
    fulfilmentLocation: text(),
    minDays: integer(),
    maxDays: integer(),
    active: boolean().notNull().default(true),
    position: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('shipping_tariffs_market_idx').on(t.marketId, t.position)],
);

export type PaymentStatus = 'unpaid' | 'pending' | 'paid' | 'failed' | 'canceled';
export type FulfillmentStatus = 'unfulfilled' | 'partial' | 'fulfilled';
/** held: units reserved until reservedUntil; sold: taken from stock; released: given back. */
export type ReservationState = 'held' | 'sold' | 'released';

/** The cart discount an order has, as it applied (shared AppliedDiscount). */
export interface DiscountRecord {
  id: string;
  kind: 'popup' | 'code';
  code: string | null;
  title: string | null;
  percent: number | null;
  amountOff: number | null;
  minSubtotal: number | null;
  amount: number;
  belowMinimum: boolean;
}

export interface AddressRecord {
  firstName: string;
  lastName: string;
  address1: string;
  address2?: string;
  country: string;
  city: string;
  region: string;
  postCode: string;
  phone?: string;
}

/**
 * A checkout while `number` is null; an order once placed. Totals are computed by the server
 * from live prices; the browser's figures are only compared, never trusted.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid().primaryKey().defaultRandom(),
    marketId: uuid()
      .notNull()
      .references(() => markets.id, { onDelete: 'cascade' }),
    basketId: uuid().references(() => baskets.id, { onDelete: 'set null' }),
    uniqueCode: text().notNull(),
    /** 1001, 1002 … per market, given when placed. */
    number: integer(),
    /** The number as shown: prefix + number + suffix of the market's settings at placing. */
    name: text(),
    paymentStatus: text().$type<PaymentStatus>().notNull().default('unpaid'),
    fulfillmentStatus: text().$type<FulfillmentStatus>().notNull().default('unfulfilled'),
    email: text(),
    phone: text(),
    shippingAddress: jsonb().$type<AddressRecord>(),
    billingAddress: jsonb().$type<AddressRecord>(),
    note: text(),
    shippingTariffId: uuid().references(() => shippingTariffs.id, { onDelete: 'set null' }),
    shippingName: text(),
    /** Before discounts. */
    subtotal: integer().notNull().default(0),
    /**
     * The cart discount (an accepted pop-up or a typed code, decision 018): its id, by which a
     * code's uses are counted, and what it was when applied — kept if the discount changes later.
     */
    discountId: uuid().references(() => discounts.id, { onDelete: 'set null' }),
    discount: jsonb().$type<DiscountRecord>(),
    /** What bundle prices took off, and every discount together (bundles and the cart discount). */
    bundleDiscount: integer().notNull().default(0),
    discountTotal: integer().notNull().default(0),
    shippingPrice: integer().notNull().default(0),
    /** How the shopper pays: 'card', or 'cash' on delivery (placed unpaid, its units taken). */
    paymentMethod: text().$type<PaymentMethod>().notNull().default('card'),
    /** The cash-on-delivery fee, in the total when paid in cash. */
    cashFee: integer().notNull().default(0),
    /** subtotal − discountTotal + shippingPrice + cashFee. */
    total: integer().notNull().default(0),
    currency: text().notNull().default('AZN'),
    /** The shopper's language: e-mails and pages for this order use it. */
    language: text().notNull().default('az'),
    reservation: text().$type<ReservationState>().notNull().default('held'),
    reservedUntil: timestamp({ withTimezone: true }).notNull(),
    cardMask: text(),
    paidAt: timestamp({ withTimezone: true }),
    placedAt: timestamp({ withTimezone: true }),
    confirmationSentAt: timestamp({ withTimezone: true }),
    /** Given back to the shopper so far, qəpik; never more than total. */
    refundedAmount: integer().notNull().default(0),
    /** Closed by hand in the panel (archived), else closed by the rules of OrderDetails.closed. */
    archivedAt: timestamp({ withTimezone: true }),
    fulfilledAt: timestamp({ withTimezone: true }),
    canceledAt: timestamp({ withTimezone: true }),
    /** Abandoned checkouts: when the reminder went out, and when the checkout was paid after all. */
    reminderSentAt: timestamp({ withTimezone: true }),
    recoveredAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_market_number_key').on(t.marketId, t.number),
    // The lists' and the dashboard's indexes (partial, with INCLUDE) live in migrations
    // 0007_order_indexes, 0011 and 0014_discount_sales: the schema DSL can't express them.
    index('orders_held_idx').on(t.reservedUntil).where(sql`${t.reservation} = 'held'`),
    // A basket's checkouts: every checkout looks for the basket's unplaced one to reuse
    // (checkout/service.ts), and deleting a basket (with its market) sets theirs to null.
    // Without it each checkout read every order of the platform.
    index('orders_basket_idx').on(t.basketId),
    // A code's uses (discount/offers.ts): the orders holding one now (a small set: rows leave it
    // when paid or released), and one shopper's orders with it (its per-e-mail limit).
    index('orders_discount_held_idx')
      .on(t.discountId)
      .where(sql`${t.discountId} is not null and ${t.reservation} = 'held'`),
    index('orders_discount_email_idx').on(t.discountId, t.email).where(sql`${t.discountId} is not null`),
    // Paid orders whose confirmation e-mail has not gone out yet (the retry job's queue; an
    // order leaves it when its confirmation is sent).
    index('orders_confirmation_due_idx')
      .on(t.paidAt)
      .where(sql`${t.confirmationSentAt} is null and ${t.email} is not null and ${t.paymentStatus} = 'paid'`),
    // Orders placed to pay in cash on delivery whose confirmation has not gone out yet (confirmed
    // when placed, not when paid).
    index('orders_cash_confirmation_due_idx')
      .on(t.placedAt)
      .where(
        sql`${t.confirmationSentAt} is null and ${t.email} is not null and ${t.paymentMethod} = 'cash' and ${t.paymentStatus} = 'unpaid'`,
      ),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: uuid().primaryKey().defaultRandom(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    // The market through its parent row (whose key cascades from the market): a key of its own
    // was checked — a look-up and a lock of the market's row — on every insert (migration 0036).
    marketId: uuid().notNull(),
    productId: uuid().references(() => products.id, { onDelete: 'set null' }),
    variantId: uuid().references(() => productVariants.id, { onDelete: 'set null' }),
    /** What the shopper saw and pays for, kept even if the product changes later. */
    title: text().notNull(),
    variantTitle: text(),
    sku: text(),
    imageUrl: text(),
    unitPrice: integer().notNull(),
    compareAtPrice: integer(),
    quantity: integer().notNull(),
    /** Grams per unit at checkout, for weight-conditioned tariffs. */
    weightGrams: integer().notNull().default(0),
    /** Whether stock is tracked for the unit: only then is it reserved and sold. */
    tracked: boolean().notNull(),
    fulfilledQuantity: integer().notNull().default(0),
    /** Units given back to stock by refunds. */
    refundedQuantity: integer().notNull().default(0),
    /**
     * The bundle `bundleUnits` of the units were sold at, and its title then (decision 018). No
     * foreign key: a deleted bundle's sales still group by it, and deleting one touches no order.
     */
    bundleId: uuid(),
    bundleTitle: text(),
    bundleUnits: integer().notNull().default(0),
    /** Qəpik the discounts took off the line: its bundle price and its share of the cart discount. */
    discount: integer().notNull().default(0),
    /** What of `discount` its bundle price took (the rest is its share of the cart discount). */
    bundleDiscount: integer().notNull().default(0),
    /** unit_price × quantity − discount: what the line was paid, the most a refund of it returns. */
    paid: integer().notNull(),
    position: integer().notNull(),
  },
  // Its index (order_id, position) INCLUDE (…) is in migration 0014_discount_sales (first 0007).
  () => [],
);

export type PaymentAttemptStatus = 'started' | 'approved' | 'declined' | 'failed' | 'reversed';

/** One row per attempt to pay an order; the provider's transaction id is unique. */
export const payments = pgTable(
  'payments',
  {
    id: uuid().primaryKey().defaultRandom(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    // The market through its parent row (whose key cascades from the market): a key of its own
    // was checked — a look-up and a lock of the market's row — on every insert (migration 0036).
    marketId: uuid().notNull(),
    provider: text().notNull(),
    amount: integer().notNull(),
    currency: text().notNull().default('AZN'),
    status: text().$type<PaymentAttemptStatus>().notNull().default('started'),
    transaction: text(),
    cardMask: text(),
    /**
     * Why money this attempt took goes back by itself (payment/service.ts): the order was paid
     * already or canceled, the amount differed, or the units were sold meanwhile. Null otherwise.
     */
    returnCause: text().$type<PaymentReturnCause>(),
    /** What goes back, qəpik: what the provider took (with a wrong amount, not `amount`). */
    returnAmount: integer(),
    /** The provider's code and message when it declines or fails. */
    code: text(),
    message: text(),
    /** Where the shopper's browser returns after paying or failing (the shop's own origin). */
    successUrl: text().notNull(),
    errorUrl: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payments_order_idx').on(t.orderId),
    uniqueIndex('payments_provider_transaction_key').on(t.provider, t.transaction),
  ],
);

/**
 * Cash on delivery of a store (issue 14): on or off, its extra fee, the tariffs it goes with
 * (null: all). A store without a row does not offer it. Owned by modules/payment.
 */
export const cashOnDelivery = pgTable('cash_on_delivery', {
  marketId: uuid()
    .primaryKey()
    .references(() => markets.id, { onDelete: 'cascade' }),
  enabled: boolean().notNull().default(false),
  fee: integer().notNull().default(0),
  tariffIds: uuid().array(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** A custom domain of a market; a verified, active one serves its storefront at the root. */
export const marketDomains = pgTable(
  'market_domains',
  {
    id: uuid().primaryKey().defaultRandom(),
    marketId: uuid()
      .notNull()
      .references(() => markets.id, { onDelete: 'cascade' }),
    /** Lowercased host name without port, internationalised labels in punycode (shared normalizeDomain). */
    name: text().notNull(),
    active: boolean().notNull().default(true),
    sslEnabled: boolean().notNull().default(false),
    primary: boolean().notNull().default(false),
    verified: boolean().notNull().default(false),
    /** What the merchant's TXT record must say (DOMAIN_TXT_PREFIX): proof they control the name. */
    verificationToken: text().notNull().default(sql`replace(gen_random_uuid()::text, '-', '')`),
    verifiedAt: timestamp({ withTimezone: true }),
    /** The DNS checks (modules/domain): the last one, and when the job looks again (null: it doesn't). */
    lastCheckedAt: timestamp({ withTimezone: true }),
    nextCheckAt: timestamp({ withTimezone: true }),
    checkAttempts: integer().notNull().default(0),
    /** What the last check found: the TXT record, and the name pointing at us. */
    txtFound: boolean().notNull().default(false),
    pointingFound: boolean().notNull().default(false),
    /** A verified domain's records not found since (the daily look); cleared when found again. */
    missingSince: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('market_domains_name_key').on(t.name),
    index('market_domains_market_idx').on(t.marketId),
    // The check job's queue: domains whose next look has come (verified ones are looked at daily).
    index('market_domains_next_check_idx').on(t.nextCheckAt).where(sql`${t.nextCheckAt} is not null`),
    // One primary per store.
    uniqueIndex('market_domains_primary_key').on(t.marketId).where(sql`${t.primary}`),
  ],
);

/** The order's timeline (cp order details): what happened, when, by whom. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: uuid().primaryKey().defaultRandom(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    // The market through its parent row (whose key cascades from the market): a key of its own
    // was checked — a look-up and a lock of the market's row — on every insert (migration 0036).
    marketId: uuid().notNull(),
    kind: text().notNull(),
    data: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.createdAt)],
);

/** Money given back through the provider's reverse call. */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid().primaryKey().defaultRandom(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    marketId: uuid()
      .notNull()
      .references(() => markets.id, { onDelete: 'cascade' }),
    paymentId: uuid()
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    amount: integer().notNull(),
    status: text().$type<'succeeded' | 'failed'>().notNull(),
    reason: text(),
    /** The provider's message when it refused. */
    message: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('refunds_order_idx').on(t.orderId)],
);

/** Everyone who has paid an order in a market, by e-mail; kept up to date as orders are paid. */
export const customers = pgTable(
  'customers',
  {
    id: uuid().primaryKey().defaultRandom(),
    marketId: uuid()
      .notNull()
      .references(() => markets.id, { onDelete: 'cascade' }),
    /** Lowercased. */
    email: text().notNull(),
    firstName: text(),
    lastName: text(),
    phone: text(),
    /** Agreed to the store's e-mails (its newsletter sign-up, issue 16): when, or null. */
    marketingConsentAt: timestamp({ withTimezone: true }),
    ordersCount: integer().notNull().default(0),
    /** Qəpik, paid orders less refunds. */
    totalSpent: integer().notNull().default(0),
    firstOrderAt: timestamp({ withTimezone: true }),
    lastOrderAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('customers_market_email_key').on(t.marketId, t.email)],
);

/** Storefront page views per market and day, added up in batches (analytics dashboard). */
export const storefrontDailyStats = pgTable(
  'storefront_daily_stats',
  {
    marketId: uuid()
      .notNull()
      .references(() => markets.id, { onDelete: 'cascade' }),
    day: date().notNull(),
    pageViews: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.marketId, t.day] })],
);

/** One row per visitor, market and day: the sessions of the conversion rate. */
export const storefrontSessions = pgTable(
  'storefront_sessions',
  {
    marketId: uuid()
      .notNull()
      .references(() => markets.id, { onDelete: 'cascade' }),
    day: date().notNull(),
    /** A hash of the visitor id: the dashboard only counts them. */
    visitor: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.marketId, t.day, t.visitor] })],
);
