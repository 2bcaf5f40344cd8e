import { type AdjustStockInput, catalogLimits, LOW_STOCK } from '@shop/shared';
import { and, eq } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.js';
import { inventoryAdjustments, products, productVariants } from '../../db/schema/index.js';
import { sql } from '../../db/sql-text.js';
import { AppError } from '../../platform/errors.js';

/**
 * Units held, sold, adjusted and returned (DESIGN §4 Stock): the product module owns products,
 * their variants and the stock history (decision 017), and every other module changes counts
 * through these functions, inside its own transaction — checkouts and payments (hold, give back,
 * sell), the inventory screen (adjust), refunds (return). A sellable unit is a product without
 * variants or one variant. Every change locks the rows it touches in one fixed order — products
 * by id, then variants by id — so concurrent checkouts, payments and inventory edits queue, never
 * deadlock, and stock − reserved never goes below zero unless the product sells when out of stock.
 */
export interface Unit {
  productId: string;
  variantId: string | null;
  quantity: number;
}

interface LockedUnit {
  productId: string;
  variantId: string | null;
  /** Whether stock is limited: tracked and not sold when out. */
  limited: boolean;
  tracked: boolean;
  stock: number;
  reserved: number;
}

const key = (u: { productId: string; variantId: string | null }) => `${u.productId}:${u.variantId ?? ''}`;

/** Same unit on several lines counts once, with their quantities added. */
export function mergeUnits(units: Unit[]): Unit[] {
  const merged = new Map<string, Unit>();
  for (const unit of units) {
    const seen = merged.get(key(unit));
    if (seen) seen.quantity += unit.quantity;
    else merged.set(key(unit), { ...unit });
  }
  return [...merged.values()];
}

/**
 * Locks the units' rows in the fixed order and reads their stock. Unknown units are absent.
 * A transaction that changes several sets of units (give back one checkout's, hold another's)
 * locks their union first: two partial lockings in a row could cross another transaction's.
 */
export async function lockUnits(tx: Db, units: Unit[]): Promise<Map<string, LockedUnit>> {
  const productIds = [...new Set(units.map((u) => u.productId))].sort();
  const variantIds = [...new Set(units.flatMap((u) => (u.variantId ? [u.variantId] : [])))].sort();
  const products = rowsOf<{
    id: string;
    track_quantity: boolean;
    continue_selling: boolean;
    stock: number;
    reserved: number;
  }>(
    await tx.execute(sql`select id, track_quantity, continue_selling, stock, reserved from products
      where id = any(${sql.param(productIds)}::uuid[]) order by id for update`),
  );
  const variants = variantIds.length
    ? rowsOf<{ id: string; product_id: string; stock: number; reserved: number }>(
        await tx.execute(sql`select id, product_id, stock, reserved from product_variants
          where id = any(${sql.param(variantIds)}::uuid[]) order by id for update`),
      )
    : [];
  const byProduct = new Map(products.map((p) => [p.id, p]));
  const locked = new Map<string, LockedUnit>();
  for (const unit of units) {
    const product = byProduct.get(unit.productId);
    if (!product) continue;
    const variant = unit.variantId ? variants.find((v) => v.id === unit.variantId) : undefined;
    if (unit.variantId && (!variant || variant.product_id !== product.id)) continue;
    const row = variant ?? product;
    locked.set(key(unit), {
      productId: product.id,
      variantId: variant?.id ?? null,
      tracked: product.track_quantity,
      limited: product.track_quantity && !product.continue_selling,
      stock: row.stock,
      reserved: row.reserved,
    });
  }
  return locked;
}

/**
 * Changes held units of many rows in one statement per table (the rows are locked already):
 * `delta` units per unit, never below zero held.
 */
async function addReserved(tx: Db, units: Unit[], sign: 1 | -1) {
  const variants = units.filter((u) => u.variantId);
  const plain = units.filter((u) => !u.variantId);
  if (variants.length) {
    await tx.execute(sql`update product_variants v set reserved = greatest(v.reserved + d.delta, 0)
      from unnest(${sql.param(variants.map((u) => u.variantId))}::uuid[], ${sql.param(variants.map((u) => sign * u.quantity))}::int[]) as d(id, delta)
      where v.id = d.id`);
  }
  if (plain.length) {
    await tx.execute(sql`update products p set reserved = greatest(p.reserved + d.delta, 0)
      from unnest(${sql.param(plain.map((u) => u.productId))}::uuid[], ${sql.param(plain.map((u) => sign * u.quantity))}::int[]) as d(id, delta)
      where p.id = d.id`);
  }
}

export interface Shortage {
  productId: string;
  variantId: string | null;
  /** Units that can still be bought (0 for a unit that is gone). */
  available: number;
}

