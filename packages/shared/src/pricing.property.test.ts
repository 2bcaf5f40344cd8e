import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { percentOff } from './discounts.js';
import { MAX_MINOR } from './money.js';
import { type BundleOffer, type CartDiscount, type CartLine, priceCart, refundableOf } from './pricing.js';

/**
 * Issue 13's money property: any mix of lines, bundles, a cart discount and shipping gives totals
 * exact in qəpik, never negative, and refunds that sum to at most what was paid.
 */

const PRODUCTS = ['p1', 'p2', 'p3', 'p4', 'p5'];

const line = fc.record({
  productId: fc.constantFrom(...PRODUCTS),
  // Prices up to 10,000 AZN a unit, quantities up to 20: a cart stays well inside MAX_MINOR.
  unitPrice: fc.oneof(fc.integer({ min: 0, max: 1_000_000 }), fc.integer({ min: 1, max: 300 })),
  quantity: fc.integer({ min: 1, max: 20 }),
});
const lines: fc.Arbitrary<CartLine[]> = fc
  .array(line, { minLength: 0, maxLength: 8 })
  .map((ls) => ls.map((l, index) => ({ ...l, id: `l${index}` })));

const bundle = fc.record({
  id: fc.constantFrom('b1', 'b2', 'b3'),
  percent: fc.integer({ min: 1, max: 99 }),
  productIds: fc.uniqueArray(fc.constantFrom(...PRODUCTS), { minLength: 1, maxLength: 3 }),
});
const bundles: fc.Arbitrary<BundleOffer[]> = fc.uniqueArray(bundle, { maxLength: 3, selector: (b) => b.id });

const cartDiscount: fc.Arbitrary<CartDiscount | null> = fc.oneof(
  fc.constant(null),
  fc.record({
    id: fc.constant('popup'),
    valueType: fc.constant('percent' as const),
    percent: fc.integer({ min: 1, max: 99 }),
    minSubtotal: fc.option(fc.integer({ min: 1, max: 2_000_000 }), { nil: null }),
  }),
  fc.record({
    id: fc.constant('code'),
    valueType: fc.constant('amount' as const),
    amountOff: fc.integer({ min: 1, max: MAX_MINOR }),
    minSubtotal: fc.option(fc.integer({ min: 1, max: 2_000_000 }), { nil: null }),
  }),
);

const shipping = fc.integer({ min: 0, max: 100_000 });
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

