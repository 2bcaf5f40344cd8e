import {
  type AcceptPopupInput,
  type AddBundleInput,
  type AddToBasketInput,
  acceptPopupSchema,
  addBundleSchema,
  type Basket,
  type BasketLine,
  commerceLimits,
  type UpdateBasketItemInput,
} from '@shop/shared';
import type { SQL } from 'drizzle-orm';
import { type Db, executeLast, rowsOf } from '../../db/client.js';
import { sql } from '../../db/sql-text.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { priceLines } from '../checkout/pricing.js';
import {
  type CartDiscountRow,
  cartDiscountColumn,
  findLiveBundle,
  findLivePopup,
  isLive,
  type LiveBundle,
  liveBundlesColumn,
  readBundles,
  readCartDiscount,
} from '../discount/offers.js';

interface LineRow {
  id: string;
  product_id: string;
  variant_id: string | null;
  quantity: number;
  title: string;
  product_image: string | null;
  product_price: number;
  product_compare_at: number | null;
  track_quantity: boolean;
  continue_selling: boolean;
  product_stock: number;
  product_reserved: number;
  weight_grams: number | null;
  variant_options: string[] | null;
  variant_price: number | null;
  variant_compare_at: number | null;
  variant_stock: number | null;
  variant_reserved: number | null;
  variant_image: string | null;
  variant_sku: string | null;
  product_sku: string | null;
}

/** A basket line as read live: price, stock and picture from the product (and its variant). */
export interface LiveLine extends Omit<BasketLine, 'bundleId' | 'bundleUnits' | 'discount'> {
  sku: string | null;
  /** Grams of one unit. */
  unitWeightGrams: number;
  tracked: boolean;
}

/**
 * Basket lines with live prices, in the order they were added; lines of products no longer on
 * sale are left out. `where` picks the basket (`b` is the basket, `bi` its lines); `suffix` ends
 * the statement (a lock).
 */
type QueriedLine = LineRow & { basket_id: string; popup_id: string | null; bundles: unknown; popup: unknown };

/**
 * …and, on every row, the offers that price them (decision 018): the store's live bundles of the
 * basket's products and the pop-up the visitor accepted. `basket` names the basket as an
 * expression without `b`, so that both are computed once for the statement, not per line.
 */
async function queryLines(db: Db, marketId: string, basket: SQL, where: SQL, suffix?: SQL): Promise<QueriedLine[]> {
  const now = new Date();
  return rowsOf<QueriedLine>(
    await db.execute(sql`
      select b.id as basket_id, b.popup_id,
        ${liveBundlesColumn(sql`${marketId}::uuid`, sql`array(select product_id from basket_items where basket_id = ${basket})`, now)} as bundles,
        ${cartDiscountColumn(sql`(select popup_id from baskets where id = ${basket})`)} as popup,
        bi.id, bi.product_id, bi.variant_id, bi.quantity,
        p.title, p.images->>0 as product_image, p.price as product_price,
        p.compare_at_price as product_compare_at, p.track_quantity, p.continue_selling,
        p.stock as product_stock, p.reserved as product_reserved, p.weight_grams, p.sku as product_sku,
        v.options as variant_options, v.price as variant_price, v.compare_at_price as variant_compare_at,
        v.stock as variant_stock, v.reserved as variant_reserved, v.image_url as variant_image, v.sku as variant_sku
      from baskets b
      join basket_items bi on bi.basket_id = b.id
      join products p on p.id = bi.product_id and p.status = 'active'
      left join product_variants v on v.id = bi.variant_id
      where ${where}
        and (bi.variant_id is null) = (p.variant_count = 0)
        and (bi.variant_id is null or v.id is not null)
      order by bi.created_at, bi.id ${suffix ?? sql``}`),
  );
}

