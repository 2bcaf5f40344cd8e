import {
  type Address,
  type ApplyDiscountCodeInput,
  addressSchema,
  applyDiscountCodeSchema,
  type Checkout,
  type ConfirmCheckoutInput,
  confirmCheckoutSchema,
  type Language,
  minorToDecimal,
  type PlaceOrderInput,
  tariffApplies,
  tariffPrice,
} from '@shop/shared';
import type { SQL } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { type Db, rowsOf } from '../../db/client.js';
import { rowShape } from '../../db/rows.js';
import { shippingTariffs } from '../../db/schema/index.js';
import { sql } from '../../db/sql-text.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, fieldsFromIssues } from '../../platform/errors.js';
import { lockBasketLines, spendBasket } from '../basket/service.js';
import {
  assertCodeUsable,
  type CartDiscountRow,
  cartDiscountColumn,
  codeUnusable,
  countCodeUse,
  findCartDiscount,
  isLive,
  type LiveBundle,
  liveBundlesColumn,
  readBundles,
  readCartDiscount,
  typedCodeColumn,
} from '../discount/offers.js';
import { bumpCatalogVersion } from '../market/hooks.js';
import {
  confirmCheckout,
  type ItemRow,
  itemShape,
  markHoldReleased,
  type OrderRow,
  orderShape,
  placeOrder,
  readOrderWithItems,
  setLineTracked,
  writeCheckout,
  writePricing,
} from '../order/lifecycle.js';
import { cashOffer, cashOnDeliveryOf, cashOnDeliveryView } from '../payment/cash.js';
import { sendOrderConfirmation } from '../payment/mail.js';
import { lockUnits, release, reserve, type Shortage, sell, type Unit, unitKey } from '../product/stock.js';
import { storeUnavailable } from '../subscription/hooks.js';
import { goodsTotal, priceLines, pricingDiffers } from './pricing.js';

/** Rows of shipping_tariffs in the buying path's statements (db/rows.ts). */
const tariffShape = rowShape(shippingTariffs);
type TariffRow = typeof shippingTariffs.$inferSelect;

/** An order's lines as one JSON column of a statement about the order (`o`): saves a round trip. */
export const ITEMS_OF_O = sql.raw(
  `(select coalesce(json_agg(i order by i.position), '[]') from order_items i where i.order_id = o.id) as items`,
);

/**
 * Runs `statement`, which locks an order `o` (FOR UPDATE) and reads more of it in the same round
 * trip (its lines, their prices) with FRESH_O among its columns. Under READ COMMITTED every
 * part of a statement reads the snapshot taken when it began: when the lock had to wait for a
 * transaction that changed the order (and every change of an order's lines changes the order
 * row too), the locked row is the new one but the lines read may be the old ones. FRESH_O tells:
 * it compares the locked row's version with the one the snapshot sees. Then the statement runs
 * again — the lock is ours by now, so its new snapshot is current and stays so.
 */
export async function lockedRead(tx: Db, statement: SQL): Promise<Record<string, unknown> | undefined> {
  const [row] = rowsOf<Record<string, unknown>>(await tx.execute(statement));
  if (!row || row.fresh) return row;
  const [again] = rowsOf<Record<string, unknown>>(await tx.execute(statement));
  return again;
}

/** See lockedRead. */
export const FRESH_O = sql.raw(`o.xmin = (select s.xmin from orders s where s.id = o.id) as fresh`);

export async function orderItemsOf(db: Db, orderId: string): Promise<ItemRow[]> {
  return itemShape.rows(
    await db.execute(sql`select ${itemShape.columns} from order_items where order_id = ${orderId} order by position`),
  );
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
  const [market] = rowsOf<{ name: string }>(await db.execute(sql`select name from markets where id = ${marketId}`));
  if (market) marketNames.set(marketId, market.name);
  return market?.name ?? '';
}

