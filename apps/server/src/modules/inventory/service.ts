import { type AdjustStockInput, catalogLimits, type InventoryRow, inventoryQuerySchema, type Page } from '@shop/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, rowsOf } from '../../db/client.js';
import { inventoryAdjustments, products, productVariants } from '../../db/schema/index.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { bumpCatalogVersion } from '../product/cache.js';

interface RawRow {
  product_id: string;
  variant_id: string | null;
  title: string;
  variant_title: string | null;
  sku: string | null;
  image_url: string | null;
  stock: number;
  track_quantity: boolean;
  total: number;
}

const LOW = catalogLimits.lowStock;

/** Every SKU of the market — products without variants, and each variant — with its stock. */
export class InventoryService {
  constructor(private readonly ctx: AppContext) {}

  async list(marketId: string, query: z.input<typeof inventoryQuerySchema>): Promise<Page<InventoryRow>> {
    const q = inventoryQuerySchema.parse(query);
    const search = q.search ? `%${q.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
    const level =
      q.level === 'out'
        ? sql`and track_quantity and stock <= 0`
        : q.level === 'low'
          ? sql`and track_quantity and stock > 0 and stock <= ${LOW}`
          : sql``;
    const result = await this.ctx.db.execute(sql`
      with skus as (
        select p.id as product_id, null::uuid as variant_id, p.title, null::text as variant_title, p.sku,
               p.images->>0 as image_url, p.stock, p.track_quantity, 0 as position
        from products p where p.market_id = ${marketId} and p.variant_count = 0
        union all
        select p.id, v.id, p.title,
               (select string_agg(value, ' / ') from jsonb_array_elements_text(v.options)), v.sku,
               coalesce(v.image_url, p.images->>0), v.stock, p.track_quantity, v.position
        from product_variants v join products p on p.id = v.product_id
        where v.market_id = ${marketId}
      )
      select *, count(*) over()::int as total from skus
      where (${search}::text is null or lower(title) like ${search} or lower(coalesce(sku, '')) like ${search}
             or lower(coalesce(variant_title, '')) like ${search})
      ${level}
      order by lower(title), product_id, position
      limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`);
    const rows = rowsOf<RawRow>(result);
    return {
      items: rows.map((r) => ({
        productId: r.product_id,
        variantId: r.variant_id,
        title: r.title,
        variantTitle: r.variant_title,
        sku: r.sku,
        imageUrl: r.image_url,
        stock: r.stock,
        trackQuantity: r.track_quantity,
        level: !r.track_quantity ? 'ok' : r.stock <= 0 ? 'out' : r.stock <= LOW ? 'low' : 'ok',
      })),
      total: rows[0]?.total ?? 0,
      page: q.page,
      pageSize: q.pageSize,
    };
  }

  /**
   * Adds or removes units with a reason, logged. The product row is locked first (then its
   * variant), the order every stock change keeps, so concurrent changes queue up safely.
   */
  async adjust(marketId: string, userId: string, input: AdjustStockInput) {
    const result = await this.ctx.db.transaction(async (tx) => {
      const db = tx as unknown as Db;
      const [product] = await db
        .select()
        .from(products)
        .where(and(eq(products.id, input.productId), eq(products.marketId, marketId)))
        .for('update');
      if (!product) throw new AppError('NOT_FOUND');
      let stockAfter: number;
      if (product.variantCount > 0) {
        if (!input.variantId) throw new AppError('VALIDATION_FAILED', { variantId: 'required' });
        const [variant] = await db
          .select()
          .from(productVariants)
          .where(and(eq(productVariants.id, input.variantId), eq(productVariants.productId, product.id)))
          .for('update');
        if (!variant) throw new AppError('NOT_FOUND');
        stockAfter = variant.stock + input.delta;
        if (stockAfter < 0) throw new AppError('STOCK_WOULD_BE_NEGATIVE', { delta: 'STOCK_WOULD_BE_NEGATIVE' });
        await db.update(productVariants).set({ stock: stockAfter }).where(eq(productVariants.id, variant.id));
      } else {
        if (input.variantId) throw new AppError('NOT_FOUND');
        stockAfter = product.stock + input.delta;
        if (stockAfter < 0) throw new AppError('STOCK_WOULD_BE_NEGATIVE', { delta: 'STOCK_WOULD_BE_NEGATIVE' });
      }
      const productStock = product.stock + input.delta;
      // Past the limit of the product form, and before the column's integer range ends.
      if (stockAfter > catalogLimits.stock || productStock > catalogLimits.stock) {
        throw new AppError('VALIDATION_FAILED', { delta: 'invalidStock' });
      }
      await db
        .update(products)
        .set({
          stock: productStock,
          inStock: !product.trackQuantity || product.continueSelling || productStock > 0,
          updatedAt: new Date(),
        })
        .where(eq(products.id, product.id));
      await db.insert(inventoryAdjustments).values({
        marketId,
        productId: product.id,
        variantId: input.variantId ?? null,
        delta: input.delta,
        stockAfter,
        reason: input.reason,
        note: input.note || null,
        userId,
      });
      return { productId: product.id, variantId: input.variantId ?? null, stock: stockAfter, productStock };
    });
    await bumpCatalogVersion(this.ctx, marketId);
    return result;
  }
}