function liveLine(r: LineRow): LiveLine {
  const hasVariant = r.variant_id !== null;
  const unitPrice = (hasVariant ? r.variant_price : r.product_price) as number;
  const stock = (hasVariant ? r.variant_stock : r.product_stock) as number;
  const reserved = (hasVariant ? r.variant_reserved : r.product_reserved) as number;
  const limited = r.track_quantity && !r.continue_selling;
  return {
    id: r.id,
    productId: r.product_id,
    variantId: r.variant_id,
    title: r.title,
    variantTitle: r.variant_options?.join(' / ') ?? null,
    imageUrl: (hasVariant && r.variant_image) || r.product_image,
    unitPrice,
    compareAtPrice: hasVariant ? r.variant_compare_at : r.product_compare_at,
    quantity: r.quantity,
    lineTotal: unitPrice * r.quantity,
    available: limited ? Math.max(stock - reserved, 0) : null,
    sku: (hasVariant ? r.variant_sku : r.product_sku) ?? null,
    unitWeightGrams: r.weight_grams ?? 0,
    tracked: r.track_quantity,
  };
}

/** The offers that price a basket: live bundles of its products, and its pop-up while live. */
export interface BasketOffers {
  bundles: LiveBundle[];
  popup: CartDiscountRow | null;
}

function offersOf(rows: QueriedLine[]): BasketOffers {
  const [first] = rows;
  const popup = first ? readCartDiscount(first.popup) : null;
  return {
    bundles: first ? readBundles(first.bundles) : [],
    popup: popup && isLive(popup, new Date()) ? popup : null,
  };
}

/** The basket's lines with live prices, and the offers that price them. */
export async function readLines(
  db: Db,
  basket: { id: string; marketId: string },
): Promise<{ lines: LiveLine[]; offers: BasketOffers }> {
  const rows = await queryLines(db, basket.marketId, sql`${basket.id}::uuid`, sql`bi.basket_id = ${basket.id}`);
  return { lines: rows.map(liveLine), offers: offersOf(rows) };
}

/**
 * The visitor's basket, locked until the transaction ends (checkouts of one basket queue on it),
 * with its lines: one statement. Null when the basket is missing or has nothing on sale.
 */
export async function lockBasketLines(
  tx: Db,
  marketId: string,
  uniqueCode: string,
): Promise<{ basketId: string; lines: LiveLine[]; offers: BasketOffers } | null> {
  // The lines by their basket's id (found once, as the statement starts): whatever the tables'
  // statistics say, the lines are then read by their index, never by walking every basket's.
  const basket = sql`(select id from baskets where market_id = ${marketId} and unique_code = ${uniqueCode})`;
  const rows = await queryLines(tx, marketId, basket, sql`bi.basket_id = ${basket}`, sql`for update of b`);
  const [first] = rows;
  return first ? { basketId: first.basket_id, lines: rows.map(liveLine), offers: offersOf(rows) } : null;
}

/**
 * What a bought order spends of the shopper's basket, in the transaction that pays it (payment/
 * service.ts) or places it to be paid in cash (checkout/service.ts): its units leave the basket
 * (anything added since stays; one statement for every unit: a variant id or, without variants,
 * the product's), and the pop-up it used is spent, so the visitor's next cart is priced without it.
 */
export async function spendBasket(
  tx: Db,
  order: { basketId: string | null; discountId: string | null; discount: { kind: string } | null },
  bought: { productId: string | null; variantId: string | null }[],
  options: { last?: boolean } = {},
): Promise<void> {
  if (!order.basketId) return;
  const popup =
    order.discountId && order.discount?.kind === 'popup'
      ? sql`with spent as (update baskets set popup_id = null where id = ${order.basketId} and popup_id = ${order.discountId}) `
      : sql``;
  // The transaction's last statement may carry its commit (db/client.ts).
  await executeLast(
    tx,
    sql`${popup}delete from basket_items where basket_id = ${order.basketId}
    and coalesce(variant_id, product_id) = any(${sql.param(bought.map((i) => i.variantId ?? i.productId))}::uuid[])`,
    options.last === true,
  );
}