/**
 * Holds the units for a checkout. All or nothing: when any unit is short, nothing is held and
 * the shortages are returned. Units of untracked products are not held (tracked = false).
 */
export async function reserve(
  tx: Db,
  units: Unit[],
): Promise<{ ok: true; tracked: Set<string> } | { ok: false; short: Shortage[] }> {
  const merged = mergeUnits(units);
  const [only] = merged;
  if (merged.length === 1 && only && !only.variantId) {
    const held = await reserveOneProduct(tx, only);
    if (held) return held;
  }
  const locked = await lockUnits(tx, merged);
  const short: Shortage[] = [];
  for (const unit of merged) {
    const row = locked.get(key(unit));
    if (!row) short.push({ productId: unit.productId, variantId: unit.variantId, available: 0 });
    else if (row.limited && row.stock - row.reserved < unit.quantity) {
      short.push({
        productId: unit.productId,
        variantId: unit.variantId,
        available: Math.max(row.stock - row.reserved, 0),
      });
    }
  }
  if (short.length) return { ok: false, short };
  const held = merged.filter((unit) => (locked.get(key(unit)) as LockedUnit).tracked);
  await addReserved(tx, held, 1);
  const tracked = new Set(held.map(key));
  return { ok: true, tracked };
}

/**
 * Holds the units of one product without variants (most carts) in one statement instead of two:
 * a single row needs no locking order, and the update re-checks what is left on the row's latest
 * version when it had to wait for another checkout. Answers null when the units are short or the
 * product is gone (reserve then says which, exactly); an untracked product holds nothing.
 */
async function reserveOneProduct(tx: Db, unit: Unit): Promise<{ ok: true; tracked: Set<string> } | null> {
  const [row] = rowsOf<{ track_quantity: boolean; held: boolean }>(
    await tx.execute(sql`with held as (
        update products set reserved = reserved + ${unit.quantity}
        where id = ${unit.productId} and track_quantity and (continue_selling or stock - reserved >= ${unit.quantity})
        returning id)
      select p.track_quantity, exists (select 1 from held) as held from products p where p.id = ${unit.productId}`),
  );
  if (row?.held) return { ok: true, tracked: new Set([key(unit)]) };
  if (row && !row.track_quantity) return { ok: true, tracked: new Set() };
  return null;
}

export const unitKey = key;

/** Gives held units back (expiry, failed payment, a new checkout of the same basket). */
export async function release(tx: Db, units: Unit[]): Promise<void> {
  const merged = mergeUnits(units);
  await lockUnits(tx, merged);
  await addReserved(tx, merged, -1);
}

/**
 * Takes sold units out of stock. `held`: they were reserved for this order and still are, so
 * they leave the reservation too. Otherwise (the hold expired) they are sold only if still
 * available; when any is short nothing is sold and the shortages are returned.
 * `storefrontChanged`: a limited unit is now down to LOW_STOCK or fewer available, so what the
 * storefront shows of it (sold out, the last few) changed; plenty left changes nothing shown.
 */
export async function sell(
  tx: Db,
  units: Unit[],
  held: boolean,
): Promise<{ ok: true; storefrontChanged: boolean } | { ok: false; short: Shortage[] }> {
  const merged = mergeUnits(units);
  const [only] = merged;
  if (held && merged.length === 1 && only && !only.variantId) return sellOneHeldProduct(tx, only);
  const locked = await lockUnits(tx, merged);
  if (!held) {
    const short: Shortage[] = [];
    for (const unit of merged) {
      const row = locked.get(key(unit));
      if (row?.limited && row.stock - row.reserved < unit.quantity) {
        short.push({
          productId: unit.productId,
          variantId: unit.variantId,
          available: Math.max(row.stock - row.reserved, 0),
        });
      }
    }
    if (short.length) return { ok: false, short };
  }
  // Only rows still there (deleted since: nothing left to take). A product with variants keeps
  // the sum of their stock; every product keeps its in-stock flag. One statement per table.
  const present = merged.filter((unit) => locked.has(key(unit)));
  const reservedOf = (unit: Unit) => (held ? unit.quantity : 0);
  const variants = present.filter((u) => u.variantId);
  if (variants.length) {
    await tx.execute(sql`update product_variants v set stock = v.stock - d.sold, reserved = greatest(v.reserved - d.held, 0)
      from unnest(${sql.param(variants.map((u) => u.variantId))}::uuid[], ${sql.param(variants.map((u) => u.quantity))}::int[],
        ${sql.param(variants.map(reservedOf))}::int[]) as d(id, sold, held)
      where v.id = d.id`);
  }
  const products = new Map<string, { sold: number; held: number }>();
  for (const unit of present) {
    const entry = products.get(unit.productId) ?? { sold: 0, held: 0 };
    entry.sold += unit.quantity;
    // Held units of a variant are counted on the variant, not its product.
    if (!unit.variantId) entry.held += reservedOf(unit);
    products.set(unit.productId, entry);
  }
  if (products.size) {
    const rows = [...products];
    await tx.execute(sql`update products p set stock = p.stock - d.sold, reserved = greatest(p.reserved - d.held, 0),
        in_stock = (not p.track_quantity) or p.continue_selling or (p.stock - d.sold) > 0, updated_at = now()
      from unnest(${sql.param(rows.map(([id]) => id))}::uuid[], ${sql.param(rows.map(([, e]) => e.sold))}::int[],
        ${sql.param(rows.map(([, e]) => e.held))}::int[]) as d(id, sold, held)
      where p.id = d.id`);
  }
  const storefrontChanged = present.some((unit) => {
    const row = locked.get(key(unit)) as LockedUnit;
    const left = row.stock - unit.quantity - Math.max(row.reserved - reservedOf(unit), 0);
    return row.limited && left <= LOW_STOCK;
  });
  return { ok: true, storefrontChanged };
}

