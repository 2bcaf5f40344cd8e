import type { SocialLinks } from '@shop/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './user.js';

export const sectors = pgTable(
  'sectors',
  {
    id: serial().primaryKey(),
    slug: text().notNull(),
    nameAz: text().notNull(),
    nameEn: text().notNull(),
    nameRu: text().notNull(),
    position: integer().notNull().default(0),
  },
  (t) => [uniqueIndex('sectors_slug_key').on(t.slug)],
);

export const markets = pgTable(
  'markets',
  {
    id: uuid().primaryKey().defaultRandom(),
    ownerId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The public store name: the storefront lives at /{name}. Unique across the platform. */
    name: text().notNull(),
    sectorId: integer()
      .notNull()
      .references(() => sectors.id),
    logoUrl: text(),
    /** The storefront's icon (issue 16): an uploaded picture, served at every size a device asks. */
    faviconUrl: text(),
    /** Handles on Instagram, Facebook, TikTok and the WhatsApp number (issue 16 branding). */
    socialLinks: jsonb().$type<SocialLinks>().notNull().default({}),
    description: text(),
    /** Bumped on every catalog write: cached list counts are keyed by it (see market/hooks.ts). */
    catalogVersion: integer().notNull().default(0),
    /** Analytics pixels loaded on the storefront (cp/analytics-integration). */
    facebookPixelId: text(),
    yandexMetricaId: text(),
    googleAnalyticsId: text(),
    clarityId: text(),
    /** Order settings: shown number = prefix + number + suffix; numbering starts at 1001. */
    orderPrefix: text().notNull().default('#'),
    orderSuffix: text().notNull().default(''),
    autoFulfill: boolean().notNull().default(false),
    /** Abandoned checkouts: minutes after which the one reminder e-mail goes out; null = never. */
    abandonedReminderMinutes: integer().default(60),
    /** The next order number; taken under the market row's lock when an order is placed. */
    nextOrderNumber: integer().notNull().default(1001),
    /** Closed by its owner (decision 023): offline, reopenable, purged two years on. */
    closedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('markets_name_key').on(t.name),
    index('markets_owner_idx').on(t.ownerId),
    // The purge job's queue: closed stores by when.
    index('markets_closed_idx').on(t.closedAt).where(sql`${t.closedAt} is not null`),
  ],
);

/**
 * What is kept of a store purged two years after it closed (decision 023): the accounting record
 * the law asks a platform to keep — its sales, refunds, payouts and the platform's charges as
 * figures, without its shoppers' names or addresses. No foreign key: the store is gone.
 */
export const closedStoreRecords = pgTable('closed_store_records', {
  marketId: uuid().primaryKey(),
  name: text().notNull(),
  ownerEmail: text().notNull(),
  closedAt: timestamp({ withTimezone: true }).notNull(),
  purgedAt: timestamp({ withTimezone: true }).notNull(),
  record: jsonb().$type<Record<string, unknown>>().notNull(),
});