/** The basket as the shopper sees it, priced with its offers by the checkout's own pricing. */
export function basketView(
  basket: { id: string; marketId: string; uniqueCode: string },
  { lines, offers }: { lines: LiveLine[]; offers: BasketOffers },
): Basket {
  const priced = priceLines(lines, { bundles: offers.bundles, cartDiscount: offers.popup, shippingPrice: 0 });
  return {
    id: basket.id,
    marketId: basket.marketId,
    uniqueCode: basket.uniqueCode,
    items: lines.map(({ sku: _sku, unitWeightGrams: _w, tracked: _t, ...line }, index) => {
      const p = priced.lines[index]!;
      return { ...line, bundleId: p.bundleId, bundleUnits: p.bundleUnits, discount: p.discount };
    }),
    itemCount: lines.reduce((n, l) => n + l.quantity, 0),
    subtotal: priced.order.subtotal,
    bundleDiscount: priced.order.bundleDiscount,
    discount: priced.order.discount,
    discountTotal: priced.order.discountTotal,
    total: priced.order.total,
    currency: 'AZN',
  };
}

interface BasketRow {
  id: string;
  marketId: string;
  uniqueCode: string;
}

/**
 * The basket of a visitor in a market (DESIGN §4 shopper identity): anything a shopper changes
 * is found by (market, uniqueCode), so one visitor can never reach another's basket.
 */
export class BasketService {
  constructor(private readonly ctx: AppContext) {}

  async find(db: Db, marketId: string, uniqueCode: string): Promise<BasketRow | null> {
    const [row] = rowsOf<{ id: string }>(
      await db.execute(sql`select id from baskets where market_id = ${marketId} and unique_code = ${uniqueCode}`),
    );
    return row ? { id: row.id, marketId, uniqueCode } : null;
  }

  /** The visitor's basket, made on first use; one round trip either way. */
  async findOrCreate(db: Db, marketId: string, uniqueCode: string): Promise<BasketRow> {
    for (let attempt = 0; attempt < 2; attempt++) {
      // Read first so an existing basket costs no write; insert only when there is none. Two
      // first adds at once: one inserts, the other finds nothing to return and reads again.
      const [row] = rowsOf<{ id: string }>(
        await db.execute(sql`with found as (
            select id from baskets where market_id = ${marketId} and unique_code = ${uniqueCode}
          ), made as (
            insert into baskets (market_id, unique_code)
            select ${marketId}, ${uniqueCode} where not exists (select 1 from found)
              and exists (select 1 from markets where id = ${marketId} and closed_at is null)
            on conflict (market_id, unique_code) do nothing
            returning id
          )
          select id from found union all select id from made`),
      );
      if (row) return { id: row.id, marketId, uniqueCode };
      // A closed store (decision 023) is no store to a shopper.
      const [market] = rowsOf<{ id: string }>(
        await db.execute(sql`select id from markets where id = ${marketId} and closed_at is null`),
      );
      if (!market) throw new AppError('NOT_FOUND');
    }
    throw new AppError('INVALID_SESSION_OR_STORE');
  }

  async getOrCreate(marketId: string, uniqueCode: string): Promise<Basket> {
    const basket = await this.findOrCreate(this.ctx.db, marketId, uniqueCode);
    return basketView(basket, await readLines(this.ctx.db, basket));
  }

  /** GET /Basket/{id}: the id is unguessable, and the visitor must match when given. */
  async byId(id: string, uniqueCode?: string): Promise<Basket> {
    const [row] = rowsOf<{ id: string; market_id: string; unique_code: string }>(
      await this.ctx.db.execute(sql`select id, market_id, unique_code from baskets where id = ${id}`),
    );
    if (!row || (uniqueCode !== undefined && row.unique_code !== uniqueCode)) throw new AppError('NOT_FOUND');
    const basket = { id: row.id, marketId: row.market_id, uniqueCode: row.unique_code };
    return basketView(basket, await readLines(this.ctx.db, basket));
  }