/** What the lines weigh together, for the tariffs that go by weight. */
function weightOf(lines: { weightGrams: number; quantity: number }[]): number {
  return lines.reduce((n, l) => n + l.weightGrams * l.quantity, 0);
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
      bundleId: l.bundleId,
      bundleTitle: l.bundleTitle,
      bundleUnits: l.bundleUnits,
      discount: l.discount,
      paid: l.paid,
    })),
    weightGrams: weightOf(lines),
    subtotal: order.subtotal,
    bundleDiscount: order.bundleDiscount,
    discount: order.discount ?? null,
    discountTotal: order.discountTotal,
    shippingPrice: order.shippingPrice,
    total: order.total,
    paymentMethod: order.paymentMethod,
    cashFee: order.cashFee,
    // Offered while the shopper can still choose (not once placed), with the tariffs it goes with:
    // the page knows at once whether the tariff the shopper picks allows it.
    cashOnDelivery:
      order.number === null ? cashOnDeliveryView(await cashOnDeliveryOf(db, order.marketId, false)) : null,
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

/**
 * Locks and returns the visitor's order with its lines and its cart discount's row (the pop-up or
 * code, whatever its state; null without one) — one statement; anyone else's is not found.
 */
export async function lockOrder(
  tx: Db,
  orderId: string,
  uniqueCode: string,
  options: { tariffId?: string } = {},
): Promise<{ order: OrderRow; items: ItemRow[]; cartDiscount: CartDiscountRow | null; tariff?: TariffRow | null }> {
  // The store's tariff the shopper picked (confirm), in the same round trip.
  const tariff = options.tariffId
    ? sql`, (select row_to_json(t) from shipping_tariffs t
          where t.id = ${options.tariffId}::uuid and t.market_id = o.market_id) as tariff`
    : sql``;
  const row = await lockedRead(
    tx,
    sql`select ${orderShape.columnsOf('o')}, ${ITEMS_OF_O}, ${cartDiscountColumn(sql`o.discount_id`)} as cart_discount,
        ${FRESH_O}${tariff}
      from orders o
      where o.id = ${orderId} and o.unique_code = ${uniqueCode} for update of o`,
  );
  if (!row) throw new AppError('NOT_FOUND');
  return {
    ...readOrderWithItems(row),
    cartDiscount: readCartDiscount(row.cart_discount),
    ...(options.tariffId
      ? { tariff: row.tariff ? tariffShape.read(row.tariff as Record<string, unknown>) : null }
      : {}),
  };
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
    // A closed store sells nothing; a suspended one (its subscription unpaid) until its owner pays.
    const unavailable = await storeUnavailable(this.ctx.db, marketId);
    if (unavailable) throw new AppError(unavailable === 'closed' ? 'STORE_CLOSED' : 'STORE_SUSPENDED');
    const written = await this.ctx.db.transaction(async (t) => {
      const tx = t as unknown as Db;
      // One checkout at a time per basket: concurrent starts of the same basket queue on its lock.
      const basket = await lockBasketLines(tx, marketId, uniqueCode);
      if (!basket) throw new AppError('BASKET_EMPTY');
      const { lines, offers } = basket;

      // An earlier checkout of this basket that was not placed is reused (its id stays, its
      // details are kept); any hold of an unpaid one is given back first.
      const previous = orderShape.rows(
        await tx.execute(sql`select ${orderShape.columns} from orders
          where basket_id = ${basket.basketId} and payment_status in ('unpaid', 'failed')
          order by created_at for update`),
      );
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
        await markHoldReleased(tx, order.id, false);
      }
      const reusable = previous.find((o) => o.number === null);

      const held = await reserve(tx, units);
      if (!held.ok) throw new AppError('OUT_OF_STOCK', shortageFields(held.short, lines));

      // The cart discount: the code the earlier checkout had, while it still applies (a shopper
      // back from the cart keeps it); else the pop-up the visitor accepted, while it is live.
      let cartDiscount = offers.popup;
      if (reusable?.discountId && reusable.discount?.kind === 'code') {
        const code = await findCartDiscount(tx, reusable.discountId);
        if (code && isLive(code, new Date())) cartDiscount = code;
      }
      const priced = priceLines(lines, { bundles: offers.bundles, cartDiscount, shippingPrice: 0 });
      return writeCheckout(
        tx,
        {
          reuse: reusable?.id ?? null,
          marketId,
          basketId: basket.basketId,
          uniqueCode,
          figures: priced.order,
          language,
          at: new Date(),
        },
        lines.map((l, index) => ({ ...l, ...priced.lines[index]!, tracked: held.tracked.has(unitKey(l)) })),
        { last: true },
      );
    });
    return checkoutView(this.ctx.db, written.order, written.items);
  }

  /** GET /Basket/checkout/{id}: the visitor's own checkout or order. */
  async get(orderId: string, uniqueCode: string): Promise<Checkout> {
    const [row] = rowsOf<Record<string, unknown>>(
      await this.ctx.db.execute(sql`select ${orderShape.columnsOf('o')}, ${ITEMS_OF_O} from orders o
        where o.id = ${orderId} and o.unique_code = ${uniqueCode}`),
    );
    if (!row) throw new AppError('NOT_FOUND');
    const { order, items } = readOrderWithItems(row);
    return checkoutView(this.ctx.db, order, items);
  }

  /** The store's tariff the shopper picked, if it delivers this order; else a field error. */
  private tariffFor(tariff: TariffRow | null | undefined, order: OrderRow, region: string, weightGrams: number) {
    if (!tariff || !tariffApplies(tariff, { region, subtotal: goodsTotal(order), weightGrams })) {
      throw new AppError('VALIDATION_FAILED', { shippingTariffId: 'tariffNotAvailable' });
    }
    return tariff;
  }

  /** POST /Basket/confirm: contact, addresses, tariff and note; totals follow. */
  async confirm(input: ConfirmCheckoutInput, language: Language): Promise<Checkout> {
    const data = confirmCheckoutSchema.parse(input);
    if (!data.billingSameAsShipping && !data.billingAddress) {
      // Named as an empty billing address would be: each field with what it needs.
      const issues = addressSchema.safeParse({}).error?.issues ?? [];
      throw new AppError(
        'VALIDATION_FAILED',
        fieldsFromIssues(issues.map((issue) => ({ ...issue, path: ['billingAddress', ...issue.path] }))),
      );
    }
    const confirmed = await this.ctx.db.transaction(async (t) => {
      const tx = t as unknown as Db;
      const locked = await lockOrder(tx, data.checkoutId, data.uniqueCode, { tariffId: data.shippingTariffId });
      const { order, items, cartDiscount } = locked;
      if (order.paymentStatus === 'paid' || order.paymentStatus === 'pending' || order.paymentStatus === 'canceled') {
        throw new AppError('CHECKOUT_CLOSED');
      }
      const tariff = this.tariffFor(locked.tariff, order, data.shippingAddress.region, weightOf(items));
      const shippingPrice = tariffPrice(tariff);
      // A code with a limit per e-mail is checked as soon as the e-mail is known (and again,
      // exactly, when the order is placed; its limit in all was checked when it was typed).
      if (cartDiscount?.kind === 'code') {
        await assertCodeUsable(tx, cartDiscount, {
          orderId: order.id,
          email: data.email,
          lock: false,
          only: 'customer',
        });
      }
      const billing = data.billingSameAsShipping ? data.shippingAddress : (data.billingAddress as Address);
      const details = {
        email: data.email,
        phone: data.phone,
        shippingAddress: data.shippingAddress,
        billingAddress: billing,
        note: data.note ?? null,
        tariff,
        shippingPrice,
        total: goodsTotal(order) + shippingPrice,
        language,
      };
      return { order: await confirmCheckout(tx, order.id, details, { last: true }), items };
    });
    return checkoutView(this.ctx.db, confirmed.order, confirmed.items);
  }

  /**
   * Holds the order's units again when its hold has ended (expired or given back): all or
   * nothing, else OUT_OF_STOCK. The caller's update of the order then sets `reservation = 'held'`
   * and a new deadline (HOLD_AGAIN), which also extends a hold that is still on.
   */
  async holdAgain(tx: Db, order: OrderRow, items: ItemRow[]): Promise<void> {
    if (order.reservation === 'held') return;
    const held = await reserve(tx, allUnits(items));
    if (!held.ok) throw new AppError('OUT_OF_STOCK', shortageFields(held.short, items));
    for (const item of items) {
      const tracked = item.productId
        ? held.tracked.has(unitKey({ productId: item.productId, variantId: item.variantId }))
        : false;
      if (tracked !== item.tracked) await setLineTracked(tx, item.id, tracked);
      item.tracked = tracked;
    }
  }

  /**
   * POST /Basket/discount-code: the code a shopper typed at checkout (decision 018) — found in
   * any case, live, not used up, and reached by the cart — replaces any cart discount the
   * checkout had (an accepted pop-up); no code takes it off, and the visitor's pop-up applies
   * again. Answers the checkout priced with it, or the shopper's message.
   */
  async applyCode(input: ApplyDiscountCodeInput): Promise<Checkout> {
    const data = applyDiscountCodeSchema.parse(input);
    const now = new Date();
    const applied = await this.ctx.db.transaction(async (t) => {
      const tx = t as unknown as Db;
      // The order and its lines, the code typed (or else the visitor's pop-up), the live bundles
      // of its products and its tariff: one statement.
      const discount = data.code
        ? typedCodeColumn(sql`o.market_id`, data.code)
        : cartDiscountColumn(sql`(select b.popup_id from baskets b where b.id = o.basket_id)`);
      const row = await lockedRead(
        tx,
        sql`select ${orderShape.columnsOf('o')}, ${ITEMS_OF_O}, ${discount} as cart_discount,
            ${liveBundlesColumn(sql`o.market_id`, sql`array(select i.product_id from order_items i where i.order_id = o.id)`, now)} as bundles,
            (select row_to_json(t) from shipping_tariffs t where t.id = o.shipping_tariff_id) as tariff, ${FRESH_O}
          from orders o
          where o.id = ${data.checkoutId} and o.unique_code = ${data.uniqueCode} for update of o`,
      );
      if (!row) throw new AppError('NOT_FOUND');
      const { order, items } = readOrderWithItems(row);
      if (order.number !== null || order.paymentStatus === 'canceled') throw new AppError('CHECKOUT_CLOSED');
      let cartDiscount = readCartDiscount(row.cart_discount);
      if (data.code) {
        if (!cartDiscount) throw new AppError('DISCOUNT_CODE_UNKNOWN', { code: 'DISCOUNT_CODE_UNKNOWN' });
        const unusable = codeUnusable(cartDiscount, now);
        if (unusable) throw new AppError(unusable, { code: unusable });
        await assertCodeUsable(tx, cartDiscount, { orderId: order.id, email: order.email, lock: false });
      } else if (cartDiscount && !isLive(cartDiscount, now)) {
        cartDiscount = null;
      }
      const bundles = readBundles(row.bundles);
      if (
        cartDiscount?.kind === 'code' &&
        priceLines(items, { bundles, cartDiscount, shippingPrice: order.shippingPrice }).order.discount?.belowMinimum
      ) {
        // Nothing is kept, and the shopper is told the minimum.
        throw new AppError('DISCOUNT_CODE_MINIMUM', { code: 'DISCOUNT_CODE_MINIMUM' }, undefined, {
          minimum: minorToDecimal(cartDiscount.minSubtotal ?? 0),
        });
      }
      const tariff = row.tariff ? tariffShape.read(row.tariff as Record<string, unknown>) : null;
      const repriced = await this.reprice(tx, order, items, bundles, cartDiscount, { tariff, last: true });
      return { order: repriced.order, items };
    });
    return checkoutView(this.ctx.db, applied.order, applied.items);
  }

  /**
   * Prices the order's lines (their prices as `items` hold them) with the offers given; when
   * anything differs from what the order holds, writes it — the delivery kept only while its
   * tariff still applies to the new goods total. `items` are updated in place.
   */
  private async reprice(
    tx: Db,
    order: OrderRow,
    items: ItemRow[],
    bundles: LiveBundle[],
    cartDiscount: CartDiscountRow | null,
    /** `tariff`: the order's, read already; `last`: the write is the transaction's last statement. */
    options: { tariff?: TariffRow | null; last?: boolean } = {},
  ): Promise<{ order: OrderRow; changed: boolean }> {
    let priced = priceLines(items, { bundles, cartDiscount, shippingPrice: order.shippingPrice });
    if (!pricingDiffers(order, items, priced)) return { order, changed: false };
    let keepsTariff = true;
    if (order.shippingTariffId) {
      const [tariff] =
        options.tariff !== undefined
          ? [options.tariff]
          : tariffShape.rows(
              await tx.execute(
                sql`select ${tariffShape.columns} from shipping_tariffs where id = ${order.shippingTariffId}`,
              ),
            );
      const address = order.shippingAddress as Address | null;
      const weightGrams = weightOf(items);
      keepsTariff = Boolean(
        tariff &&
          address &&
          tariffApplies(tariff, { region: address.region, subtotal: goodsTotal(priced.order), weightGrams }),
      );
      const shippingPrice = keepsTariff && tariff ? tariffPrice(tariff) : 0;
      if (shippingPrice !== order.shippingPrice) {
        priced = priceLines(items, { bundles, cartDiscount, shippingPrice });
      }
    }
    items.forEach((item, index) => {
      Object.assign(item, priced.lines[index]);
    });
    const updated = await writePricing(
      tx,
      order.id,
      priced.order,
      items.map((item) => ({ ...item })),
      keepsTariff,
      { last: options.last },
    );
    return { order: updated, changed: true };
  }

  /**
   * POST /Order: places the confirmed checkout. The charged total is the server's: the lines are
   * priced again with live prices and the offers live now (a bundle or code that ended since
   * comes off); when anything changed, or the shopper's total differs, the checkout is brought
   * up to date and PRICE_CHANGED is answered, so the shopper sees the new figures first. A code
   * takes one of its uses here, exactly (decision 018). Placing twice returns the same order.
   */
  async place(input: PlaceOrderInput): Promise<Checkout> {
    const now = new Date();
    const outcome = await this.ctx.db.transaction(async (t) => {
      const tx = t as unknown as Db;
      if (input.paymentMethod === 'cash') {
        // Placed for cash, the order spends its basket (its pop-up) below: the basket's row is
        // taken first, as a new checkout of the basket takes it (the basket, then its unpaid
        // orders). The other way round the two waited on each other until PostgreSQL ended one.
        await tx.execute(sql`select id from baskets where id = (select basket_id from orders
          where id = ${input.checkoutId} and unique_code = ${input.uniqueCode}) for no key update`);
      }
      // The order, its lines, their live prices and the live offers: one statement.
      const row = await lockedRead(
        tx,
        sql`select ${orderShape.columnsOf('o')}, ${ITEMS_OF_O}, ${LIVE_PRICES_OF_O},
            ${liveBundlesColumn(sql`o.market_id`, sql`array(select i.product_id from order_items i where i.order_id = o.id)`, now)} as bundles,
            ${cartDiscountColumn(sql`o.discount_id`)} as cart_discount, ${FRESH_O}
          from orders o
          where o.id = ${input.checkoutId} and o.unique_code = ${input.uniqueCode} for update of o`,
      );
      if (!row) throw new AppError('NOT_FOUND');
      const { order, items } = readOrderWithItems(row);
      if (order.number !== null) return { placed: order, items };
      if (order.paymentStatus === 'canceled') throw new AppError('CHECKOUT_CLOSED');
      if (!order.email || !order.shippingAddress || !order.shippingTariffId) {
        throw new AppError('VALIDATION_FAILED', { shippingTariffId: 'tariffRequired' });
      }
      const live = readLivePrices(row.live as Parameters<typeof readLivePrices>[0]);
      for (const item of items) {
        const current = live.get(item.id);
        if (current === undefined) throw new AppError('OUT_OF_STOCK', { [`items.${item.id}`]: 'OUT_OF_STOCK' });
        item.unitPrice = current.unitPrice;
        item.compareAtPrice = current.compareAtPrice;
      }
      // A pop-up or code that ended (or was switched off) since comes off.
      const named = readCartDiscount(row.cart_discount);
      const cartDiscount = named && isLive(named, now) ? named : null;
      const repriced = await this.reprice(tx, order, items, readBundles(row.bundles), cartDiscount);
      const current = repriced.order;
      // Cash on delivery as the store offers it now (never a stale offer), its fee in the total.
      const cash = input.paymentMethod === 'cash';
      const offer = cash ? cashOffer(await cashOnDeliveryOf(tx, order.marketId), current.shippingTariffId) : null;
      if (cash && !offer) throw new AppError('CASH_ON_DELIVERY_UNAVAILABLE');
      const cashFee = offer?.fee ?? 0;
      if (repriced.changed || current.total + cashFee !== input.expectedTotal) return { priceChanged: true as const };

      // Every path locks an order, its units, its code and its market in that order (decision
      // 018). The units first: held again if the hold ran out. To be paid in cash, they are taken
      // now, as a paid card order's are (they were just held: it can not fall short), and the
      // basket is spent as a paid order's is.
      await this.holdAgain(tx, current, items);
      let storefrontChanged = false;
      if (cash) {
        const sold = await sell(tx, heldUnits(items), true);
        storefrontChanged = sold.ok && sold.storefrontChanged;
        await spendBasket(tx, current, items);
      }
      // Then the code's row: placings and payments with one code queue here, and the count of its
      // uses is exact.
      if (cartDiscount?.kind === 'code') {
        await assertCodeUsable(tx, cartDiscount, { orderId: order.id, email: order.email, lock: true });
      }
      // Last, the market's next number: its row stays locked until commit, and every placement
      // in the market queues on it, so little happens while it is held (order/lifecycle.ts).
      const placed = await placeOrder(tx, order, { last: !cash });
      if (!cash) return { placed, items };
      return { placed: await placeForCash(tx, placed, cashFee), items, storefrontChanged };
    });
    if ('priceChanged' in outcome) throw new AppError('PRICE_CHANGED');
    const view = await checkoutView(this.ctx.db, outcome.placed, outcome.items);
    if (outcome.placed.paymentMethod === 'cash') {
      // Stock the storefront shows changed: its caches start again; the shopper is told at once.
      if ('storefrontChanged' in outcome && outcome.storefrontChanged) {
        await bumpCatalogVersion(this.ctx, outcome.placed.marketId);
      }
      await sendOrderConfirmation(this.ctx, outcome.placed, view);
    }
    return view;
  }

  /** Gives back the units of checkouts whose hold has run out (the reservation job). */
  async releaseExpired(limit = 200): Promise<number> {
    return this.ctx.db.transaction(async (t) => {
      const tx = t as unknown as Db;
      const expired = rowsOf<{ id: string }>(
        await tx.execute(sql`select id from orders where reservation = 'held' and reserved_until < now()
          order by reserved_until limit ${limit} for update skip locked`),
      );
      await releaseOrders(tx, expired);
      return expired.length;
    });
  }

  /**
   * The merchant gives back, now, every unit held by the checkouts that hold units of one SKU
   * (POST /Inventory/release-holds) — so that its count can be lowered. A shopper of such a
   * checkout who pays after all buys only if the units are still there (payment/service.ts);
   * otherwise their money goes back at once. Answers how many checkouts and units were released.
   */
  async releaseHoldsOf(
    marketId: string,
    unit: { productId: string; variantId: string | null },
  ): Promise<{ checkouts: number; units: number }> {
    const released = await this.ctx.db.transaction(async (t) => {
      const tx = t as unknown as Db;
      const [known] = rowsOf<{ id: string }>(
        await tx.execute(sql`select p.id from products p where p.id = ${unit.productId} and p.market_id = ${marketId}
          and (${unit.variantId}::uuid is null or exists (select 1 from product_variants v
            where v.id = ${unit.variantId}::uuid and v.product_id = p.id))`),
      );
      if (!known) throw new AppError('NOT_FOUND');
      // Orders first, then their units: the order every payment locks them in. One that stopped
      // holding while we waited for its lock is skipped (the lock re-checks the row's state).
      const holding = rowsOf<{ id: string }>(
        await tx.execute(sql`select o.id from orders o where o.market_id = ${marketId} and o.reservation = 'held'
          and exists (select 1 from order_items i where i.order_id = o.id and i.tracked
            and i.product_id = ${unit.productId} and i.variant_id is not distinct from ${unit.variantId})
          order by o.id for update`),
      );
      const released = await releaseOrders(tx, holding);
      const units = released
        .flatMap((r) => r.units)
        .filter((u) => u.productId === unit.productId && u.variantId === unit.variantId)
        .reduce((sum, u) => sum + u.quantity, 0);
      return { checkouts: released.length, units };
    });
    // The units are on sale again: the storefront's caches start again.
    if (released.units > 0) await bumpCatalogVersion(this.ctx, marketId);
    return released;
  }
}

