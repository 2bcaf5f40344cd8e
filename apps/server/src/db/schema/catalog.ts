import { sql } from 'drizzle-orm';
import {
  boolean,
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
import { markets } from './market.js';
import { users } from './user.js';

/** Every catalog row carries market_id (DESIGN §4 tenancy) and is read through it. */

export const categories = pgTable(
  'categories',
  {
    id: uuid().primaryKey().defaultRandom(),
    marketId: uuid()
      .notNull()
      .references(() => markets.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    description: text(),
    imageUrl: text(),
    status: text().$type<'active' | 'passive'>().notNull().default('active'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('categories_market_name_key').on(t.marketId, sql`lower(${t.name})`)],
);

export const products = pgTable(
  'products',
  {
    id: uuid().primaryKey().defaultRandom(),
    marketId: uuid()
      .notNull()
      .references(() => markets.id, { onDelete: 'cascade' }),
    categoryId: uuid()
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    title: text().notNull(),
    /** Sanitized HTML. */
    description: text().notNull(),
    /** Qəpik. With variants: the lowest variant price, so lists sort and show "from". */
    price: integer().notNull(),
    compareAtPrice: integer(),
    trackQuantity: boolean().notNull().default(true),
    continueSelling: boolean().notNull().default(false),
    hasSku: boolean().notNull().default(false),
    sku: text(),
    barcode: text(),
    /** Units on hand; with variants, their sum (kept by the service). */
    stock: integer().notNull().default(0),
    /** Units held by open checkouts; a shopper can buy stock − reserved. */
    reserved: integer().notNull().default(0),
    status: text().$type<'active' | 'passive'>().notNull().default('active'),
    weightGrams: integer(),
    /** Ordered image URLs; the first is the product's picture in lists. */
    images: jsonb().$type<string[]>().notNull(),
    options: jsonb().$type<{ name: string; values: string[] }[]>().notNull().default([]),
    variantCount: integer().notNull().default(0),
    /** Whether a shopper can buy it now: not tracked, sold when out, or units on hand. */
    inStock: boolean().notNull().default(true),
    /** Lowercased title and every SKU: what the list's search matches. */
    searchText: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('products_market_title_key').on(t.marketId, sql`lower(${t.title})`),
    // The list's sort indexes (newest, price; name in 0010_az_collation) cover its filters with
    // INCLUDE, and search has a trigram index: Drizzle can't express either, so they live in
    // migrations 0003_list_indexes and 0010_az_collation.
    index('products_market_category_idx').on(t.marketId, t.categoryId),
  ],
);

export const productVariants = pgTable(
  'product_variants',
  {
    id: uuid().primaryKey().defaultRandom(),
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    marketId: uuid()
      .notNull()
      .references(() => markets.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    /** One value per product option, in the options' order. */
    options: jsonb().$type<string[]>().notNull(),
    price: integer().notNull(),
    compareAtPrice: integer(),
    sku: text(),
    barcode: text(),
    stock: integer().notNull().default(0),
    reserved: integer().notNull().default(0),
    imageUrl: text(),
  },
  (t) => [
    index('product_variants_product_idx').on(t.productId, t.position),
    index('product_variants_market_idx').on(t.marketId),
  ],
);

export const collections = pgTable(
  'collections',
  {
    id: uuid().primaryKey().defaultRandom(),
    marketId: uuid()
      .notNull()
      .references(() => markets.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    description: text(),
    coverImageUrl: text().notNull(),
    status: text().$type<'active' | 'passive'>().notNull().default('active'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('collections_market_idx').on(t.marketId, t.createdAt)],
);

export const collectionProducts = pgTable(
  'collection_products',
  {
    collectionId: uuid()
      .notNull()
      .references(() => collections.id, { onDelete: 'cascade' }),
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    marketId: uuid()
      .notNull()
      .references(() => markets.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.collectionId, t.productId] }),
    index('collection_products_product_idx').on(t.productId),
  ],
);

export const inventoryAdjustments = pgTable(
  'inventory_adjustments',
  {
    id: uuid().primaryKey().defaultRandom(),
    marketId: uuid()
      .notNull()
      .references(() => markets.id, { onDelete: 'cascade' }),
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    variantId: uuid().references(() => productVariants.id, { onDelete: 'cascade' }),
    delta: integer().notNull(),
    stockAfter: integer().notNull(),
    reason: text().notNull(),
    note: text(),
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('inventory_adjustments_product_idx').on(t.productId, t.createdAt)],
);

/**
 * Every stored upload. One that nothing references a day after it was uploaded is removed
 * (files and row) by the cleanup job.
 */
export const media = pgTable(
  'media',
  {
    id: uuid().primaryKey().defaultRandom(),
    ownerId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The public URL of the main rendition, as stored in the rows that use it. */
    url: text().notNull(),
    /** Storage keys of every rendition. */
    keys: jsonb().$type<string[]>().notNull(),
    width: integer().notNull(),
    height: integer().notNull(),
    bytes: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('media_url_key').on(t.url), index('media_created_idx').on(t.createdAt)],
);
