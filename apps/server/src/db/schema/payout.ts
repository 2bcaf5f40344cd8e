import type { LedgerKind, PayoutPeriod, PayoutStatus } from '@shop/shared';
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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
  // The current version is the newest (saved_at, then id): one backward step of this index.
  (t) => [index('bank_details_market_idx').on(t.marketId, t.savedAt, t.id)],
);

/** How often a store is paid out (SPEC §9); a store without a row is paid weekly. */
export const payoutSettings = pgTable('payout_settings', {
  marketId: uuid()
    .primaryKey()
    .references(() => markets.id, { onDelete: 'cascade' }),
  period: text().$type<PayoutPeriod>().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * A payout (SPEC §3): what a store had available on a settlement day, sent to the bank details
 * valid then. One per store and settlement day (a unique index: exactly once across processes);
 * its money moves in the ledger (payout, then payout_paid or payout_failed) in the transactions
 * that change its status.
 */
export const payouts = pgTable(
  'payouts',
  {
    id: uuid().primaryKey().defaultRandom(),
    marketId: uuid()
      .notNull()
      .references(() => markets.id, { onDelete: 'cascade' }),
    /** Qəpik: net — gross + refunds + fees + adjustments, the sum of its lines (payout_entries). */
    amount: integer().notNull(),
    /** Qəpik, signed, from its lines: the sales of the orders it settles … */
    gross: integer().notNull().default(0),
    /** … the refunds given back on them or after their settlement (negative) … */
    refunds: integer().notNull().default(0),
    /** … the provider's fees on them (negative) … */
    fees: integer().notNull().default(0),
    /** … and the rest: payouts that came back, subscription charges, staff adjustments. */
    adjustments: integer().notNull().default(0),
    status: text().$type<PayoutStatus>().notNull().default('pending'),
    period: text().$type<PayoutPeriod>().notNull(),
    /** The settlement day it was made on (the instant Baku's day began) … */
    periodTo: timestamp({ withTimezone: true }).notNull(),
    /** … and the store's previous payout's, or its first entry's: what it covers. */
    periodFrom: timestamp({ withTimezone: true }).notNull(),
    // No action (checked at the statement's end): a store's deletion removes both; nothing else
    // may remove details a payout was made with.
    bankDetailsId: uuid()
      .notNull()
      .references(() => bankDetails.id),
    /** The payout provider's reference. */
    providerRef: text(),
    /** When the provider took it. */
    sentAt: timestamp({ withTimezone: true }),
    arrivesAt: timestamp({ withTimezone: true }).notNull(),
    paidAt: timestamp({ withTimezone: true }),
    failedAt: timestamp({ withTimezone: true }),
    /** The provider's words when it failed. */
    failureReason: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payouts_market_day_key').on(t.marketId, t.periodTo),
    index('payouts_market_created_idx').on(t.marketId, t.createdAt),
    index('payouts_pending_idx').on(t.arrivesAt).where(sql`${t.status} = 'pending'`),
  ],
);

/**
 * What a payout is made of: each entry of the store's available account it swept (every one not
 * swept before, but payout debits), in the statement that made it — so its lines sum to its
 * amount and every entry is in one payout at most (the primary key). Read by the reconciliation
 * report (GET /PaymentReport/{marketId}?payoutId=).
 */
export const payoutEntries = pgTable(
  'payout_entries',
  {
    // No foreign key to ledger_entries: the statement that writes the row names an entry it
    // wrote or read in the same statement, and a check per row cost the settlement day a fifth of
    // its time; the row goes with its store (market_id) or its payout (payout_id).
    entryId: uuid().primaryKey(),
    payoutId: uuid()
      .notNull()
      .references(() => payouts.id, { onDelete: 'cascade' }),
    /** The line's place in the report (by when it came, then order number), so a page is a range. */
    position: integer().notNull(),
  },
  (t) => [uniqueIndex('payout_entries_payout_position_key').on(t.payoutId, t.position)],
);

/**
 * The entries of each store's available account no payout has taken yet (decision 019): filled by
 * a trigger on ledger_entries (every available entry but payout debits) in the entry's own
 * statement, emptied by the statement that makes a payout (into payout_entries). Its sum is the
 * available balance, and it carries what a payout's lines need, read without a store's history.
 */
export const payoutQueue = pgTable(
  'payout_queue',
  {
    // No foreign key to ledger_entries: the statement that writes the row names an entry it
    // wrote or read in the same statement, and a check per row cost the settlement day a fifth of
    // its time; the row goes with its store (market_id) or its payout (payout_id).
    entryId: uuid().primaryKey(),
    marketId: uuid()
      .notNull()
      .references(() => markets.id, { onDelete: 'cascade' }),
    kind: text().$type<LedgerKind>().notNull(),
    amount: integer().notNull(),
    orderId: uuid(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  // INCLUDE amount in migration 0021: a balance reads the store's rows from the index alone.
  (t) => [index('payout_queue_market_idx').on(t.marketId)],
);
