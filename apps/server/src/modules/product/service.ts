import {
  type Page,
  type ProductData,
  type ProductListItem,
  type ProductListQuery,
  type ProductView,
  type Status,
  searchFold,
  type VariantView,
} from '@shop/shared';
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { isUniqueViolation } from '../../db/faults.js';
import { categories, products, productVariants } from '../../db/schema/index.js';
import { sql } from '../../db/sql-text.js';
import type { Viewer } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import type { KeptBody } from '../../platform/kept-bodies.js';
import { sanitizeRichText } from '../../platform/rich-text.js';
import { bumpCatalogVersion } from '../market/hooks.js';
import { listAnswer, listProducts } from './list.js';
import { assertHeldCovered } from './stock.js';

type ProductRow = typeof products.$inferSelect;
type VariantRow = typeof productVariants.$inferSelect;

/** The columns kept in step with the product's data so that lists filter and sort cheaply. */
function derived(data: ProductData) {
  const hasVariants = data.options.length > 0;
  const cheapest = hasVariants ? [...data.variants].sort((a, b) => a.price - b.price)[0] : undefined;
  const stock = hasVariants ? data.variants.reduce((sum, v) => sum + v.stock, 0) : data.stock;
  const skus = hasVariants ? data.variants.map((v) => v.sku) : [data.sku];
  return {
    price: cheapest?.price ?? data.price,
    compareAtPrice: (cheapest ? cheapest.compareAtPrice : data.compareAtPrice) ?? null,
    stock,
    variantCount: hasVariants ? data.variants.length : 0,
    inStock: !data.trackQuantity || data.continueSelling || stock > 0,
    searchText: searchFold([data.title, ...skus].filter(Boolean).join(' ')),
  };
}

function toVariantView(row: VariantRow): VariantView {
  return {
    id: row.id,
    options: row.options,
    price: row.price,
    compareAtPrice: row.compareAtPrice,
    sku: row.sku,
    barcode: row.barcode,
    stock: row.stock,
    held: row.reserved,
    imageUrl: row.imageUrl,
  };
}

