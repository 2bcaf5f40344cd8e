import { eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { markets } from '../../db/schema/index.js';
import { sql } from '../../db/sql-text.js';
import type { AppContext } from '../../platform/context.js';

/**
 * What other modules change of a market row: the market module alone writes markets (decision
 * 017), and these are the changes it makes for them — as a call, or as a statement a caller runs
 * in a WITH clause of its own (decision 010).
 */

/**
 * Call after any write that changes what the storefront shows (which products a list shows, stock
 * included; the store's name, description, pixels): every process's storefront caches and
 * catalog counts are keyed by this version, so a stale one is never read again.
 */
export async function bumpCatalogVersion(ctx: AppContext, marketId: string): Promise<void> {
  await ctx.db
    .update(markets)
    .set({ catalogVersion: sql`${markets.catalogVersion} + 1` })
    .where(eq(markets.id, marketId));
  // This process's kept reads of the market go at once (platform/changes.ts): its own next
  // request must not wait for the database's notification, which tells the other processes.
  await ctx.changes.wrote(ctx.db, { market: marketId });
}

/**
 * The market's next order number, taken: a statement answering `number`, `order_prefix` and
 * `order_suffix`, for the WITH clause of the statement that places the order (order/lifecycle.ts).
 * It locks the market's row until commit, so placements in one market queue on it.
 */
export function takeOrderNumber(marketId: string): SQL {
  return sql`update markets set next_order_number = next_order_number + 1 where id = ${marketId}
    returning next_order_number - 1 as number, order_prefix, order_suffix`;
}

/** The abandoned-checkout reminder's delay of the market (PUT /Market/abandoned-settings); null: off. */
export async function setAbandonedReminder(db: Db, marketId: string, minutes: number | null): Promise<void> {
  await db.execute(sql`update markets set abandoned_reminder_minutes = ${minutes}, updated_at = now()
    where id = ${marketId}`);
}
