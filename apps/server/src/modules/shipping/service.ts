import {
  commerceLimits,
  type createTariffSchema,
  isUuid,
  type ShippingTariff,
  tariffApplies,
  tariffPrice,
} from '@shop/shared';
import { and, asc, count, eq, max } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { markets, shippingTariffs } from '../../db/schema/index.js';
import type { Viewer } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';

type TariffRow = typeof shippingTariffs.$inferSelect;
/** A valid tariff as the shared schema leaves it, without its market. */
type TariffData = Omit<z.output<typeof createTariffSchema>, 'marketId'>;

/** The order a shopper is checking out, as far as a tariff cares. */
export interface TariffOrder {
  region: string;
  /** Qəpik. */
  subtotal: number;
  weightGrams: number;
}

/** A tariff a checkout may offer, with what it costs for that order (0 when free). */
export type CheckoutTariff = ShippingTariff & { shippingPrice: number };

function toView(row: TariffRow): ShippingTariff {
  return {
    id: row.id,
    marketId: row.marketId,
    name: row.name,
    description: row.description,
    type: row.type,
    price: row.price,
    isFree: row.isFree,
    condition: row.condition,
    conditionMin: row.conditionMin,
    conditionMax: row.conditionMax,
    regions: row.regions,
    fulfilmentLocation: row.fulfilmentLocation,
    minDays: row.minDays,
    maxDays: row.maxDays,
    active: row.active,
  };
}

/**
 * The columns of a valid tariff. What the type makes meaningless is not kept: a flat rate has
 * no condition bounds, and a free rate costs 0 (so no stale price comes back if it stops being
 * free without a new one).
 */
function columns(data: TariffData) {
  const conditional = data.condition !== 'none';
  return {
    name: data.name,
    description: data.description ?? null,
    type: data.type,
    price: data.isFree ? 0 : data.price,
    isFree: data.isFree,
    condition: data.condition,
    conditionMin: conditional ? (data.conditionMin ?? null) : null,
    conditionMax: conditional ? (data.conditionMax ?? null) : null,
    regions: data.regions,
    fulfilmentLocation: data.fulfilmentLocation ?? null,
    minDays: data.minDays ?? null,
    maxDays: data.maxDays ?? null,
    active: data.active,
  };
}

const listOrder = [asc(shippingTariffs.position), asc(shippingTariffs.createdAt), asc(shippingTariffs.id)];

/**
 * The tariff a checkout names, if it can deliver this order: the market's, active, its zone
 * holding the region and the order within its condition; with its price for the order. The
 * checkout calls this when the shopper confirms, so a tariff changed or switched off meanwhile
 * is never charged. Works inside a transaction (pass the transaction as `db`).
 */
export async function applicableTariff(
  db: Db,
  marketId: string,
  tariffId: string,
  order: TariffOrder,
): Promise<{ tariff: ShippingTariff; price: number } | null> {
  if (!isUuid(tariffId) || !isUuid(marketId)) return null;
  const [row] = await db
    .select()
    .from(shippingTariffs)
    .where(and(eq(shippingTariffs.id, tariffId), eq(shippingTariffs.marketId, marketId)))
    .limit(1);
  if (!row) return null;
  const tariff = toView(row);
  if (!tariffApplies(tariff, order)) return null;
  return { tariff, price: tariffPrice(tariff) };
}

export class ShippingService {
  constructor(private readonly ctx: AppContext) {}

  /** The owner sees every tariff; anyone else the active ones. In the merchant's order. */
  async list(marketId: string, viewer: Viewer): Promise<ShippingTariff[]> {
    const rows = await this.ctx.db
      .select()
      .from(shippingTariffs)
      .where(
        viewer === 'owner'
          ? eq(shippingTariffs.marketId, marketId)
          : and(eq(shippingTariffs.marketId, marketId), eq(shippingTariffs.active, true)),
      )
      .orderBy(...listOrder);
    return rows.map(toView);
  }

  /** The tariffs a shopper can choose for this order, each with its price for it. */
  async forCheckout(marketId: string, order: TariffOrder): Promise<CheckoutTariff[]> {
    const active = await this.list(marketId, 'public');
    return active
      .filter((tariff) => tariffApplies(tariff, order))
      .map((tariff) => ({ ...tariff, shippingPrice: tariffPrice(tariff) }));
  }

  /**
   * A new tariff goes last. The market row is locked while counting, so two creates at once
   * can't both take the last of the commerceLimits.tariffs places.
   */
  async create(marketId: string, data: TariffData): Promise<ShippingTariff> {
    return this.ctx.db.transaction(async (tx) => {
      const db = tx as unknown as Db;
      await db.select({ id: markets.id }).from(markets).where(eq(markets.id, marketId)).for('update');
      const [existing] = await db
        .select({ n: count(), last: max(shippingTariffs.position) })
        .from(shippingTariffs)
        .where(eq(shippingTariffs.marketId, marketId));
      if ((existing?.n ?? 0) >= commerceLimits.tariffs) {
        throw new AppError('VALIDATION_FAILED', { name: 'tariffLimit' });
      }
      const [row] = await db
        .insert(shippingTariffs)
        .values({ marketId, ...columns(data), position: (existing?.last ?? -1) + 1 })
        .returning();
      return toView(row as TariffRow);
    });
  }

  async update(marketId: string, id: string, data: TariffData): Promise<ShippingTariff> {
    const [row] = await this.ctx.db
      .update(shippingTariffs)
      .set({ ...columns(data), updatedAt: new Date() })
      .where(and(eq(shippingTariffs.id, id), eq(shippingTariffs.marketId, marketId)))
      .returning();
    if (!row) throw new AppError('NOT_FOUND');
    return toView(row);
  }

  /** Orders that used the tariff keep its name and price (the column is set null). */
  async remove(marketId: string, id: string): Promise<void> {
    const deleted = await this.ctx.db
      .delete(shippingTariffs)
      .where(and(eq(shippingTariffs.id, id), eq(shippingTariffs.marketId, marketId)))
      .returning({ id: shippingTariffs.id });
    if (!deleted.length) throw new AppError('NOT_FOUND');
  }
}