/** Gives back the held units of locked orders and marks them released. */
async function releaseOrders(tx: Db, orders: { id: string }[]) {
  const releasing = await Promise.all(
    orders.map(async ({ id }) => ({ id, units: heldUnits(await orderItemsOf(tx, id)) })),
  );
  await lockUnits(
    tx,
    releasing.flatMap((r) => r.units),
  );
  for (const { id, units } of releasing) {
    await release(tx, units);
    await markHoldReleased(tx, id, true);
  }
  return releasing;
}

/**
 * Each line's live price as a column of a statement about the order `o`: the product's, or its
 * variant's; no price for a line whose product (or variant) is gone or off sale.
 */
const LIVE_PRICES_OF_O = sql.raw(`(select coalesce(json_agg(json_build_object(
    'id', i.id,
    'price', case when p.status <> 'active' then null when i.variant_id is null then p.price else v.price end,
    'compare_at_price', case when i.variant_id is null then p.compare_at_price else v.compare_at_price end
  )), '[]')
  from order_items i
  left join products p on p.id = i.product_id
  left join product_variants v on v.id = i.variant_id and v.product_id = p.id
  where i.order_id = o.id) as live`);

function readLivePrices(live: { id: string; price: number | null; compare_at_price: number | null }[]) {
  const result = new Map<string, { unitPrice: number; compareAtPrice: number | null }>();
  for (const line of live) {
    if (line.price !== null) result.set(line.id, { unitPrice: line.price, compareAtPrice: line.compare_at_price });
  }
  return result;
}

/**
 * A placed order to be paid in cash on delivery (issue 14), its units taken and its basket spent
 * already (place; the merchant ships it unpaid): the fee joins its total, and its code counts one
 * use, as a paid order's. It stays unpaid until the merchant marks it paid (order/service.ts markPaid).
 */
async function placeForCash(tx: Db, placed: OrderRow, cashFee: number): Promise<OrderRow> {
  const [order] = orderShape.rows(
    await tx.execute(sql`update orders set payment_method = 'cash', cash_fee = ${cashFee}, total = total + ${cashFee},
        reservation = 'sold', updated_at = ${new Date()}
      where id = ${placed.id} returning ${orderShape.columns}`),
  ) as [OrderRow];
  if (order.discountId && order.discount?.kind === 'code') await countCodeUse(tx, order.discountId);
  return order;
}