  /**
   * Three round trips, the hot path of every shop: read the unit with what the visitor's basket
   * holds of it, write basket and line in one statement, read the basket back.
   */
  async add(input: AddToBasketInput & { quantity: number }): Promise<Basket> {
    const basket = await this.addUnit(this.ctx.db, input);
    return basketView(basket, await readLines(this.ctx.db, basket));
  }

  /** Adds a unit (see add) and answers the basket. */
  private async addUnit(db: Db, input: AddToBasketInput & { quantity: number }): Promise<BasketRow> {
    const { marketId, uniqueCode } = input;
    const variantId = input.variantId ?? null;
    const [unit] = rowsOf<{
      id: string;
      variant_count: number;
      variant_id: string | null;
      limited: boolean;
      stock: number;
      reserved: number;
      current: number | null;
      lines: number;
    }>(
      await db.execute(sql`select p.id, p.variant_count, v.id as variant_id,
          p.track_quantity and not p.continue_selling as limited,
          coalesce(v.stock, p.stock) as stock, coalesce(v.reserved, p.reserved) as reserved,
          (select quantity from basket_items where basket_id = b.id and product_id = p.id
             and variant_id is not distinct from ${variantId}) as current,
          (select count(*)::int from basket_items where basket_id = b.id) as lines
        from products p
        left join product_variants v on v.id = ${variantId} and v.product_id = p.id
        left join baskets b on b.market_id = ${marketId} and b.unique_code = ${uniqueCode}
        where p.id = ${input.productId} and p.market_id = ${marketId} and p.status = 'active'
          and not exists (select 1 from markets m where m.id = p.market_id and m.closed_at is not null)`),
    );
    // Not on sale in this store (unknown, passive, another store's, a variant of another product,
    // a closed store's).
    if (!unit) throw new AppError('INVALID_SESSION_MARKET_PRODUCT');
    if (unit.variant_count > 0 && !variantId) throw new AppError('VALIDATION_FAILED', { variantId: 'required' });
    if ((unit.variant_count === 0 && variantId) || (variantId && !unit.variant_id)) {
      throw new AppError('INVALID_SESSION_MARKET_PRODUCT');
    }
    const quantity = (unit.current ?? 0) + input.quantity;
    if (quantity > commerceLimits.lineQuantity) {
      throw new AppError('VALIDATION_FAILED', { quantity: 'invalidQuantity' });
    }
    if (unit.limited && quantity > unit.stock - unit.reserved) {
      throw new AppError('OUT_OF_STOCK', { quantity: 'OUT_OF_STOCK' });
    }
    if (unit.current === null && unit.lines >= commerceLimits.basketLines) {
      throw new AppError('VALIDATION_FAILED', { productId: 'tooMany' });
    }
    // Two adds of the same unit at once both land: the line's quantity grows in the database,
    // and only while it stays within the cap (the quantity read above may have grown since).
    const cap = Math.min(
      unit.limited ? unit.stock - unit.reserved : commerceLimits.lineQuantity,
      commerceLimits.lineQuantity,
    );
    const [added] = rowsOf<{ basket_id: string }>(
      await db.execute(sql`with basket as (
          insert into baskets (market_id, unique_code) values (${marketId}, ${uniqueCode})
          on conflict (market_id, unique_code) do update set updated_at = now()
          returning id
        )
        insert into basket_items (basket_id, market_id, product_id, variant_id, quantity, created_at)
        select basket.id, ${marketId}, ${unit.id}, ${variantId}, ${input.quantity}, clock_timestamp() from basket
        on conflict (basket_id, product_id, coalesce(variant_id, '00000000-0000-0000-0000-000000000000'::uuid))
        do update set quantity = basket_items.quantity + excluded.quantity
        where basket_items.quantity + excluded.quantity <= ${cap}
        returning basket_id`),
    );
    if (!added) {
      if (cap < commerceLimits.lineQuantity) throw new AppError('OUT_OF_STOCK', { quantity: 'OUT_OF_STOCK' });
      throw new AppError('VALIDATION_FAILED', { quantity: 'invalidQuantity' });
    }
    return { id: added.basket_id, marketId, uniqueCode };
  }

