import type {
  CreateMarketInput,
  Language,
  MarketAccess,
  MarketView,
  OrderSettings,
  OrderSettingsInput,
  SectorView,
  UpdateMarketInput,
} from '@shop/shared';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { isUniqueViolation } from '../../db/faults.js';
import { marketEmployees, markets, sectors } from '../../db/schema/index.js';
import type { MarketRow, UserRow } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { openSubscriptionStatement } from '../subscription/hooks.js';
import { analyticsIdsOf } from './analytics.js';
import { bumpCatalogVersion } from './hooks.js';

export function toMarketView(market: MarketRow, access: MarketAccess = 'owner'): MarketView {
  return {
    access,
    id: market.id,
    name: market.name,
    sectorId: market.sectorId,
    logoUrl: market.logoUrl,
    description: market.description,
    createdAt: market.createdAt.toISOString(),
    closedAt: market.closedAt?.toISOString() ?? null,
  };
}

/** The order settings (cp/general): the owner's view of the store carries them. */
export function orderSettingsOf(market: MarketRow): OrderSettings {
  return {
    orderPrefix: market.orderPrefix,
    orderSuffix: market.orderSuffix,
    autoFulfill: market.autoFulfill,
    nextOrderNumber: market.nextOrderNumber,
  };
}

export class MarketService {
  constructor(private readonly ctx: AppContext) {}

  async sectors(language: Language): Promise<SectorView[]> {
    const rows = await this.ctx.db.select().from(sectors).orderBy(asc(sectors.position));
    const nameOf = { az: 'nameAz', en: 'nameEn', ru: 'nameRu' } as const;
    return rows.map((row) => ({ id: row.id, slug: row.slug, name: row[nameOf[language]] }));
  }

  private async assertSector(sectorId: number) {
    const [sector] = await this.ctx.db
      .select({ id: sectors.id })
      .from(sectors)
      .where(eq(sectors.id, sectorId))
      .limit(1);
    if (!sector) throw new AppError('VALIDATION_FAILED', { sectorId: 'sectorRequired' });
  }

  private async assertNameFree(name: string, exceptId?: string) {
    // A page of the server's own lives at /{name}: a store there would be shadowed by it.
    if (this.ctx.rootPaths.has(name)) throw new AppError('VALIDATION_FAILED', { name: 'marketNameReserved' });
    const [taken] = await this.ctx.db.select({ id: markets.id }).from(markets).where(eq(markets.name, name)).limit(1);
    if (taken && taken.id !== exceptId) throw new AppError('MARKET_NAME_TAKEN', { name: 'MARKET_NAME_TAKEN' });
  }

  async create(owner: UserRow, input: CreateMarketInput): Promise<MarketView> {
    await this.assertSector(input.sectorId);
    await this.assertNameFree(input.name);
    try {
      const [market] = (await this.ctx.db
        .insert(markets)
        .values({ ownerId: owner.id, name: input.name, sectorId: input.sectorId, logoUrl: input.logoUrl ?? null })
        .returning()) as [MarketRow];
      // Its free trial of the platform's subscription starts with it.
      await this.ctx.db.execute(openSubscriptionStatement(market.id));
      return toMarketView(market);
    } catch (error) {
      // Two owners racing for one name: the unique index decides.
      if (isUniqueViolation(error)) throw new AppError('MARKET_NAME_TAKEN', { name: 'MARKET_NAME_TAKEN' });
      throw error;
    }
  }

  /** The user's stores: those they own, then those they work in (decision 022), oldest first. */
  async listOwned(user: UserRow): Promise<MarketView[]> {
    const [owned, employed] = await Promise.all([
      this.ctx.db.select().from(markets).where(eq(markets.ownerId, user.id)).orderBy(asc(markets.createdAt)),
      this.ctx.db
        .select({ market: markets, level: marketEmployees.level })
        .from(marketEmployees)
        .innerJoin(markets, eq(markets.id, marketEmployees.marketId))
        // A closed store is its owner's alone (decision 023).
        .where(and(eq(marketEmployees.userId, user.id), isNull(markets.closedAt)))
        .orderBy(asc(marketEmployees.createdAt)),
    ]);
    return [
      ...owned.map((market) => toMarketView(market)),
      ...employed.map(({ market, level }) => toMarketView(market, level)),
    ];
  }

  /** Public lookup for the storefront: only what a shopper may see. */
  async byName(name: string) {
    const [market] = await this.ctx.db
      .select()
      .from(markets)
      .where(and(eq(markets.name, name.toLowerCase()), isNull(markets.closedAt)))
      .limit(1);
    if (!market) throw new AppError('NOT_FOUND');
    return {
      id: market.id,
      name: market.name,
      logoUrl: market.logoUrl,
      description: market.description,
      sectorId: market.sectorId,
      // Public anyway (every storefront page carries them): the storefront loads the pixels.
      ...analyticsIdsOf(market),
    };
  }

  async update(market: MarketRow, input: UpdateMarketInput, access: MarketAccess): Promise<MarketView> {
    if (input.sectorId !== undefined) await this.assertSector(input.sectorId);
    // A store keeps the name it has (one taken before the name was reserved, too).
    if (input.name !== undefined && input.name !== market.name) await this.assertNameFree(input.name, market.id);
    const { id: _id, ...changes } = input;
    try {
      const [updated] = (await this.ctx.db
        .update(markets)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(markets.id, market.id))
        .returning()) as [MarketRow];
      // Name, description and logo are on every store page: kept copies start again.
      await bumpCatalogVersion(this.ctx, market.id);
      return toMarketView(updated, access);
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('MARKET_NAME_TAKEN', { name: 'MARKET_NAME_TAKEN' });
      throw error;
    }
  }

  /** PUT /Market/order-settings: new orders are named with these; numbers go on as they are. */
  async updateOrderSettings(market: MarketRow, input: OrderSettingsInput): Promise<OrderSettings> {
    const [updated] = (await this.ctx.db
      .update(markets)
      .set({
        orderPrefix: input.orderPrefix,
        orderSuffix: input.orderSuffix,
        autoFulfill: input.autoFulfill,
        updatedAt: new Date(),
      })
      .where(eq(markets.id, market.id))
      .returning()) as [MarketRow];
    return orderSettingsOf(updated);
  }
}
