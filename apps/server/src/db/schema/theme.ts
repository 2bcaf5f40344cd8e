import type { PaletteColours, Theme } from '@shop/shared';
import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { markets } from './market.js';

/**
 * A merchant's own palettes (issue 16; the platform's presets are constants, PRESET_PALETTES).
 * Owned by modules/theme.
 */
export const palettes = pgTable(
  'palettes',
  {
    id: uuid().primaryKey().defaultRandom(),
    marketId: uuid()
      .notNull()
      .references(() => markets.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    colours: jsonb().$type<PaletteColours>().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('palettes_market_idx').on(t.marketId, t.createdAt)],
);

/**
 * A store's look (decision 024): what shoppers see (`published`) and what the editor holds
 * (`draft`, null when nothing waits). A store without a row shows the default theme. Owned by
 * modules/theme.
 */
export const storeThemes = pgTable('store_themes', {
  marketId: uuid()
    .primaryKey()
    .references(() => markets.id, { onDelete: 'cascade' }),
  published: jsonb().$type<Theme>().notNull(),
  draft: jsonb().$type<Theme>(),
  publishedAt: timestamp({ withTimezone: true }),
  /** The editor's preview frame opens the storefront with it to see the draft (random, per store). */
  previewToken: text().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * The store's own pages (cp/content: about, FAQ, size guide …), sanitized rich text at
 * /{store}/pages/{slug}. Owned by modules/content.
 */
export const storePages = pgTable(
  'store_pages',
  {
    id: uuid().primaryKey().defaultRandom(),
    marketId: uuid()
      .notNull()
      .references(() => markets.id, { onDelete: 'cascade' }),
    slug: text().notNull(),
    title: text().notNull(),
    content: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('store_pages_market_slug_key').on(t.marketId, t.slug)],
);

/**
 * The store's navigation menus (cp/content): one row per place ('header', 'footer'), its links in
 * order. Owned by modules/content.
 */
export const storeMenus = pgTable(
  'store_menus',
  {
    marketId: uuid()
      .notNull()
      .references(() => markets.id, { onDelete: 'cascade' }),
    location: text().notNull(),
    items: jsonb().$type<unknown[]>().notNull().default(sql`'[]'::jsonb`),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.marketId, t.location] })],
);
