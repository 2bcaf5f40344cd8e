import type { ChargeFailureCause, ChargeStatus, SubscriptionPlan, SubscriptionStatus } from '@shop/shared';
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { markets } from './market.js';

/**
 * A store's subscription to the platform (issue 14, decision 020), one row per store, made with
 * the store. Owned by modules/subscription. `suspended` is what the storefront reads.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    marketId: uuid()
      .primaryKey()
      .references(() => markets.id, { onDelete: 'cascade' }),
    plan: text().$type<SubscriptionPlan>().notNull().default('standard'),
    status: text().$type<SubscriptionStatus>().notNull().default('trialing'),
    /** The trial's end or the end of the month paid for: the next month's charge is due then. */
    periodEnd: timestamp({ withTimezone: true }).notNull(),
    /** Failed tries of the month due; the next try is at `nextAttemptAt`. */
    failedAttempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }),
    suspendedAt: timestamp({ withTimezone: true }),
    /** The saved card: the provider's id for it (never the number) and its mask. */
    cardProvider: text(),
    cardToken: text(),
    cardMask: text(),
    cardSavedAt: timestamp({ withTimezone: true }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The billing job's two queues: months due, and failed months due a retry.
    index('subscriptions_due_idx').on(t.periodEnd).where(sql`status in ('trialing', 'active')`),
    index('subscriptions_retry_idx').on(t.nextAttemptAt).where(sql`status = 'past_due'`),
  ],
);

/**
 * An owner's visit to the provider's page to save a card (POST /MarketCard/start). The provider's
 * result names the card (`token`); it is applied once: a replay finds the visit ended.
 */
export const cardRegistrations = pgTable(
  'card_registrations',
  {
    id: uuid().primaryKey().defaultRandom(),
    marketId: uuid()
      .notNull()
      .references(() => markets.id, { onDelete: 'cascade' }),
    provider: text().notNull(),
    token: text().notNull(),
    status: text().$type<'started' | 'saved' | 'failed'>().notNull().default('started'),
    cardMask: text(),
    code: text(),
    message: text(),
    language: text().notNull().default('az'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('card_registrations_token_key').on(t.provider, t.token)],
);

/**
 * One try at charging a month of the subscription: the billing history. The unique key on
 * (store, month, try) makes a second process's or run's try of the same one insert nothing.
 */
export const subscriptionCharges = pgTable(
  'subscription_charges',
  {
    id: uuid().primaryKey().defaultRandom(),
    marketId: uuid()
      .notNull()
      .references(() => markets.id, { onDelete: 'cascade' }),
    periodStart: timestamp({ withTimezone: true }).notNull(),
    periodEnd: timestamp({ withTimezone: true }).notNull(),
    attempt: integer().notNull(),
    amount: integer().notNull(),
    status: text().$type<ChargeStatus>().notNull().default('started'),
    provider: text().notNull(),
    cardMask: text(),
    transaction: text(),
    code: text(),
    message: text(),
    cause: text().$type<ChargeFailureCause>(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('subscription_charges_try_key').on(t.marketId, t.periodStart, t.attempt),
    index('subscription_charges_market_idx').on(t.marketId, t.createdAt),
  ],
);
