import type { PolicyType } from '@shop/shared';
import { pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { markets } from './market.js';

/**
 * A store's policies (SPEC §3 Policy; issue 15): one row per kind the merchant saved, its text
 * sanitized rich text; an empty text is a policy the store does not show. Owned by modules/policy.
 */
export const policies = pgTable(
  'policies',
  {
    marketId: uuid()
      .notNull()
      .references(() => markets.id, { onDelete: 'cascade' }),
    type: text().$type<PolicyType>().notNull(),
    title: text().notNull(),
    content: text().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.marketId, t.type] })],
);
