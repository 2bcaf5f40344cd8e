import {
  type BundleData,
  bundleFigures,
  type CodeData,
  type DiscountData,
  type DiscountListQuery,
  type DiscountStatus,
  type DiscountView,
  discountLimits,
  discountStatus,
  normalizeDiscountCode,
  timerOf,
  timerSeconds,
} from '@shop/shared';
import { and, asc, count, desc, eq, gt, inArray, isNull, lte, ne, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { isUniqueViolation } from '../../db/faults.js';
import { discountProducts, discounts, markets, products } from '../../db/schema/index.js';
import { sql } from '../../db/sql-text.js';
import type { Viewer } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { escapeLike } from '../../platform/search.js';
import { bumpCatalogVersion } from '../market/hooks.js';

type DiscountRow = typeof discounts.$inferSelect;
type ProductRow = Pick<
  typeof products.$inferSelect,
  'id' | 'title' | 'images' | 'price' | 'inStock' | 'variantCount' | 'status'
>;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** The columns of a valid discount; a kind's own columns only, the others null. */
function columns(data: DiscountData) {
  const none = {
    title: null,
    subtitle: null,
    imageUrl: null,
    name: null,
    headerTitle: null,
    footerText: null,
    buttonText: null,
    template: null,
    colour: null,
    timerSeconds: null,
    highlight: null,
    code: null,
    codeKey: null,
    valueType: null,
    percent: null,
    amountOff: null,
    minSubtotal: null,
    usageLimit: null,
    perCustomerLimit: null,
    startsAt: null,
    endsAt: null,
  };
  switch (data.kind) {
    case 'popup':
      return {
        ...none,
        kind: data.kind,
        title: data.title,
        subtitle: data.subtitle,
        imageUrl: data.imageUrl,
        percent: data.percent,
        startsAt: new Date(data.startsAt),
        endsAt: new Date(data.endsAt),
        active: data.active,
      };
    case 'bundle':
      return {
        ...none,
        kind: data.kind,
        name: data.name,
        title: data.title,
        headerTitle: data.headerTitle,
        footerText: data.footerText,
        buttonText: data.buttonText,
        percent: data.percent,
        template: data.template,
        colour: data.colour,
        timerSeconds: timerSeconds(data.timer),
        highlight: data.highlight,
        endsAt: new Date(data.endsAt),
        active: data.active,
      };
    case 'code':
      return {
        ...none,
        kind: data.kind,
        code: data.code,
        codeKey: normalizeDiscountCode(data.code),
        valueType: data.valueType,
        // A code is a percent or an amount, never both.
        percent: data.valueType === 'percent' ? (data.percent ?? null) : null,
        amountOff: data.valueType === 'amount' ? (data.amountOff ?? null) : null,
        minSubtotal: data.minSubtotal ?? null,
        usageLimit: data.usageLimit ?? null,
        perCustomerLimit: data.perCustomerLimit ?? null,
        startsAt: data.startsAt ? new Date(data.startsAt) : null,
        endsAt: data.endsAt ? new Date(data.endsAt) : null,
        active: data.active,
      };
  }
}

function statusOf(row: DiscountRow, now: number): DiscountStatus {
  return discountStatus({ active: row.active, startsAt: iso(row.startsAt), endsAt: iso(row.endsAt) }, now);
}

function toView(row: DiscountRow, bundleProducts: ProductRow[], now: number): DiscountView {
  const base = {
    id: row.id,
    marketId: row.marketId,
    active: row.active,
    status: statusOf(row, now),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
  switch (row.kind) {
    case 'popup':
      return {
        ...base,
        kind: 'popup',
        title: row.title ?? '',
        subtitle: row.subtitle,
        percent: row.percent ?? 0,
        startsAt: row.startsAt!.toISOString(),
        endsAt: row.endsAt!.toISOString(),
        imageUrl: row.imageUrl,
      };
    case 'bundle': {
      const percent = row.percent ?? 0;
      const figures = bundleFigures(
        bundleProducts.map((p) => ({
          id: p.id,
          title: p.title,
          imageUrl: p.images[0] ?? null,
          price: p.price,
          inStock: p.inStock,
          hasVariants: p.variantCount > 0,
        })),
        percent,
      );
      return {
        ...base,
        kind: 'bundle',
        name: row.name ?? '',
        title: row.title ?? '',
        headerTitle: row.headerTitle ?? '',
        footerText: row.footerText ?? '',
        buttonText: row.buttonText ?? '',
        percent,
        ...figures,
        template: row.template ?? 'classic',
        colour: row.colour ?? '#000000',
        timer: timerOf(row.timerSeconds ?? 0),
        highlight: row.highlight ?? false,
        endsAt: row.endsAt!.toISOString(),
      };
    }
    case 'code':
      return {
        ...base,
        kind: 'code',
        code: row.code ?? '',
        valueType: row.valueType ?? 'percent',
        percent: row.percent,
        amountOff: row.amountOff,
        minSubtotal: row.minSubtotal,
        startsAt: iso(row.startsAt),
        endsAt: iso(row.endsAt),
        usageLimit: row.usageLimit,
        perCustomerLimit: row.perCustomerLimit,
        used: row.used,
      };
  }
}

/** What a shopper may see now: a pop-up or a bundle that is live (never a code: it is typed). */
function liveForShoppers(now: Date): SQL {
  return and(
    inArray(discounts.kind, ['popup', 'bundle']),
    eq(discounts.active, true),
    or(isNull(discounts.startsAt), lte(discounts.startsAt, now)),
    gt(discounts.endsAt, now),
  )!;
}

/** The status filter of the owner's list, as a condition at `now`. */
function statusCondition(status: DiscountStatus, now: Date): SQL {
  const ended = and(sql`${discounts.endsAt} is not null`, lte(discounts.endsAt, now))!;
  const notEnded = or(isNull(discounts.endsAt), gt(discounts.endsAt, now))!;
  switch (status) {
    case 'ended':
      return ended;
    case 'inactive':
      return and(notEnded, eq(discounts.active, false))!;
    case 'scheduled':
      return and(notEnded, eq(discounts.active, true), gt(discounts.startsAt, now))!;
    case 'live':
      return and(notEnded, eq(discounts.active, true), or(isNull(discounts.startsAt), lte(discounts.startsAt, now)))!;
  }
}

export class DiscountService {
  constructor(
    private readonly ctx: AppContext,
    /** The clock (tests move it); the database's own `now()` is not used, so both agree. */
    private readonly clock: () => number = Date.now,
  ) {}

  /**
   * The owner's discounts, newest first, filtered by kind, status and search (title, name or
   * code); anyone else gets the live pop-ups and bundles.
   */
  async list(
    marketId: string,
    viewer: Viewer,
    query: Omit<DiscountListQuery, 'marketId'> = {},
  ): Promise<DiscountView[]> {
    const now = new Date(this.clock());
    const conditions: SQL[] = [eq(discounts.marketId, marketId)];
    if (query.kind) conditions.push(eq(discounts.kind, query.kind));
    if (viewer !== 'owner') conditions.push(liveForShoppers(now));
    else {
      if (query.status) conditions.push(statusCondition(query.status, now));
      const search = query.search?.trim();
      if (search) {
        const pattern = `%${escapeLike(search.toLocaleLowerCase('az'))}%`;
        conditions.push(
          or(
            sql`lower(${discounts.title}) like ${pattern}`,
            sql`lower(${discounts.name}) like ${pattern}`,
            sql`lower(${discounts.code}) like ${pattern}`,
          )!,
        );
      }
    }
    const rows = await this.ctx.db
      .select()
      .from(discounts)
      .where(and(...conditions))
      .orderBy(desc(discounts.createdAt), desc(discounts.id))
      .limit(discountLimits.perMarket);
    return this.views(rows, viewer);
  }

  /** One discount: the store's own view whatever its state; anyone else's only while it is live. */
  async get(id: string, viewer: Viewer): Promise<DiscountView> {
    const [row] = await this.ctx.db.select().from(discounts).where(eq(discounts.id, id)).limit(1);
    if (!row) throw new AppError('NOT_FOUND');
    if (viewer !== 'owner' && (row.kind === 'code' || statusOf(row, this.clock()) !== 'live')) {
      throw new AppError('NOT_FOUND');
    }
    const [view] = await this.views([row], viewer);
    return view!;
  }

  /** The market a discount belongs to (for the owner's guard), or NOT_FOUND. */
  async marketOf(id: string): Promise<string> {
    const [row] = await this.ctx.db
      .select({ marketId: discounts.marketId })
      .from(discounts)
      .where(eq(discounts.id, id))
      .limit(1);
    if (!row) throw new AppError('NOT_FOUND');
    return row.marketId;
  }

  async create(marketId: string, data: DiscountData): Promise<DiscountView> {
    const id = await this.write(marketId, data, undefined);
    return this.ownerView(id);
  }

  async update(marketId: string, id: string, data: DiscountData): Promise<DiscountView> {
    await this.write(marketId, data, id);
    return this.ownerView(id);
  }

  async remove(marketId: string, id: string): Promise<void> {
    const deleted = await this.ctx.db
      .delete(discounts)
      .where(and(eq(discounts.id, id), eq(discounts.marketId, marketId)))
      .returning({ kind: discounts.kind });
    if (!deleted.length) throw new AppError('NOT_FOUND');
    // A bundle shows on product pages and the store home.
    if (deleted[0]!.kind !== 'code') await bumpCatalogVersion(this.ctx, marketId);
  }

  /**
   * The periodic job (decision 016): pop-ups and bundles whose end has passed are switched off
   * (SPEC §4 "Bundle becomes inactive and hidden after its end date"), a bounded batch per run,
   * each row claimed so two processes never both take it. Shoppers never read an ended offer
   * whether or not this ran (status is computed at the read); what it adds is the merchant's
   * switch showing "off", and the store's catalog version bumped so kept pages showing the
   * offer are drawn again at once. Answers how many it switched off.
   */
  async switchOffEnded(limit = 200): Promise<number> {
    const ended = await this.ctx.db.transaction(async (tx) => {
      const due = await tx
        .select({ id: discounts.id })
        .from(discounts)
        .where(
          and(
            inArray(discounts.kind, ['popup', 'bundle']),
            eq(discounts.active, true),
            lte(discounts.endsAt, sql`now()`),
          ),
        )
        .orderBy(asc(discounts.endsAt))
        .limit(limit)
        .for('update', { skipLocked: true });
      if (due.length === 0) return [];
      return tx
        .update(discounts)
        .set({ active: false, updatedAt: sql`now()` })
        .where(
          inArray(
            discounts.id,
            due.map((d) => d.id),
          ),
        )
        .returning({ marketId: discounts.marketId });
    });
    for (const marketId of new Set(ended.map((d) => d.marketId))) await bumpCatalogVersion(this.ctx, marketId);
    return ended.length;
  }

  private async ownerView(id: string): Promise<DiscountView> {
    const [row] = await this.ctx.db.select().from(discounts).where(eq(discounts.id, id)).limit(1);
    const [view] = await this.views([row!], 'owner');
    return view!;
  }

  /**
   * Creates (no `id`) or replaces a discount, checking the rules that need the database: the
   * store's limit, the bundle's products are this store's, one live pop-up at a time, a code
   * once per store, an end not in the past. The market's row is locked meanwhile, so two writes
   * at once can't both take the last place or both open overlapping pop-ups.
   */
  private async write(marketId: string, data: DiscountData, id: string | undefined): Promise<string> {
    const now = this.clock();
    try {
      const written = await this.ctx.db.transaction(async (tx) => {
        const db = tx as unknown as Db;
        await db.select({ id: markets.id }).from(markets).where(eq(markets.id, marketId)).for('update');
        let previous: DiscountRow | undefined;
        if (id) {
          [previous] = await db
            .select()
            .from(discounts)
            .where(and(eq(discounts.id, id), eq(discounts.marketId, marketId)))
            .limit(1);
          if (!previous) throw new AppError('NOT_FOUND');
          // A pop-up stays a pop-up: the screens and the orders that used it know it as one.
          if (previous.kind !== data.kind) throw new AppError('VALIDATION_FAILED', { kind: 'invalidValue' });
        } else {
          const [existing] = await db.select({ n: count() }).from(discounts).where(eq(discounts.marketId, marketId));
          if ((existing?.n ?? 0) >= discountLimits.perMarket) {
            throw new AppError('VALIDATION_FAILED', { kind: 'discountLimit' });
          }
        }
        const values = columns(data);
        // "End date cannot be in the past" (SPEC §5): for a new end; an ended offer may still be
        // edited (its texts, switched off) without moving it.
        const endChanged = values.endsAt && values.endsAt.getTime() !== previous?.endsAt?.getTime();
        if (endChanged && values.endsAt!.getTime() <= now) {
          throw new AppError('VALIDATION_FAILED', { endsAt: 'endDateInPast' });
        }
        if (data.kind === 'bundle') await this.checkBundleProducts(db, marketId, data);
        if (data.kind === 'popup' && data.active) await this.checkNoOverlap(db, marketId, values, id);
        if (data.kind === 'code') await this.checkCodeFree(db, marketId, data, id);

        let discountId = id;
        if (id) {
          await db
            .update(discounts)
            .set({ ...values, updatedAt: new Date(now) })
            .where(eq(discounts.id, id));
        } else {
          const [row] = await db
            .insert(discounts)
            .values({ marketId, ...values })
            .returning({ id: discounts.id });
          discountId = row!.id;
        }
        if (data.kind === 'bundle') {
          await db.delete(discountProducts).where(eq(discountProducts.discountId, discountId!));
          await db.insert(discountProducts).values(
            data.productIds.map((productId, position) => ({
              discountId: discountId!,
              productId,
              marketId,
              position,
            })),
          );
        }
        return discountId!;
      });
      if (data.kind !== 'code') await bumpCatalogVersion(this.ctx, marketId);
      return written;
    } catch (error) {
      if (isUniqueViolation(error, 'discounts_market_code_key')) {
        throw new AppError('DISCOUNT_CODE_TAKEN', { code: 'DISCOUNT_CODE_TAKEN' });
      }
      throw error;
    }
  }

  /** Up to three products, each of this store (SPEC §5: "up to 3 products"). */
  private async checkBundleProducts(db: Db, marketId: string, data: BundleData) {
    const found = await db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.marketId, marketId), inArray(products.id, data.productIds)));
    const own = new Set(found.map((p) => p.id));
    const fields: Record<string, 'productNotInStore'> = {};
    data.productIds.forEach((productId, index) => {
      if (!own.has(productId)) fields[`productIds.${index}`] = 'productNotInStore';
    });
    if (Object.keys(fields).length) throw new AppError('VALIDATION_FAILED', fields);
  }

  /** One pop-up at a time: no other active pop-up of the store may share a moment with this one. */
  private async checkNoOverlap(db: Db, marketId: string, values: ReturnType<typeof columns>, id: string | undefined) {
    const [other] = await db
      .select({ id: discounts.id })
      .from(discounts)
      .where(
        and(
          eq(discounts.marketId, marketId),
          eq(discounts.kind, 'popup'),
          eq(discounts.active, true),
          id ? ne(discounts.id, id) : undefined,
          sql`${discounts.startsAt} < ${values.endsAt} and ${discounts.endsAt} > ${values.startsAt}`,
        ),
      )
      .limit(1);
    if (other) throw new AppError('POPUP_OVERLAP', { startsAt: 'POPUP_OVERLAP' });
  }

  /** A code once per store, compared as shoppers type it (any case). */
  private async checkCodeFree(db: Db, marketId: string, data: CodeData, id: string | undefined) {
    const [other] = await db
      .select({ id: discounts.id })
      .from(discounts)
      .where(
        and(
          eq(discounts.marketId, marketId),
          eq(discounts.codeKey, normalizeDiscountCode(data.code)),
          id ? ne(discounts.id, id) : undefined,
        ),
      )
      .limit(1);
    if (other) throw new AppError('DISCOUNT_CODE_TAKEN', { code: 'DISCOUNT_CODE_TAKEN' });
  }

  /** Views of rows, with their bundles' products (a shopper sees only those on sale). */
  private async views(rows: DiscountRow[], viewer: Viewer): Promise<DiscountView[]> {
    const now = this.clock();
    const bundleIds = rows.filter((r) => r.kind === 'bundle').map((r) => r.id);
    const byBundle = new Map<string, ProductRow[]>();
    if (bundleIds.length) {
      const linked = await this.ctx.db
        .select({
          discountId: discountProducts.discountId,
          id: products.id,
          title: products.title,
          images: products.images,
          price: products.price,
          inStock: products.inStock,
          variantCount: products.variantCount,
          status: products.status,
        })
        .from(discountProducts)
        .innerJoin(products, eq(products.id, discountProducts.productId))
        .where(inArray(discountProducts.discountId, bundleIds))
        .orderBy(asc(discountProducts.discountId), asc(discountProducts.position));
      for (const { discountId, ...product } of linked) {
        if (viewer !== 'owner' && product.status !== 'active') continue;
        byBundle.set(discountId, [...(byBundle.get(discountId) ?? []), product]);
      }
    }
    return rows.map((row) => toView(row, byBundle.get(row.id) ?? [], now));
  }
}
