import type { CashOnDelivery } from '@shop/shared';
import { LRUCache } from 'lru-cache';
import { type Db, rowsOf } from '../../db/client.js';
import { sql } from '../../db/sql-text.js';
import { AppError } from '../../platform/errors.js';

const OFF: CashOnDelivery = { enabled: false, fee: 0, tariffIds: null };

/**
 * Each store's setting as checkouts show it, remembered for a minute (every step of a checkout
 * shows whether cash is offered); a save here forgets it at once, other processes within the
 * minute. Placing an order reads it afresh (checkout/service.ts), so a stale offer is refused
 * with CASH_ON_DELIVERY_UNAVAILABLE, never honoured.
 */
const remembered = new LRUCache<string, CashOnDelivery>({ max: 10_000, ttl: 60_000 });

/** The store's cash on delivery (off for a store that never set it). */
export async function cashOnDeliveryOf(db: Db, marketId: string, fresh = true): Promise<CashOnDelivery> {
  const known = fresh ? undefined : remembered.get(marketId);
  if (known) return known;
  const [row] = rowsOf<{ enabled: boolean; fee: number; tariff_ids: string[] | null }>(
    await db.execute(sql`select enabled, fee, tariff_ids from cash_on_delivery where market_id = ${marketId}`),
  );
  const setting = row ? { enabled: row.enabled, fee: row.fee, tariffIds: row.tariff_ids } : OFF;
  remembered.set(marketId, setting);
  return setting;
}

/** What a checkout shows of the store's cash on delivery: its fee and tariffs, or null when off. */
export function cashOnDeliveryView(setting: CashOnDelivery): { fee: number; tariffIds: string[] | null } | null {
  return setting.enabled ? { fee: setting.fee, tariffIds: setting.tariffIds } : null;
}

/** Cash on delivery as a checkout with `tariffId` may choose it: its fee, or null where not offered. */
export function cashOffer(setting: CashOnDelivery, tariffId: string | null): { fee: number } | null {
  if (!setting.enabled || !tariffId) return null;
  if (setting.tariffIds !== null && !setting.tariffIds.includes(tariffId)) return null;
  return { fee: setting.fee };
}

/**
 * Saves the store's cash on delivery; the tariffs it names must be the store's own (another
 * store's, or a deleted one, is refused at its field and nothing is saved).
 */
export async function saveCashOnDelivery(db: Db, marketId: string, input: CashOnDelivery): Promise<CashOnDelivery> {
  const tariffIds = input.tariffIds === null ? null : [...new Set(input.tariffIds)];
  if (tariffIds?.length) {
    const known = rowsOf<{ id: string }>(
      await db.execute(sql`select id from shipping_tariffs
        where market_id = ${marketId} and id = any(${sql.param(tariffIds)}::uuid[])`),
    );
    const mine = new Set(known.map((t) => t.id));
    const index = tariffIds.findIndex((id) => !mine.has(id));
    if (index >= 0) throw new AppError('VALIDATION_FAILED', { [`cashOnDelivery.tariffIds.${index}`]: 'invalidValue' });
  }
  await db.execute(sql`insert into cash_on_delivery (market_id, enabled, fee, tariff_ids, updated_at)
    values (${marketId}, ${input.enabled}, ${input.fee}, ${tariffIds === null ? null : sql.param(tariffIds)}::uuid[], now())
    on conflict (market_id) do update set enabled = excluded.enabled, fee = excluded.fee,
      tariff_ids = excluded.tariff_ids, updated_at = excluded.updated_at`);
  const saved = { enabled: input.enabled, fee: input.fee, tariffIds };
  remembered.set(marketId, saved);
  return saved;
}
