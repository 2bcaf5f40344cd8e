import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { markets } from './market.js';
import { users } from './user.js';

/**
 * A store's bank details (SPEC §3, issue 14), one row per version: a change adds a row and the
 * newest is current, so a payout keeps the version it was made with (it names the row) and
 * nothing rewrites where earlier money went. Owned by modules/payout.
 */
export const bankDetails = pgTable(
  'bank_details',
  {
    id: uuid().primaryKey().defaultRandom(),
    marketId: uuid()
      .notNull()
      .references(() => markets.id, { onDelete: 'cascade' }),
    taxNumber: text().notNull(),
    bank: text().notNull(),
    bankTaxNumber: text().notNull(),
    code: text().notNull(),
    correspondentAccount: text().notNull(),
    swift: text().notNull(),
    settlementAccount: text().notNull(),
    /** Who saved this version (with their password). */
    savedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    savedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('bank_details_market_idx').on(t.marketId, t.savedAt)],
);