describe('pricing a cart (decision 018)', () => {
  it('totals are exact in whole qəpik and never negative', () => {
    fc.assert(
      fc.property(lines, bundles, cartDiscount, shipping, (ls, bs, cd, ship) => {
        const cart = priceCart(ls, { bundles: bs, cartDiscount: cd, shipping: ship });
        const all = [
          cart.subtotal,
          cart.bundleDiscount,
          cart.cartDiscount,
          cart.total,
          ...cart.lines.flatMap((l) => [l.paid, l.bundleDiscount, l.cartDiscount]),
        ];
        expect(all.every(Number.isSafeInteger)).toBe(true);
        expect(cart.subtotal).toBe(sum(ls.map((l) => l.unitPrice * l.quantity)));
        expect(cart.discountTotal).toBe(cart.bundleDiscount + cart.cartDiscount);
        expect(cart.total).toBe(cart.subtotal - cart.discountTotal + ship);
        expect(sum(cart.lines.map((l) => l.paid)) + ship).toBe(cart.total);
        expect(sum(cart.lines.map((l) => l.bundleDiscount))).toBe(cart.bundleDiscount);
        expect(sum(cart.lines.map((l) => l.cartDiscount))).toBe(cart.cartDiscount);
        for (const l of cart.lines) {
          expect(l.paid).toBeGreaterThanOrEqual(0);
          expect(l.bundleDiscount + l.cartDiscount).toBeLessThanOrEqual(l.lineTotal);
        }
        expect(cart.total).toBeGreaterThanOrEqual(ship);
      }),
      { numRuns: 2_000 },
    );
  });

  it('a bundle prices whole sets: the same number of units of each of its products, at its percent', () => {
    fc.assert(
      fc.property(lines, bundles, (ls, bs) => {
        const cart = priceCart(ls, { bundles: bs });
        for (const b of bs) {
          const mine = cart.lines.filter((l) => l.bundleId === b.id);
          if (mine.length === 0) continue;
          const units = b.productIds.map((p) =>
            sum(mine.filter((l) => ls.find((x) => x.id === l.id)!.productId === p).map((l) => l.bundleUnits)),
          );
          expect(new Set(units).size).toBe(1);
          expect(units[0]).toBeGreaterThan(0);
          for (const l of mine) {
            expect(l.bundleUnits).toBeLessThanOrEqual(l.quantity);
            expect(l.bundleDiscount).toBe(l.bundleUnits * percentOff(l.unitPrice, b.percent));
          }
        }
        for (const l of cart.lines.filter((x) => x.bundleId === null)) expect(l.bundleDiscount).toBe(0);
      }),
      { numRuns: 1_000 },
    );
  });

  it('one cart discount, on what remains after bundle prices, spread over the lines by their cost', () => {
    fc.assert(
      fc.property(lines, bundles, cartDiscount, (ls, bs, cd) => {
        const cart = priceCart(ls, { bundles: bs, cartDiscount: cd });
        const base = cart.subtotal - cart.bundleDiscount;
        if (!cd) {
          expect(cart.cartDiscount).toBe(0);
          expect(cart.belowMinimum).toBe(false);
          return;
        }
        if (cd.minSubtotal != null && base < cd.minSubtotal) {
          expect(cart.cartDiscount).toBe(0);
          expect(cart.cartDiscountId).toBeNull();
          expect(cart.belowMinimum).toBe(true);
          return;
        }
        expect(cart.belowMinimum).toBe(false);
        const expected = cd.valueType === 'percent' ? percentOff(base, cd.percent) : Math.min(cd.amountOff, base);
        expect(cart.cartDiscount).toBe(expected);
        expect(cart.cartDiscount).toBeLessThanOrEqual(base);
        if (base === 0) return;
        for (const l of cart.lines) {
          // Within one qəpik of its exact proportional share.
          const exact = (cart.cartDiscount * (l.lineTotal - l.bundleDiscount)) / base;
          expect(Math.abs(l.cartDiscount - exact)).toBeLessThan(1);
        }
      }),
      { numRuns: 2_000 },
    );
  });

  it('refunds, in any order and any amounts, never sum to more than was paid', () => {
    const refunds = fc.array(fc.record({ line: fc.nat(7), amount: fc.integer({ min: 1, max: 2_000_000 }) }), {
      maxLength: 20,
    });
    fc.assert(
      fc.property(lines, bundles, cartDiscount, shipping, refunds, (ls, bs, cd, ship, asked) => {
        const cart = priceCart(ls, { bundles: bs, cartDiscount: cd, shipping: ship });
        if (cart.lines.length === 0) return;
        const refunded = cart.lines.map(() => 0);
        for (const { line: index, amount } of asked) {
          const at = index % cart.lines.length;
          // A refund is taken up to what is still refundable of the line, and no further.
          refunded[at]! += Math.min(amount, refundableOf(cart.lines[at]!, refunded[at]!));
        }
        cart.lines.forEach((l, i) => {
          expect(refunded[i]).toBeLessThanOrEqual(l.paid);
        });
        expect(sum(refunded)).toBeLessThanOrEqual(cart.total - ship);
      }),
      { numRuns: 1_000 },
    );
  });

  it('worked example: a 20 % bundle of two products, a 10 % pop-up, 5 AZN shipping', () => {
    const cart = priceCart(
      [
        { id: 'shirt', productId: 'p1', unitPrice: 3999, quantity: 2 },
        { id: 'bag', productId: 'p2', unitPrice: 2450, quantity: 1 },
        { id: 'socks', productId: 'p3', unitPrice: 999, quantity: 3 },
      ],
      {
        bundles: [{ id: 'set', percent: 20, productIds: ['p1', 'p2'] }],
        cartDiscount: { id: 'welcome', valueType: 'percent', percent: 10 },
        shipping: 500,
      },
    );
    // One set: one shirt and the bag at 20 % off (800 + 490); the second shirt at full price.
    expect(cart.lines.map((l) => [l.id, l.bundleUnits, l.bundleDiscount])).toEqual([
      ['shirt', 1, 800],
      ['bag', 1, 490],
      ['socks', 0, 0],
    ]);
    // 10 % of (7998 − 800) + (2450 − 490) + 2997 = 12155 is 1215.5 → 1216 (half up). Its shares
    // 720.10, 196.08, 299.82 round down to 1215; the qəpik left goes to the largest remainder.
    expect(cart.subtotal).toBe(13445);
    expect(cart.bundleDiscount).toBe(1290);
    expect(cart.cartDiscount).toBe(1216);
    expect(cart.lines.map((l) => l.cartDiscount)).toEqual([720, 196, 300]);
    expect(cart.lines.map((l) => l.paid)).toEqual([7998 - 800 - 720, 2450 - 490 - 196, 2997 - 300]);
    expect(cart.total).toBe(13445 - 1290 - 1216 + 500);
  });
});
