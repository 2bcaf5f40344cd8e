import type { BundleTemplate, CodeValueType, DiscountKind } from '@shop/shared';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { products } from './catalog.js';
import { markets } from './market.js';

/**
 * Discounts (decision 018): pop-ups, bundles and discount codes in one table, a kind's own
 * columns null for the others. Owned by modules/discount.
 */
export const discounts = pgTable(
  'discounts',
  {
    id: uuid().primaryKey().defaultRandom(),
    marketId: uuid()
      .notNull()
      .references(() => markets.id, { onDelete: 'cascade' }),
    kind: text().$type<DiscountKind>().notNull(),
    /** Pop-up and bundle: what the shopper reads first. */
    title: text(),
    /** Pop-up. */
    subtitle: text(),
    imageUrl: text(),
    /** Bundle: the merchant's own name for it, and its block's texts and looks. */
    name: text(),
    headerTitle: text(),
    footerText: text(),
    buttonText: text(),
    template: text().$type<BundleTemplate>(),
    colour: text(),
    /** How long before its end the bundle's countdown shows. */
    timerSeconds: integer(),
    highlight: boolean(),
    /** Code: as the merchant typed it, and the form it is found by (normalizeDiscountCode). */
    code: text(),
    codeKey: text(),
    valueType: text().$type<CodeValueType>(),
    /** 1–99: pop-up, bundle, a percent code. */
    percent: integer(),
    /** Qəpik: an amount code. */
    amountOff: integer(),
    minSubtotal: integer(),
    usageLimit: integer(),
    perCustomerLimit: integer(),
    /** Paid orders that used the code. */
    used: integer().notNull().default(0),
    startsAt: timestamp({ withTimezone: true }),
    endsAt: timestamp({ withTimezone: true }),
    active: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('discounts_market_kind_idx').on(t.marketId, t.kind, t.createdAt),
    // A code is found by its normalised form, once per store.
    uniqueIndex('discounts_market_code_key').on(t.marketId, t.codeKey).where(sql`${t.codeKey} is not null`),
  ],
);

/** A bundle's products, in the merchant's order. */
export const discountProducts = pgTable(
  'discount_products',
  {
    discountId: uuid()
      .notNull()
      .references(() => discounts.id, { onDelete: 'cascade' }),
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    marketId: uuid()
      .notNull()
      .references(() => markets.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.discountId, t.productId] }),
    // The bundles a product page shows.
    index('discount_products_product_idx').on(t.productId),
  ],
);
