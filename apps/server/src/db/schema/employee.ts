import type { EmployeeLevel } from '@shop/shared';
import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { markets } from './market.js';
import { users } from './user.js';

/**
 * A store's employees (decision 022): who works in which store at what level. Every
 * market-scoped route reads its caller's row here (platform/auth.ts), so a change of level or a
 * removal holds from the next request on. Owned by modules/employee.
 */
export const marketEmployees = pgTable(
  'market_employees',
  {
    id: uuid().primaryKey().defaultRandom(),
    marketId: uuid()
      .notNull()
      .references(() => markets.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    level: text().$type<EmployeeLevel>().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('market_employees_market_user_key').on(t.marketId, t.userId),
    // The stores a user works in (the panel's store list).
    index('market_employees_user_idx').on(t.userId),
  ],
);

/**
 * An invitation to work in a store, by e-mail: its link carries a token kept here only as its
 * hash; accepted, it becomes a row of market_employees and keeps `accepted_at`. One open
 * invitation per store and e-mail: inviting again renews it.
 */
export const employeeInvitations = pgTable(
  'employee_invitations',
  {
    id: uuid().primaryKey().defaultRandom(),
    marketId: uuid()
      .notNull()
      .references(() => markets.id, { onDelete: 'cascade' }),
    /** Lowercase, as accounts keep theirs. */
    email: text().notNull(),
    level: text().$type<EmployeeLevel>().notNull(),
    tokenHash: text().notNull(),
    /** The language the invitation's e-mail went out in (its page opens in it). */
    language: text().notNull(),
    invitedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    acceptedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('employee_invitations_token_key').on(t.tokenHash),
    uniqueIndex('employee_invitations_open_key').on(t.marketId, t.email).where(sql`${t.acceptedAt} is null`),
  ],
);