/**
 * Sells held units of one product without variants (most orders) in one statement instead of two:
 * a single row needs no locking order, and held units need no check. What is left is read from
 * the updated row.
 */
async function sellOneHeldProduct(tx: Db, unit: Unit): Promise<{ ok: true; storefrontChanged: boolean }> {
  const [row] = rowsOf<{ limited: boolean; left: number }>(
    await tx.execute(sql`update products p set stock = p.stock - ${unit.quantity},
        reserved = greatest(p.reserved - ${unit.quantity}, 0),
        in_stock = (not p.track_quantity) or p.continue_selling or (p.stock - ${unit.quantity}) > 0, updated_at = now()
      where p.id = ${unit.productId}
      returning p.track_quantity and not p.continue_selling as limited, p.stock - p.reserved as left`),
  );
  return { ok: true, storefrontChanged: Boolean(row?.limited && row.left <= LOW_STOCK) };
}

/** Units a shopper can buy now; null when not limited. */
export function availableOf(row: {
  trackQuantity: boolean;
  continueSelling: boolean;
  stock: number;
  reserved: number;
}) {
  return row.trackQuantity && !row.continueSelling ? Math.max(row.stock - row.reserved, 0) : null;
}

/** A unit of a product whose on-hand count is below what checkouts hold. */
export interface HeldShortfall {
  productId: string;
  variantId: string | null;
  /** Units checkouts hold. */
  held: number;
  stock: number;
  /** When the last of those holds ends (null when none is found any more). */
  heldUntil: Date | null;
}

/**
 * After a change of a product's counts or selling rules, inside the change's transaction (its
 * rows locked): the units whose count limits sales and is now below what checkouts hold. A
 * payment sells held units without looking at stock again — they were set aside for it — so such
 * a change would sell units that are not there. A product's own held units (it had no variants)
 * also block giving it variants: they would be taken from the variants' sum.
 */
export async function heldShortfalls(tx: Db, marketId: string, productId: string): Promise<HeldShortfall[]> {
  const rows = rowsOf<{ variant_id: string | null; held: number; stock: number; held_until: Date | string | null }>(
    await tx.execute(sql`with short as (
        select v.id as variant_id, v.reserved as held, v.stock from product_variants v join products p on p.id = v.product_id
        where v.product_id = ${productId} and p.track_quantity and not p.continue_selling and v.stock < v.reserved
        union all
        select null, p.reserved, p.stock from products p
        where p.id = ${productId} and p.reserved > 0
          and (p.variant_count > 0 or (p.track_quantity and not p.continue_selling and p.stock < p.reserved))
      )
      select s.*, (select max(o.reserved_until) from orders o
          where o.market_id = ${marketId} and o.reservation = 'held' and exists (select 1 from order_items i
            where i.order_id = o.id and i.tracked and i.product_id = ${productId}
              and i.variant_id is not distinct from s.variant_id)) as held_until
      from short s`),
  );
  return rows.map((r) => ({
    productId,
    variantId: r.variant_id,
    held: r.held,
    stock: r.stock,
    heldUntil: r.held_until === null ? null : new Date(r.held_until),
  }));
}

/** Whole minutes until `until`, at least one (a hold past its end is given back within a minute). */
export function minutesLeft(until: Date | null, now = Date.now()): number {
  return until ? Math.max(1, Math.ceil((until.getTime() - now) / 60_000)) : 1;
}

