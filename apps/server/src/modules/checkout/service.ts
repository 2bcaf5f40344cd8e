import {
  type Address,
  type Checkout,
  type ConfirmCheckoutInput,
  commerceLimits,
  confirmCheckoutSchema,
  type Language,
  type PlaceOrderInput,
  tariffApplies,
  tariffPrice,
} from '@shop/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { type Db, rowsOf } from '../../db/client.js';
import { markets, orderItems, orders, shippingTariffs } from '../../db/schema/index.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { readLines } from '../basket/service.js';
import { orderPlaced } from '../order/hooks.js';
import { lockUnits, release, reserve, type Shortage, type Unit, unitKey } from './stock.js';

export type OrderRow = typeof orders.$inferSelect;
type ItemRow = typeof orderItems.$inferSelect;

const RESERVATION_MS = commerceLimits.reservationMinutes * 60_000;

export function reservationDeadline(now = Date.now()): Date {
  return new Date(now + RESERVATION_MS);
}

export async function orderItemsOf(db: Db, orderId: string): Promise<ItemRow[]> {
  return db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.position));
}

/** The units an order holds: only tracked lines were reserved. */
export function heldUnits(items: ItemRow[]): Unit[] {
  return items
    .filter((i) => i.tracked && i.productId)
    .map((i) => ({ productId: i.productId as string, variantId: i.variantId, quantity: i.quantity }));
}

export function allUnits(items: ItemRow[]): Unit[] {
  return items
    .filter((i) => i.productId)
    .map((i) => ({ productId: i.productId as string, variantId: i.variantId, quantity: i.quantity }));
}

/**
 * Store names for checkout views, remembered for a minute: every step of a checkout shows the
 * name, and a store is renamed rarely (a rename reaches an open checkout within the minute).
 */
const marketNames = new LRUCache<string, string>({ max: 10_000, ttl: 60_000 });

async function marketNameOf(db: Db, marketId: string): Promise<string> {
  const known = marketNames.get(marketId);
  if (known !== undefined) return known;
  const [market] = await db.select({ name: markets.name }).from(markets).where(eq(markets.id, marketId));
  if (market) marketNames.set(marketId, market.name);
  return market?.name ?? '';
}

export async function checkoutView(db: Db, order: OrderRow, items?: ItemRow[]): Promise<Checkout> {
  const lines = items ?? (await orderItemsOf(db, order.id));
  return {
    id: order.id,
    marketId: order.marketId,
    marketName: await marketNameOf(db, order.marketId),
    number: order.number,
    name: order.name,
    paymentStatus: order.paymentStatus,
    fulfillmentStatus: order.fulfillmentStatus,
    email: order.email,
    phone: order.phone,
    shippingAddress: (order.shippingAddress as Address | null) ?? null,
    billingAddress: (order.billingAddress as Address | null) ?? null,
    note: order.note,
    shippingTariffId: order.shippingTariffId,
    shippingName: order.shippingName,
    items: lines.map((l) => ({
      id: l.id,
      productId: l.productId,
      variantId: l.variantId,
      title: l.title,
      variantTitle: l.variantTitle,
      sku: l.sku,
      imageUrl: l.imageUrl,
      unitPrice: l.unitPrice,
      compareAtPrice: l.compareAtPrice,
      quantity: l.quantity,
      lineTotal: l.unitPrice * l.quantity,
    })),
    weightGrams: lines.reduce((n, l) => n + l.weightGrams * l.quantity, 0),
    subtotal: order.subtotal,
    shippingPrice: order.shippingPrice,
    total: order.total,
    currency: 'AZN',
    reservedUntil: order.reservedUntil.toISOString(),
    placedAt: order.placedAt?.toISOString() ?? null,
    paidAt: order.paidAt?.toISOString() ?? null,
    cardMask: order.cardMask,
  };
}

function shortageFields(
  short: Shortage[],
  lines: { id: string; productId: string | null; variantId: string | null }[],
) {
  const fields: Record<string, 'OUT_OF_STOCK'> = {};
  for (const s of short) {
    const line = lines.find((l) => l.productId === s.productId && l.variantId === s.variantId);
    fields[`items.${line?.id ?? s.productId}`] = 'OUT_OF_STOCK';
  }
  return fields;
}

/** Locks and returns the visitor's order; anyone else's is not found. */
export async function lockOrder(tx: Db, orderId: string, uniqueCode: string): Promise<OrderRow> {
  const [order] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.uniqueCode, uniqueCode)))
    .for('update');
  if (!order) throw new AppError('NOT_FOUND');
  return order;
}