  /**
   * POST /Basket/add-bundle: one of each of a live bundle's products, all or none (a product with
   * variants needs its chosen variant). The bundle's price is not written anywhere: pricing finds
   * the complete set in the cart while the bundle is live.
   */
  async addBundle(input: AddBundleInput): Promise<Basket> {
    const data = addBundleSchema.parse(input);
    const bundle = await findLiveBundle(this.ctx.db, data.marketId, data.bundleId, new Date());
    if (!bundle) throw new AppError('OFFER_ENDED');
    const missing: Record<string, 'chooseVariant'> = {};
    for (const product of bundle.products) {
      if (product.variantCount > 0 && !data.variants[product.id]) missing[`variants.${product.id}`] = 'chooseVariant';
    }
    if (Object.keys(missing).length) throw new AppError('VALIDATION_FAILED', missing);
    const basket = await this.ctx.db.transaction(async (t) => {
      const tx = t as unknown as Db;
      let row: BasketRow | null = null;
      for (const product of bundle.products) {
        row = await this.addUnit(tx, {
          marketId: data.marketId,
          uniqueCode: data.uniqueCode,
          productId: product.id,
          variantId: product.variantCount > 0 ? data.variants[product.id] : null,
          quantity: 1,
        });
      }
      return row as BasketRow;
    });
    return basketView(basket, await readLines(this.ctx.db, basket));
  }

  /** POST /Basket/accept-popup: the store's live pop-up's percent comes off this visitor's cart. */
  async acceptPopup(input: AcceptPopupInput): Promise<Basket> {
    const data = acceptPopupSchema.parse(input);
    const popup = await findLivePopup(this.ctx.db, data.marketId, data.popupId, new Date());
    if (!popup) throw new AppError('OFFER_ENDED');
    const basket = await this.findOrCreate(this.ctx.db, data.marketId, data.uniqueCode);
    await this.ctx.db.execute(
      sql`update baskets set popup_id = ${popup.id}, updated_at = now() where id = ${basket.id}`,
    );
    return basketView(basket, await readLines(this.ctx.db, basket));
  }

  async updateQuantity(input: UpdateBasketItemInput): Promise<Basket> {
    const db = this.ctx.db;
    const basket = await this.find(db, input.marketId, input.uniqueCode);
    if (!basket) throw new AppError('NOT_FOUND');
    const line = (await readLines(db, basket)).lines.find((l) => l.id === input.basketItemId);
    if (!line) throw new AppError('NOT_FOUND');
    if (line.available !== null && input.quantity > line.available) {
      throw new AppError('OUT_OF_STOCK', { quantity: 'OUT_OF_STOCK' });
    }
    await db.execute(sql`update basket_items set quantity = ${input.quantity}
      where id = ${line.id} and basket_id = ${basket.id}`);
    return basketView(basket, await readLines(db, basket));
  }

  async remove(marketId: string, uniqueCode: string, basketItemId: string): Promise<Basket> {
    const db = this.ctx.db;
    const basket = await this.find(db, marketId, uniqueCode);
    if (!basket) throw new AppError('NOT_FOUND');
    const removed = rowsOf<{ id: string }>(
      await db.execute(
        sql`delete from basket_items where id = ${basketItemId} and basket_id = ${basket.id} returning id`,
      ),
    );
    if (!removed.length) throw new AppError('NOT_FOUND');
    return basketView(basket, await readLines(db, basket));
  }
}
