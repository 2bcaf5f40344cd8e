import { type AdjustStockInput, type InventoryRow, inventoryQuerySchema, LOW_STOCK, type Page } from '@shop/shared';
import type { z } from 'zod';
import { type Db, rowsOf } from '../../db/client.js';
import { sql } from '../../db/sql-text.js';
import type { AppContext } from '../../platform/context.js';
import { folded, searchPattern } from '../../platform/search.js';
import { bumpCatalogVersion } from '../market/hooks.js';
import { adjustStock } from '../product/stock.js';

interface RawRow {
  product_id: string;
  variant_id: string | null;
  title: string;
  variant_title: string | null;
  sku: string | null;
  image_url: string | null;
  stock: number;
  held: number;
  held_until: Date | string | null;
  track_quantity: boolean;
  continue_selling: boolean;
  total: number;
}

/** What shoppers can still buy of a SKU; null when its count doesn't limit sales. */
function availableOf(r: RawRow): number | null {
  return r.track_quantity && !r.continue_selling ? Math.max(r.stock - r.held, 0) : null;
}

function levelOf(available: number | null): InventoryRow['level'] {
  return available === null ? 'ok' : available <= 0 ? 'out' : available <= LOW_STOCK ? 'low' : 'ok';
}

/** Every SKU of the market — products without variants, and each variant — with its stock. */
export class InventoryService {
  constructor(private readonly ctx: AppContext) {}

  async list(marketId: string, query: z.input<typeof inventoryQuerySchema>): Promise<Page<InventoryRow>> {
    const q = inventoryQuerySchema.parse(query);
    // Blind to the dot of i, as every search is (İ, I, ı and i are one letter to someone typing).
    const search = q.search ? searchPattern(q.search) : null;
    const matches = (column: string) =>
      sql`${folded(sql.raw(`coalesce(${column}, '')`))} like ${folded(sql`${search}::text`)}`;
    // Levels are what shoppers can still buy: on hand less what checkouts hold.
    const available = sql.raw('(stock - held)');
    const limited = sql.raw('track_quantity and not continue_selling');
    const level =
      q.level === 'out'
        ? sql`and ${limited} and ${available} <= 0`
        : q.level === 'low'
          ? sql`and ${limited} and ${available} > 0 and ${available} <= ${LOW_STOCK}`
          : sql``;
    const result = await this.ctx.db.execute(sql`
      with skus as (
        select p.id as product_id, null::uuid as variant_id, p.title, null::text as variant_title, p.sku,
               p.images->>0 as image_url, p.stock, p.reserved as held, p.track_quantity, p.continue_selling,
               0 as position
        from products p where p.market_id = ${marketId} and p.variant_count = 0
        union all
        select p.id, v.id, p.title,
               (select string_agg(value, ' / ') from jsonb_array_elements_text(v.options)), v.sku,
               coalesce(v.image_url, p.images->>0), v.stock, v.reserved, p.track_quantity, p.continue_selling,
               v.position
        from product_variants v join products p on p.id = v.product_id
        where v.market_id = ${marketId}
      ), page as (
        select *, count(*) over()::int as total from skus
        where (${search}::text is null or ${matches('title')} or ${matches('sku')} or ${matches('variant_title')})
        ${level}
        order by title collate az_icu, product_id, position
        limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}
      )
      -- When the holds end, for the units that have some (the market's held checkouts are few:
      -- each is held for 15 minutes).
      select page.*, case when page.held > 0 then (select max(o.reserved_until) from orders o
          join order_items i on i.order_id = o.id
          where o.market_id = ${marketId} and o.reservation = 'held' and i.tracked
            and i.product_id = page.product_id and i.variant_id is not distinct from page.variant_id) end as held_until
      from page order by page.title collate az_icu, page.product_id, page.position`);
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
        held: r.held,
        heldUntil: r.held > 0 && r.held_until ? new Date(r.held_until).toISOString() : null,
        available: availableOf(r),
        trackQuantity: r.track_quantity,
        level: levelOf(availableOf(r)),
      })),
      total: rows[0]?.total ?? 0,
      page: q.page,
      pageSize: q.pageSize,
    };
  }

  /** Adds or removes units with a reason, logged (the product module's stock ledger does it). */
  async adjust(marketId: string, userId: string, input: AdjustStockInput) {
    const result = await this.ctx.db.transaction(async (tx) =>
      adjustStock(tx as unknown as Db, marketId, userId, input),
    );
    await bumpCatalogVersion(this.ctx, marketId);
    return result;
  }
}