/**
 * Checkout (SPEC §4 Basket: checkout, then confirm) and placing the order. A checkout is an
 * order row without a number: it snapshots the basket at live prices and holds its units for
 * 15 minutes; the shopper adds contact, address and tariff; placing compares the live prices
 * and the total the shopper saw, then numbers the order.
 */
export class CheckoutService {
  constructor(private readonly ctx: AppContext) {}

  /** POST /Basket/checkout/{uniqueCode}/{marketId}. */
  async start(marketId: string, uniqueCode: string, language: Language): Promise<Checkout> {
    return this.ctx.db.transaction(async (t) => {
      const tx = t as unknown as Db;
      // One checkout at a time per basket: concurrent starts of the same basket queue here.
      const [basket] = rowsOf<{ id: string }>(
        await tx.execute(
          sql`select id from baskets where market_id = ${marketId} and unique_code = ${uniqueCode} for update`,
        ),
      );
      if (!basket) throw new AppError('BASKET_EMPTY');
      const lines = await readLines(tx, basket.id);
      if (!lines.length) throw new AppError('BASKET_EMPTY');

      // An earlier checkout of this basket that was not placed is reused (its id stays, its
      // details are kept); any hold of an unpaid one is given back first.
      const previous = await tx
        .select()
        .from(orders)
        .where(and(eq(orders.basketId, basket.id), sql`${orders.paymentStatus} in ('unpaid', 'failed')`))
        .orderBy(asc(orders.createdAt))
        .for('update');
      const units = lines.map((l) => ({ productId: l.productId, variantId: l.variantId, quantity: l.quantity }));
      const releasing = await Promise.all(
        previous
          .filter((o) => o.reservation === 'held')
          .map(async (o) => ({ order: o, units: heldUnits(await orderItemsOf(tx, o.id)) })),
      );
      // Units given back and units taken are locked together, in one order (reserve locks the
      // same rows again, at no cost); with nothing to give back, reserve's locking is the one.
      if (releasing.length) await lockUnits(tx, [...units, ...releasing.flatMap((r) => r.units)]);
      for (const { order, units: held } of releasing) {
        await release(tx, held);
        await tx.update(orders).set({ reservation: 'released' }).where(eq(orders.id, order.id));
      }
      const reusable = previous.find((o) => o.number === null);

      const held = await reserve(tx, units);
      if (!held.ok) throw new AppError('OUT_OF_STOCK', shortageFields(held.short, lines));

      const subtotal = lines.reduce((n, l) => n + l.lineTotal, 0);
      const values = {
        subtotal,
        shippingPrice: 0,
        total: subtotal,
        shippingTariffId: null,
        shippingName: null,
        language,
        reservation: 'held' as const,
        reservedUntil: reservationDeadline(),
        paymentStatus: 'unpaid' as const,
        updatedAt: new Date(),
      };
      let order: OrderRow;
      if (reusable) {
        [order] = (await tx.update(orders).set(values).where(eq(orders.id, reusable.id)).returning()) as [OrderRow];
        await tx.delete(orderItems).where(eq(orderItems.orderId, order.id));
      } else {
        [order] = (await tx
          .insert(orders)
          .values({ ...values, marketId, basketId: basket.id, uniqueCode })
          .returning()) as [OrderRow];
      }
      const items = await tx
        .insert(orderItems)
        .values(
          lines.map((l, position) => ({
            orderId: order.id,
            marketId,
            productId: l.productId,
            variantId: l.variantId,
            title: l.title,
            variantTitle: l.variantTitle,
            sku: l.sku,
            imageUrl: l.imageUrl,
            unitPrice: l.unitPrice,
            compareAtPrice: l.compareAtPrice,
            quantity: l.quantity,
            weightGrams: l.unitWeightGrams,
            tracked: held.tracked.has(unitKey(l)),
            position,
          })),
        )
        .returning();
      return checkoutView(tx, order, items);
    });
  }

