import { SUBSCRIPTION_PLANS } from '@shop/shared';
import { type Db, rowsOf } from '../../db/client.js';
import { sql } from '../../db/sql-text.js';
import { keptRead } from '../../platform/changes.js';

/**
 * What other modules write of the subscription (decision 017): a store's row as it is when the
 * store is opened — the free trial from its opening. A store that has one keeps it.
 */
export function openSubscriptionStatement(marketId: string) {
  const trial = `${SUBSCRIPTION_PLANS.standard.trialDays} days`;
  return sql`insert into subscriptions (market_id, period_end)
    select id, created_at + ${trial}::interval from markets where id = ${marketId}
    on conflict do nothing`;
}

/** Whether each store sells, kept until its market row changes (a few bytes a store). */
const KEPT_AVAILABILITY = { name: 'store-availability', maxBytes: 4 * 1024 * 1024 };

/**
 * Why the store sells nothing now, if it does not: closed by its owner (decision 023), or
 * suspended (its subscription unpaid). One round trip for both, kept until the market's row
 * changes (decision 027): closing, opening, suspending and resuming a store all move its
 * catalog version, so none is missed once its writer has answered.
 */
export async function storeUnavailable(db: Db, marketId: string): Promise<'closed' | 'suspended' | null> {
  const state = await keptRead(db, KEPT_AVAILABILITY, marketId, async () => {
    const [row] = rowsOf<{ closed: boolean; suspended: boolean }>(
      await db.execute(sql`select m.closed_at is not null as closed,
          exists (select 1 from subscriptions s where s.market_id = m.id and s.status = 'suspended') as suspended
        from markets m where m.id = ${marketId}`),
    );
    if (!row) return null;
    return { value: row.closed ? 'closed' : row.suspended ? 'suspended' : 'open', tag: marketId };
  });
  return state === 'closed' || state === 'suspended' ? state : null;
}

/** A card saved for the store's subscription (the provider's id for it and its mask), replacing any. */
export function saveCardStatement(marketId: string, card: { provider: string; token: string; mask: string; at: Date }) {
  return sql`update subscriptions set card_provider = ${card.provider}, card_token = ${card.token},
      card_mask = ${card.mask}, card_saved_at = ${card.at}, updated_at = ${card.at}
    where market_id = ${marketId}`;
}