/**
 * Refuses the change (throws STOCK_HELD, rolling it back) when it left a unit of the product
 * below what checkouts hold; `field` names the form field of each unit for the refusal.
 */
export async function assertHeldCovered(
  tx: Db,
  marketId: string,
  productId: string,
  field: (shortfall: HeldShortfall) => string,
): Promise<void> {
  const shortfalls = await heldShortfalls(tx, marketId, productId);
  const [first] = shortfalls;
  if (!first) return;
  const paramsOf = (s: HeldShortfall) => ({ held: s.held, minutes: minutesLeft(s.heldUntil) });
  throw new AppError(
    'STOCK_HELD',
    Object.fromEntries(shortfalls.map((s) => [field(s), 'STOCK_HELD'])),
    undefined,
    paramsOf(first),
    // Each unit's own figures at its own field.
    Object.fromEntries(shortfalls.map((s) => [field(s), paramsOf(s)])),
  );
}

/**
 * Adds or removes units of a SKU with a reason, logged in the stock history (POST
 * /Inventory/adjust). The product row is locked first (then its variant), the order every stock
 * change keeps, so concurrent changes queue up safely.
 */
export async function adjustStock(tx: Db, marketId: string, userId: string, input: AdjustStockInput) {
  const [product] = await tx
    .select()
    .from(products)
    .where(and(eq(products.id, input.productId), eq(products.marketId, marketId)))
    .for('update');
  if (!product) throw new AppError('NOT_FOUND');
  let stockAfter: number;
  if (product.variantCount > 0) {
    if (!input.variantId) throw new AppError('VALIDATION_FAILED', { variantId: 'required' });
    const [variant] = await tx
      .select()
      .from(productVariants)
      .where(and(eq(productVariants.id, input.variantId), eq(productVariants.productId, product.id)))
      .for('update');
    if (!variant) throw new AppError('NOT_FOUND');
    stockAfter = variant.stock + input.delta;
    if (stockAfter < 0) throw new AppError('STOCK_WOULD_BE_NEGATIVE', { delta: 'STOCK_WOULD_BE_NEGATIVE' });
    await tx.update(productVariants).set({ stock: stockAfter }).where(eq(productVariants.id, variant.id));
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
  await tx
    .update(products)
    .set({
      stock: productStock,
      inStock: !product.trackQuantity || product.continueSelling || productStock > 0,
      updatedAt: new Date(),
    })
    .where(eq(products.id, product.id));
  // Never below what checkouts hold: their payments would sell units that are not there.
  await assertHeldCovered(tx, marketId, product.id, () => 'delta');
  await tx.insert(inventoryAdjustments).values({
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
}

/**
 * Units back on sale after a refund: each adds to the stock of its product or variant, rows
 * locked in the fixed order, and goes into the stock history as a return (`note`: the order's
 * name). Units whose product or variant is gone are skipped. Answers whether any stock changed.
 */
export async function returnUnits(
  tx: Db,
  from: { marketId: string; note: string | null; userId: string },
  returned: Unit[],
): Promise<boolean> {
  const units = mergeUnits(returned);
  if (!units.length) return false;
  const locked = await lockUnits(tx, units);
  const productDelta = new Map<string, number>();
  let changed = false;
  for (const unit of units) {
    if (!locked.has(key(unit))) continue; // Deleted since: nothing to put back.
    changed = true;
    let stockAfter: number;
    if (unit.variantId) {
      [{ stock: stockAfter }] = rowsOf<{ stock: number }>(
        await tx.execute(sql`update product_variants set stock = stock + ${unit.quantity}
          where id = ${unit.variantId} returning stock`),
      ) as [{ stock: number }];
      productDelta.set(unit.productId, (productDelta.get(unit.productId) ?? 0) + unit.quantity);
    } else {
      [{ stock: stockAfter }] = rowsOf<{ stock: number }>(
        await tx.execute(sql`update products set stock = stock + ${unit.quantity}
          where id = ${unit.productId} returning stock`),
      ) as [{ stock: number }];
      productDelta.set(unit.productId, productDelta.get(unit.productId) ?? 0);
    }
    await tx.insert(inventoryAdjustments).values({
      marketId: from.marketId,
      productId: unit.productId,
      variantId: unit.variantId,
      delta: unit.quantity,
      stockAfter,
      reason: 'returned',
      note: from.note,
      userId: from.userId,
    });
  }
  // A product with variants keeps the sum of their stock; every product keeps its in-stock flag.
  for (const [productId, variantUnits] of productDelta) {
    await tx.execute(sql`update products set stock = stock + ${variantUnits},
      in_stock = (not track_quantity) or continue_selling or (stock + ${variantUnits}) > 0, updated_at = now()
      where id = ${productId}`);
  }
  return changed;
}
