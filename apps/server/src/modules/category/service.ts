import type { CategoryInput, CategoryView } from '@shop/shared';
import { and, asc, count, eq, ne } from 'drizzle-orm';
import { isUniqueViolation } from '../../db/faults.js';
import { categories, products } from '../../db/schema/index.js';
import { sql } from '../../db/sql-text.js';
import type { Viewer } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { bumpCatalogVersion } from '../market/hooks.js';

type CategoryRow = typeof categories.$inferSelect;
type CategoryData = Omit<CategoryInput, 'marketId'>;

function toView(row: CategoryRow, productCount: number): CategoryView {
  return {
    id: row.id,
    marketId: row.marketId,
    name: row.name,
    description: row.description,
    imageUrl: row.imageUrl,
    status: row.status,
    productCount,
    createdAt: row.createdAt.toISOString(),
  };
}

export class CategoryService {
  constructor(private readonly ctx: AppContext) {}

  /** With product counts; a shopper sees active categories and counts of active products. */
  async list(marketId: string, viewer: Viewer): Promise<CategoryView[]> {
    const productFilter =
      viewer === 'public'
        ? and(eq(products.categoryId, categories.id), eq(products.status, 'active'))
        : eq(products.categoryId, categories.id);
    const rows = await this.ctx.db
      .select({ category: categories, productCount: count(products.id) })
      .from(categories)
      .leftJoin(products, productFilter)
      .where(
        viewer === 'public'
          ? and(eq(categories.marketId, marketId), eq(categories.status, 'active'))
          : eq(categories.marketId, marketId),
      )
      .groupBy(categories.id)
      // Azerbaijani alphabetical order (migration 0010, decision 014).
      .orderBy(asc(sql`${categories.name} collate az_icu`), asc(categories.id));
    return rows.map((r) => toView(r.category, r.productCount));
  }

  async get(marketId: string, id: string, viewer: Viewer): Promise<CategoryView> {
    const list = await this.list(marketId, viewer);
    const found = list.find((c) => c.id === id);
    if (!found) throw new AppError('NOT_FOUND');
    return found;
  }

  private async assertNameFree(marketId: string, name: string, exceptId?: string) {
    const conditions = [eq(categories.marketId, marketId), sql`lower(${categories.name}) = lower(${name})`];
    if (exceptId) conditions.push(ne(categories.id, exceptId));
    const [taken] = await this.ctx.db
      .select({ id: categories.id })
      .from(categories)
      .where(and(...conditions))
      .limit(1);
    if (taken) throw new AppError('CATEGORY_NAME_TAKEN', { name: 'CATEGORY_NAME_TAKEN' });
  }

  private columns(data: CategoryData) {
    return {
      name: data.name,
      description: data.description || null,
      imageUrl: data.imageUrl ?? null,
      status: data.status ?? 'active',
    };
  }

  async create(marketId: string, data: CategoryData): Promise<CategoryView> {
    await this.assertNameFree(marketId, data.name);
    try {
      const [row] = await this.ctx.db
        .insert(categories)
        .values({ marketId, ...this.columns(data) })
        .returning();
      // Store pages show categories (grids, menus, filters): kept ones start again.
      await bumpCatalogVersion(this.ctx, marketId);
      return toView(row as CategoryRow, 0);
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('CATEGORY_NAME_TAKEN', { name: 'CATEGORY_NAME_TAKEN' });
      throw error;
    }
  }

  async update(marketId: string, id: string, data: CategoryData): Promise<CategoryView> {
    await this.assertNameFree(marketId, data.name, id);
    try {
      const [row] = await this.ctx.db
        .update(categories)
        .set({ ...this.columns(data), updatedAt: new Date() })
        .where(and(eq(categories.id, id), eq(categories.marketId, marketId)))
        .returning();
      if (!row) throw new AppError('NOT_FOUND');
      await bumpCatalogVersion(this.ctx, marketId);
      return this.get(marketId, id, 'owner');
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('CATEGORY_NAME_TAKEN', { name: 'CATEGORY_NAME_TAKEN' });
      throw error;
    }
  }

  /** A category with products stays: every product needs one (SPEC §5). */
  async remove(marketId: string, id: string): Promise<void> {
    const [used] = await this.ctx.db
      .select({ n: count() })
      .from(products)
      .where(and(eq(products.categoryId, id), eq(products.marketId, marketId)));
    if ((used?.n ?? 0) > 0) throw new AppError('CATEGORY_IN_USE');
    const deleted = await this.ctx.db
      .delete(categories)
      .where(and(eq(categories.id, id), eq(categories.marketId, marketId)))
      .returning({ id: categories.id });
    if (!deleted.length) throw new AppError('NOT_FOUND');
    await bumpCatalogVersion(this.ctx, marketId);
  }
}
