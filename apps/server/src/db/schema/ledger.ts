import type { LedgerAccount, LedgerKind } from '@shop/shared';
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { markets } from './market.js';

/**
 * The money ledger (decision 019): one immutable row per movement of a store's money, written in
 * the transaction of its cause; a store's balances are the sums of its accounts. A trigger
 * (migration 0015) refuses every update and every delete but the cascade of a store's own
 * deletion. Owned by modules/ledger. The ids of what caused an entry carry no foreign keys: an
 * entry outlives nothing it names, and nothing may change it.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    // Time-ordered (uuid_v7, migration 0021): entries are written in time, so every index on the id
    // (this one, the queues', the payout lines') grows at its end instead of at random pages — a
    // settlement day writes a million of them.
    id: uuid().primaryKey().default(sql`uuid_v7()`),
    marketId: uuid()
      .notNull()
      .references(() => markets.id, { onDelete: 'cascade' }),
    account: text().$type<LedgerAccount>().notNull(),
    kind: text().$type<LedgerKind>().notNull(),
    /** Qəpik, signed: what the entry adds to its account (a fee, a refund: negative). */
    amount: integer().notNull(),
    orderId: uuid(),
    paymentId: uuid(),
    refundId: uuid(),
    payoutId: uuid(),
    /** Staff adjustments: why, and who. */
    note: text(),
    createdBy: uuid(),
    /** A staff adjustment's request: sent twice, it makes one entry. */
    requestId: uuid(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Balances are sums by account (INCLUDE amount in migration 0015: read index-only).
    index('ledger_entries_market_idx').on(t.marketId, t.account, t.createdAt),
    index('ledger_entries_order_idx').on(t.orderId),
    // An order is settled once: one release pair, ever.
    uniqueIndex('ledger_entries_release_key').on(t.orderId, t.account).where(sql`${t.kind} = 'release'`),
    // Only staff adjustments carry one: the other entries (all but a few) stay out of the index.
    uniqueIndex('ledger_entries_request_key').on(t.requestId).where(sql`${t.requestId} is not null`),
  ],
);

/**
 * The pending entries of orders not settled yet (decision 019): a trigger on ledger_entries adds
 * each sale, fee and refund on pending, and an order's release takes its rows out, in the entry's
 * own statement. It is the settlement's queue (the orders in it, once fulfilled a week) and its
 * sum per store the pending balance — neither reads the orders settled before.
 */
export const settlementQueue = pgTable(
  'settlement_queue',
  {
    // No foreign key to ledger_entries: the statement that writes the row names an entry it
    // wrote or read in the same statement, and a check per row cost the settlement day a fifth of
    // its time; the row goes with its store (market_id) or its payout (payout_id).
    entryId: uuid().primaryKey(),
    marketId: uuid()
      .notNull()
      .references(() => markets.id, { onDelete: 'cascade' }),
    orderId: uuid().notNull(),
    amount: integer().notNull(),
  },
  // INCLUDE amount in migration 0021: a balance reads the store's rows from the index alone.
  (t) => [index('settlement_queue_market_idx').on(t.marketId), index('settlement_queue_order_idx').on(t.orderId)],
);
