import { type PricedCart, priceCart } from '@shop/shared';
import type { DiscountRecord } from '../../db/schema/index.js';
import { appliedOf, asCartDiscount, type CartDiscountRow, type LiveBundle } from '../discount/offers.js';

/**
 * A checkout's lines and totals priced with its discounts (decision 018) by the shared priceCart —
 * the one function that prices carts on the server and in the storefront.
 */

/** What pricing writes on a line. */
export interface LinePricing {
  unitPrice: number;
  compareAtPrice: number | null;
  bundleId: string | null;
  bundleTitle: string | null;
  bundleUnits: number;
  /** What its bundle price took off; `discount` is that and its share of the cart discount. */
  bundleDiscount: number;
  discount: number;
  paid: number;
}

/** What pricing writes on the order. */
export interface OrderPricing {
  subtotal: number;
  bundleDiscount: number;
  discountTotal: number;
  discountId: string | null;
  discount: DiscountRecord | null;
  shippingPrice: number;
  total: number;
}

export interface Priced {
  order: OrderPricing;
  /** In the order of the lines given. */
  lines: LinePricing[];
  cart: PricedCart;
}

interface Line {
  productId: string | null;
  unitPrice: number;
  compareAtPrice: number | null;
  quantity: number;
}

export function priceLines(
  lines: readonly Line[],
  offers: { bundles: readonly LiveBundle[]; cartDiscount: CartDiscountRow | null; shippingPrice: number },
): Priced {
  const cart = priceCart(
    lines.map((line, index) => ({
      id: String(index),
      // A line whose product is gone takes part in no bundle.
      productId: line.productId ?? '',
      unitPrice: line.unitPrice,
      quantity: line.quantity,
    })),
    {
      bundles: offers.bundles,
      cartDiscount: offers.cartDiscount ? asCartDiscount(offers.cartDiscount) : null,
      shipping: offers.shippingPrice,
    },
  );
  const titles = new Map(offers.bundles.map((b) => [b.id, b.title]));
  const discount = offers.cartDiscount ? appliedOf(offers.cartDiscount, cart) : null;
  return {
    cart,
    order: {
      subtotal: cart.subtotal,
      bundleDiscount: cart.bundleDiscount,
      discountTotal: cart.discountTotal,
      discountId: discount?.id ?? null,
      discount,
      shippingPrice: cart.shipping,
      total: cart.total,
    },
    lines: cart.lines.map((priced, index) => ({
      unitPrice: priced.unitPrice,
      compareAtPrice: lines[index]!.compareAtPrice,
      bundleId: priced.bundleId,
      bundleTitle: priced.bundleId ? (titles.get(priced.bundleId) ?? null) : null,
      bundleUnits: priced.bundleUnits,
      bundleDiscount: priced.bundleDiscount,
      discount: priced.bundleDiscount + priced.cartDiscount,
      paid: priced.paid,
    })),
  };
}

/** The goods' total after discounts: what a tariff's "order total" condition compares. */
export function goodsTotal(order: { subtotal: number; discountTotal: number }): number {
  return order.subtotal - order.discountTotal;
}

/** Whether pricing differs from what an order and its lines hold now. */
export function pricingDiffers(order: OrderPricing, items: readonly LinePricing[], priced: Priced): boolean {
  const o = priced.order;
  if (
    o.subtotal !== order.subtotal ||
    o.bundleDiscount !== order.bundleDiscount ||
    o.discountTotal !== order.discountTotal ||
    o.discountId !== order.discountId ||
    o.shippingPrice !== order.shippingPrice ||
    o.total !== order.total ||
    (o.discount?.amount ?? 0) !== (order.discount?.amount ?? 0)
  ) {
    return true;
  }
  return priced.lines.some((line, index) => {
    const item = items[index]!;
    return (
      line.unitPrice !== item.unitPrice ||
      line.compareAtPrice !== item.compareAtPrice ||
      line.bundleId !== item.bundleId ||
      line.bundleUnits !== item.bundleUnits ||
      line.bundleDiscount !== item.bundleDiscount ||
      line.discount !== item.discount ||
      line.paid !== item.paid
    );
  });
}