  /** GET /Basket/checkout/{id}: the visitor's own checkout or order. */
  async get(orderId: string, uniqueCode: string): Promise<Checkout> {
    const [order] = await this.ctx.db
      .select()
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.uniqueCode, uniqueCode)));
    if (!order) throw new AppError('NOT_FOUND');
    return checkoutView(this.ctx.db, order);
  }

  /** The tariff, if it delivers this order; else a field error. */
  private async tariffFor(tx: Db, order: OrderRow, tariffId: string, region: string, weightGrams: number) {
    const [tariff] = await tx
      .select()
      .from(shippingTariffs)
      .where(and(eq(shippingTariffs.id, tariffId), eq(shippingTariffs.marketId, order.marketId)));
    if (!tariff || !tariffApplies(tariff, { region, subtotal: order.subtotal, weightGrams })) {
      throw new AppError('VALIDATION_FAILED', { shippingTariffId: 'tariffNotAvailable' });
    }
    return tariff;
  }

  /** POST /Basket/confirm: contact, addresses, tariff and note; totals follow. */
  async confirm(input: ConfirmCheckoutInput, language: Language): Promise<Checkout> {
    const data = confirmCheckoutSchema.parse(input);
    if (!data.billingSameAsShipping && !data.billingAddress) {
      throw new AppError('VALIDATION_FAILED', { 'billingAddress.firstName': 'required' });
    }
    return this.ctx.db.transaction(async (t) => {
      const tx = t as unknown as Db;
      const order = await lockOrder(tx, data.checkoutId, data.uniqueCode);
      if (order.paymentStatus === 'paid' || order.paymentStatus === 'pending' || order.paymentStatus === 'canceled') {
        throw new AppError('CHECKOUT_CLOSED');
      }
      const items = await orderItemsOf(tx, order.id);
      const view = await checkoutView(tx, order, items);
      const tariff = await this.tariffFor(
        tx,
        order,
        data.shippingTariffId,
        data.shippingAddress.region,
        view.weightGrams,
      );
      const shippingPrice = tariffPrice(tariff);
      const [updated] = (await tx
        .update(orders)
        .set({
          email: data.email.toLowerCase(),
          phone: data.phone,
          shippingAddress: data.shippingAddress,
          billingAddress: data.billingSameAsShipping ? data.shippingAddress : (data.billingAddress as Address),
          note: data.note ?? null,
          shippingTariffId: tariff.id,
          shippingName: tariff.name,
          shippingPrice,
          total: order.subtotal + shippingPrice,
          language,
          updatedAt: new Date(),
        })
        .where(eq(orders.id, order.id))
        .returning()) as [OrderRow];
      return checkoutView(tx, updated, items);
    });
  }

  /**
   * Holds the order's units again when its hold has ended (expired or given back): all or
   * nothing, else OUT_OF_STOCK. A hold that is still on is extended.
   */
  async rehold(tx: Db, order: OrderRow, items: ItemRow[]): Promise<void> {
    const stillHeld = order.reservation === 'held';
    if (!stillHeld) {
      const held = await reserve(tx, allUnits(items));
      if (!held.ok) throw new AppError('OUT_OF_STOCK', shortageFields(held.short, items));
      for (const item of items) {
        const tracked = item.productId
          ? held.tracked.has(unitKey({ productId: item.productId, variantId: item.variantId }))
          : false;
        if (tracked !== item.tracked) await tx.update(orderItems).set({ tracked }).where(eq(orderItems.id, item.id));
        item.tracked = tracked;
      }
    }
    await tx
      .update(orders)
      .set({ reservation: 'held', reservedUntil: reservationDeadline() })
      .where(eq(orders.id, order.id));
  }

  /**
   * POST /Order: places the confirmed checkout. The charged total is the server's: when a
   * price changed since the checkout, or the shopper's total differs, the checkout is brought
   * up to date and PRICE_CHANGED is answered, so the shopper sees the new figures first.
   * Placing twice returns the same order.
   */
  async place(input: PlaceOrderInput): Promise<Checkout> {
    const outcome = await this.ctx.db.transaction(async (t) => {
      const tx = t as unknown as Db;
      const order = await lockOrder(tx, input.checkoutId, input.uniqueCode);
      if (order.number !== null) return { view: await checkoutView(tx, order) };
      if (order.paymentStatus === 'canceled') throw new AppError('CHECKOUT_CLOSED');
      if (!order.email || !order.shippingAddress || !order.shippingTariffId) {
        throw new AppError('VALIDATION_FAILED', { shippingTariffId: 'tariffRequired' });
      }
      const items = await orderItemsOf(tx, order.id);
      const live = await livePrices(tx, items);
      let changed = false;
      for (const item of items) {
        const now = live.get(item.id);
        if (now === undefined) throw new AppError('OUT_OF_STOCK', { [`items.${item.id}`]: 'OUT_OF_STOCK' });
        if (now.unitPrice !== item.unitPrice || now.compareAtPrice !== item.compareAtPrice) {
          changed = true;
          item.unitPrice = now.unitPrice;
          item.compareAtPrice = now.compareAtPrice;
          await tx
            .update(orderItems)
            .set({ unitPrice: now.unitPrice, compareAtPrice: now.compareAtPrice })
            .where(eq(orderItems.id, item.id));
        }
      }
      let current = order;
      if (changed) {
        const subtotal = items.reduce((n, i) => n + i.unitPrice * i.quantity, 0);
        const view = await checkoutView(tx, { ...order, subtotal }, items);
        // The tariff's condition may depend on the total: keep it only if it still applies.
        const address = order.shippingAddress as Address;
        const [tariff] = await tx.select().from(shippingTariffs).where(eq(shippingTariffs.id, order.shippingTariffId));
        const keeps =
          tariff && tariffApplies(tariff, { region: address.region, subtotal, weightGrams: view.weightGrams });
        const shippingPrice = keeps ? tariffPrice(tariff) : 0;
        [current] = (await tx
          .update(orders)
          .set({
            subtotal,
            shippingPrice,
            total: subtotal + shippingPrice,
            ...(keeps ? {} : { shippingTariffId: null, shippingName: null }),
            updatedAt: new Date(),
          })
          .where(eq(orders.id, order.id))
          .returning()) as [OrderRow];
      }
      if (changed || current.total !== input.expectedTotal) return { priceChanged: true as const };

      await this.rehold(tx, current, items);
      // Last, the market's next number: its row stays locked until commit, and every placement
      // in the market queues on it, so nothing else happens while it is held.
      const [numbering] = rowsOf<{ number: number; order_prefix: string; order_suffix: string }>(
        await tx.execute(sql`update markets set next_order_number = next_order_number + 1
          where id = ${order.marketId}
          returning next_order_number - 1 as number, order_prefix, order_suffix`),
      ) as [{ number: number; order_prefix: string; order_suffix: string }];
      const [placed] = (await tx
        .update(orders)
        .set({
          number: numbering.number,
          name: `${numbering.order_prefix}${numbering.number}${numbering.order_suffix}`,
          // The database's clock, read under the market row's lock: placing times follow the
          // numbers exactly, whichever process placed the order (the orders list relies on it).
          placedAt: sql`clock_timestamp()`,
          updatedAt: new Date(),
        })
        .where(eq(orders.id, order.id))
        .returning()) as [OrderRow];
      await orderPlaced(tx, placed);
      return { placed, items };
    });
    if ('priceChanged' in outcome) throw new AppError('PRICE_CHANGED');
    if (outcome.placed) return checkoutView(this.ctx.db, outcome.placed, outcome.items);
    return outcome.view;
  }

  /** Gives back the units of checkouts whose hold has run out (the reservation job). */
  async releaseExpired(limit = 200): Promise<number> {
    return this.ctx.db.transaction(async (t) => {
      const tx = t as unknown as Db;
      const expired = rowsOf<{ id: string }>(
        await tx.execute(sql`select id from orders where reservation = 'held' and reserved_until < now()
          order by reserved_until limit ${limit} for update skip locked`),
      );
      const releasing = await Promise.all(
        expired.map(async ({ id }) => ({ id, units: heldUnits(await orderItemsOf(tx, id)) })),
      );
      await lockUnits(
        tx,
        releasing.flatMap((r) => r.units),
      );
      for (const { id, units } of releasing) {
        await release(tx, units);
        await tx.update(orders).set({ reservation: 'released', updatedAt: new Date() }).where(eq(orders.id, id));
      }
      return expired.length;
    });
  }
}

/** Each line's live price, or nothing for a line whose product is gone or off sale. */
async function livePrices(tx: Db, items: ItemRow[]) {
  const productIds = items.flatMap((i) => (i.productId ? [i.productId] : []));
  const rows = rowsOf<{ id: string; price: number; compare_at_price: number | null; status: string }>(
    await tx.execute(sql`select id, price, compare_at_price, status from products
      where id = any(${sql.param(productIds)}::uuid[])`),
  );
  const variantIds = items.flatMap((i) => (i.variantId ? [i.variantId] : []));
  const variants = variantIds.length
    ? rowsOf<{ id: string; price: number; compare_at_price: number | null }>(
        await tx.execute(sql`select id, price, compare_at_price from product_variants
          where id = any(${sql.param(variantIds)}::uuid[])`),
      )
    : [];
  const result = new Map<string, { unitPrice: number; compareAtPrice: number | null }>();
  for (const item of items) {
    const product = rows.find((r) => r.id === item.productId);
    if (product?.status !== 'active') continue;
    const source = item.variantId ? variants.find((v) => v.id === item.variantId) : product;
    if (!source) continue;
    result.set(item.id, { unitPrice: source.price, compareAtPrice: source.compare_at_price });
  }
  return result;
}
