import { percentOff } from './discounts.js';

/**
 * How a cart's discounts make its price (decision 018, "how they combine"), in whole qəpik:
 *
 * 1. Bundle prices first, per line: a bundle takes its percent off each unit of its products for
 *    each complete set in the cart (a one-product offer: every unit). A unit is in one set at
 *    most; bundles with the larger percent take their sets first.
 * 2. Then at most one cart discount (an accepted pop-up or a code) on the subtotal after bundle
 *    prices, if it reaches the discount's minimum; an amount never takes more than that subtotal.
 *    Shipping is never discounted.
 * 3. The cart discount is spread over the lines in proportion to what they cost after bundle
 *    prices, the qəpik left by rounding down going to the largest remainders — so each line knows
 *    what it was paid, and a refund of a line is capped by it.
 *
 * The server prices checkouts with this function; the storefront shows the same figures.
 */

export interface CartLine {
  id: string;
  productId: string;
  /** Qəpik, before any discount. */
  unitPrice: number;
  quantity: number;
}

export interface BundleOffer {
  id: string;
  /** 1–99. */
  percent: number;
  /** The products of one set (1–3, each once). */
  productIds: readonly string[];
}

export type CartDiscount =
  | { id: string; valueType: 'percent'; percent: number; minSubtotal?: number | null }
  | { id: string; valueType: 'amount'; amountOff: number; minSubtotal?: number | null };

export interface PricedLine {
  id: string;
  unitPrice: number;
  quantity: number;
  /** unitPrice × quantity. */
  lineTotal: number;
  /** Units sold at a bundle's price, the bundle's id, and what its price took off this line. */
  bundleUnits: number;
  bundleId: string | null;
  bundleDiscount: number;
  /** This line's share of the cart discount. */
  cartDiscount: number;
  /** What the shopper pays for the line: the most a refund of it may return. */
  paid: number;
}

export interface PricedCart {
  lines: PricedLine[];
  /** Before any discount. */
  subtotal: number;
  bundleDiscount: number;
  /** The cart discount applied (0 when none, or when the cart is below its minimum). */
  cartDiscount: number;
  /** The cart discount's id, when it applied. */
  cartDiscountId: string | null;
  /** The cart discount named but not applied, because the subtotal after bundles is below its minimum. */
  belowMinimum: boolean;
  discountTotal: number;
  shipping: number;
  total: number;
}

export function priceCart(
  lines: readonly CartLine[],
  options: { bundles?: readonly BundleOffer[]; cartDiscount?: CartDiscount | null; shipping?: number } = {},
): PricedCart {
  const priced: PricedLine[] = lines.map((line) => ({
    id: line.id,
    unitPrice: line.unitPrice,
    quantity: line.quantity,
    lineTotal: line.unitPrice * line.quantity,
    bundleUnits: 0,
    bundleId: null,
    bundleDiscount: 0,
    cartDiscount: 0,
    paid: 0,
  }));

  // 1. Bundles, the larger percent first (then by id, so the order never depends on the caller's).
  const bundles = [...(options.bundles ?? [])]
    .filter((b) => b.productIds.length > 0 && b.percent > 0)
    .sort((a, b) => b.percent - a.percent || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  // A line takes part in one bundle at most: its units are priced one way, and a refund knows which.
  for (const bundle of bundles) {
    const unitsOf = (productId: string) =>
      priced.reduce(
        (sum, line, index) =>
          sum + (lines[index]!.productId === productId && line.bundleId === null ? line.quantity : 0),
        0,
      );
    const sets = Math.min(...bundle.productIds.map(unitsOf));
    if (!Number.isFinite(sets) || sets <= 0) continue;
    for (const productId of bundle.productIds) {
      let left = sets;
      priced.forEach((line, index) => {
        if (left === 0 || lines[index]!.productId !== productId || line.bundleId !== null) return;
        const units = Math.min(left, line.quantity);
        left -= units;
        line.bundleId = bundle.id;
        line.bundleUnits = units;
        line.bundleDiscount = units * percentOff(line.unitPrice, bundle.percent);
      });
    }
  }

  // 2. The cart discount on what the lines cost after bundle prices.
  const afterBundles = priced.map((line) => line.lineTotal - line.bundleDiscount);
  const base = afterBundles.reduce((sum, value) => sum + value, 0);
  const wanted = options.cartDiscount ?? null;
  const belowMinimum = wanted !== null && wanted.minSubtotal != null && base < wanted.minSubtotal;
  let cartDiscount = 0;
  if (wanted && !belowMinimum) {
    cartDiscount = wanted.valueType === 'percent' ? percentOff(base, wanted.percent) : Math.min(wanted.amountOff, base);
  }

  // 3. Spread by largest remainder: shares in proportion to each line's cost, summing exactly.
  if (cartDiscount > 0) {
    const shares = afterBundles.map((weight) => Math.floor((cartDiscount * weight) / base));
    let left = cartDiscount - shares.reduce((sum, share) => sum + share, 0);
    const order = afterBundles
      .map((weight, index) => ({ index, weight, remainder: (cartDiscount * weight) % base }))
      .sort((a, b) => b.remainder - a.remainder || b.weight - a.weight || a.index - b.index);
    for (const { index } of order) {
      if (left === 0) break;
      shares[index]! += 1;
      left -= 1;
    }
    priced.forEach((line, index) => {
      line.cartDiscount = shares[index]!;
    });
  }
  for (const line of priced) line.paid = line.lineTotal - line.bundleDiscount - line.cartDiscount;

  const subtotal = priced.reduce((sum, line) => sum + line.lineTotal, 0);
  const bundleDiscount = priced.reduce((sum, line) => sum + line.bundleDiscount, 0);
  const shipping = options.shipping ?? 0;
  return {
    lines: priced,
    subtotal,
    bundleDiscount,
    cartDiscount,
    cartDiscountId: cartDiscount > 0 && wanted ? wanted.id : null,
    belowMinimum,
    discountTotal: bundleDiscount + cartDiscount,
    shipping,
    total: subtotal - bundleDiscount - cartDiscount + shipping,
  };
}

/**
 * What may still be refunded of a line: what it was paid less what was refunded of it. A refund
 * asked beyond it is refused, so refunds never return more than the shopper paid.
 */
export function refundableOf(line: Pick<PricedLine, 'paid'>, refunded: number): number {
  return Math.max(0, line.paid - refunded);
}

/**
 * What `count` units of a line were paid, after the first `before` of its units: a line's paid
 * amount spread over its units so that its units, taken in any runs, sum to it exactly. Refunds
 * of units suggest it, so a discounted line is never refunded above what it was paid.
 */
export function paidForUnits(line: { paid: number; quantity: number }, before: number, count: number): number {
  if (line.quantity <= 0) return 0;
  const upTo = (units: number) => Math.floor((line.paid * Math.max(0, Math.min(units, line.quantity))) / line.quantity);
  return upTo(before + count) - upTo(before);
}