function toProductView(row: ProductRow, variants: VariantRow[], viewer: Viewer): ProductView {
  const view: ProductView = {
    id: row.id,
    marketId: row.marketId,
    title: row.title,
    description: row.description,
    categoryId: row.categoryId,
    images: row.images,
    price: row.price,
    compareAtPrice: row.compareAtPrice,
    trackQuantity: row.trackQuantity,
    continueSelling: row.continueSelling,
    hasSku: row.hasSku,
    sku: row.sku,
    barcode: row.barcode,
    stock: row.stock,
    held: row.reserved + variants.reduce((sum, v) => sum + v.reserved, 0),
    status: row.status,
    weightGrams: row.weightGrams,
    options: row.options,
    variants: variants.map(toVariantView),
    inStock: row.inStock,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
  if (viewer === 'owner') return view;
  // A shopper learns whether something can be bought, not the shop's counts and codes.
  return {
    ...view,
    barcode: null,
    stock: row.inStock ? 1 : 0,
    held: 0,
    weightGrams: null,
    variants: view.variants.map((v) => ({
      ...v,
      barcode: null,
      held: 0,
      stock: !row.trackQuantity || row.continueSelling || v.stock > 0 ? 1 : 0,
    })),
  };
}

/**
 * The form's counts applied as changes to the counts as they are now (ProductData.stockSeen):
 * units sold while the form was open stay sold. A change that would go below zero is refused.
 */
function rebaseStock(data: ProductData, productStock: number, variantStock: Map<string, number>): ProductData {
  const rebase = (typed: number, seen: number | undefined, now: number | undefined, field: string) => {
    if (seen === undefined || now === undefined) return typed;
    const stock = now + (typed - seen);
    if (stock < 0) throw new AppError('STOCK_WOULD_BE_NEGATIVE', { [field]: 'STOCK_WOULD_BE_NEGATIVE' });
    return stock;
  };
  return {
    ...data,
    stock: rebase(data.stock, data.stockSeen, productStock, 'stock'),
    variants: data.variants.map((v, i) => ({
      ...v,
      stock: rebase(v.stock, v.stockSeen, v.id ? variantStock.get(v.id) : undefined, `variants.${i}.stock`),
    })),
  };
}

export class ProductService {
  constructor(private readonly ctx: AppContext) {}

  list(market: { id: string; catalogVersion: number }, query: ProductListQuery, viewer: Viewer) {
    return listProducts(this.ctx.db, market, query, viewer);
  }

  /** The list as its answer's bytes, kept by the list's key (product/list.ts listAnswer). */
  listAnswer(
    market: { id: string; catalogVersion: number },
    query: ProductListQuery,
    viewer: Viewer,
    write: (page: Page<ProductListItem>) => KeptBody,
  ) {
    return listAnswer(this.ctx.db, market, query, viewer, write);
  }

  async get(marketId: string, id: string, viewer: Viewer, db: Db = this.ctx.db): Promise<ProductView> {
    const conditions = [eq(products.id, id), eq(products.marketId, marketId)];
    if (viewer === 'public') conditions.push(eq(products.status, 'active'));
    const [row] = await db
      .select()
      .from(products)
      .where(and(...conditions))
      .limit(1);
    if (!row) throw new AppError('NOT_FOUND');
    const variants = await db
      .select()
      .from(productVariants)
      .where(eq(productVariants.productId, id))
      .orderBy(asc(productVariants.position));
    return toProductView(row, variants, viewer);
  }

  /** The category must be one of this market's: another market's id reads as "none chosen". */
  private async assertCategory(db: Db, marketId: string, categoryId: string) {
    const [category] = await db
      .select({ id: categories.id })
      .from(categories)
      .where(and(eq(categories.id, categoryId), eq(categories.marketId, marketId)))
      .limit(1);
    if (!category) throw new AppError('VALIDATION_FAILED', { categoryId: 'categoryRequired' });
  }

  private async assertTitleFree(db: Db, marketId: string, title: string, exceptId?: string) {
    const conditions = [eq(products.marketId, marketId), sql`lower(${products.title}) = lower(${title})`];
    if (exceptId) conditions.push(ne(products.id, exceptId));
    const [taken] = await db
      .select({ id: products.id })
      .from(products)
      .where(and(...conditions))
      .limit(1);
    if (taken) throw new AppError('PRODUCT_NAME_TAKEN', { title: 'PRODUCT_NAME_TAKEN' });
  }

  private columns(data: ProductData) {
    const hasVariants = data.options.length > 0;
    return {
      categoryId: data.categoryId,
      title: data.title,
      description: sanitizeRichText(data.description),
      trackQuantity: data.trackQuantity,
      continueSelling: data.continueSelling,
      hasSku: data.hasSku,
      // With variants, codes live on the variants.
      sku: hasVariants ? null : data.sku || null,
      barcode: hasVariants ? null : data.barcode || null,
      status: data.status as Status,
      weightGrams: data.weightGrams ?? null,
      images: data.images,
      options: data.options,
      ...derived(data),
    };
  }

  /**
   * One transaction per save: the product and its variants are written whole or not at all.
   * `bump: false`: the caller moves the catalog version once for many saves (the CSV import).
   */
  async create(marketId: string, data: ProductData, { bump = true } = {}): Promise<ProductView> {
    const view = await this.write(async (tx) => {
      await this.assertCategory(tx, marketId, data.categoryId);
      await this.assertTitleFree(tx, marketId, data.title);
      const [row] = await tx
        .insert(products)
        .values({ marketId, ...this.columns(data) })
        .returning({ id: products.id });
      const id = (row as { id: string }).id;
      if (data.variants.length) {
        if (data.variants.some((v) => v.id)) throw new AppError('VALIDATION_FAILED', { variants: 'variantsMismatch' });
        await tx
          .insert(productVariants)
          .values(data.variants.map((v, position) => this.variantColumns(id, marketId, v, position)));
      }
      return this.get(marketId, id, 'owner', tx);
    });
    if (bump) await bumpCatalogVersion(this.ctx, marketId);
    return view;
  }

  private variantColumns(productId: string, marketId: string, v: ProductData['variants'][number], position: number) {
    return {
      productId,
      marketId,
      position,
      options: v.options,
      price: v.price,
      compareAtPrice: v.compareAtPrice ?? null,
      sku: v.sku || null,
      barcode: v.barcode || null,
      stock: v.stock,
      imageUrl: v.imageUrl ?? null,
    };
  }

  async update(marketId: string, id: string, input: ProductData, { bump = true } = {}): Promise<ProductView> {
    const view = await this.write(async (tx) => {
      const [current] = await tx
        .select({ id: products.id, stock: products.stock })
        .from(products)
        .where(and(eq(products.id, id), eq(products.marketId, marketId)))
        .for('update');
      if (!current) throw new AppError('NOT_FOUND');
      let data = input;
      await this.assertCategory(tx, marketId, data.categoryId);
      await this.assertTitleFree(tx, marketId, data.title, id);

      // Variants that stay keep their ids (orders and carts point at them); new ones are added,
      // the rest removed. An id that is not one of this product's variants is refused.
      const existing = await tx
        .select({ id: productVariants.id, stock: productVariants.stock })
        .from(productVariants)
        .where(eq(productVariants.productId, id))
        .for('update');
      const existingIds = new Set(existing.map((v) => v.id));
      data = rebaseStock(data, current.stock, new Map(existing.map((v) => [v.id, v.stock])));
      const keptIds = new Set<string>();
      for (const v of data.variants) {
        if (v.id && (!existingIds.has(v.id) || keptIds.has(v.id))) {
          throw new AppError('VALIDATION_FAILED', { variants: 'variantsMismatch' });
        }
        if (v.id) keptIds.add(v.id);
      }
      const removed = [...existingIds].filter((variantId) => !keptIds.has(variantId));
      if (removed.length) await tx.delete(productVariants).where(inArray(productVariants.id, removed));
      for (const [position, v] of data.variants.entries()) {
        const columns = this.variantColumns(id, marketId, v, position);
        if (v.id) await tx.update(productVariants).set(columns).where(eq(productVariants.id, v.id));
        else await tx.insert(productVariants).values(columns);
      }
      await tx
        .update(products)
        .set({ ...this.columns(data), updatedAt: new Date() })
        .where(eq(products.id, id));
      // Counts and selling rules never fall below what checkouts hold (product/stock.ts).
      const variantIds = await tx
        .select({ id: productVariants.id })
        .from(productVariants)
        .where(eq(productVariants.productId, id))
        .orderBy(asc(productVariants.position));
      await assertHeldCovered(tx, marketId, id, ({ variantId }) => {
        const index = variantId ? variantIds.findIndex((v) => v.id === variantId) : -1;
        return index >= 0 ? `variants.${index}.stock` : 'stock';
      });
      return this.get(marketId, id, 'owner', tx);
    });
    if (bump) await bumpCatalogVersion(this.ctx, marketId);
    return view;
  }

  async remove(marketId: string, id: string): Promise<void> {
    const deleted = await this.ctx.db
      .delete(products)
      .where(and(eq(products.id, id), eq(products.marketId, marketId)))
      .returning({ id: products.id });
    if (!deleted.length) throw new AppError('NOT_FOUND');
    await bumpCatalogVersion(this.ctx, marketId);
  }

  /** Activate, deactivate or delete several products; ids of other markets are not touched. */
  async bulk(marketId: string, ids: string[], action: 'activate' | 'deactivate' | 'delete') {
    const mine = and(eq(products.marketId, marketId), inArray(products.id, ids));
    const changed =
      action === 'delete'
        ? await this.ctx.db.delete(products).where(mine).returning({ id: products.id })
        : await this.ctx.db
            .update(products)
            .set({ status: action === 'activate' ? 'active' : 'passive', updatedAt: new Date() })
            .where(mine)
            .returning({ id: products.id });
    await bumpCatalogVersion(this.ctx, marketId);
    return { changed: changed.length };
  }

  /** Runs a save in a transaction and turns the title's unique index into its message. */
  private async write<T>(work: (tx: Db) => Promise<T>): Promise<T> {
    try {
      return await this.ctx.db.transaction((tx) => work(tx as unknown as Db));
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('PRODUCT_NAME_TAKEN', { title: 'PRODUCT_NAME_TAKEN' });
      throw error;
    }
  }
}
