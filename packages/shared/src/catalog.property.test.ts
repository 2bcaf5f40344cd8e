import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { catalogLimits, createProductSchema, type ProductInput, variantCombinations } from './catalog.js';
import { MAX_MINOR } from './money.js';

const MARKET = '0b6f4c2e-8f1a-4c55-9d3e-2a7b1c9e4f10';
const CATEGORY = '5e3d2c1b-4a59-4687-b8c9-d0e1f2a3b4c5';

/** Text that is not blank after trimming and fits `max`; no NUL (the API refuses it everywhere). */
const text = (max: number, minLength = 1) =>
  fc
    .string({ unit: 'grapheme', minLength, maxLength: Math.min(max, 30) })
    .filter((s) => s.trim().length > 0 && s.trim().length <= max && !s.includes('\u0000'));

/** Distinct (by trimmed, lowercased text) values: what the form requires of names and values. */
const distinct = (max: number, minLength: number, maxLength: number) =>
  fc.uniqueArray(text(max), { minLength, maxLength, selector: (s) => s.trim().toLowerCase() });

const options = fc
  .tuple(
    distinct(catalogLimits.optionName, 1, 3),
    fc.array(distinct(catalogLimits.optionValue, 1, 4), { minLength: 3, maxLength: 3 }),
  )
  .map(([names, values]) => names.map((name, i) => ({ name, values: values[i] as string[] })));

/** A price and a compare-at price that is higher, or none. */
const prices = fc.integer({ min: 0, max: MAX_MINOR - 1 }).chain((price) =>
  fc.record({
    price: fc.constant(price),
    compareAtPrice: fc.option(fc.integer({ min: price + 1, max: MAX_MINOR }), { nil: null }),
  }),
);

const code = fc.stringMatching(/^[A-Z0-9-]{1,20}$/);

const base = fc.record({
  title: text(catalogLimits.title),
  description: fc
    .stringMatching(/^[A-Za-zƏəÇçŞşĞğÖöÜüİı0-9 ,.]{0,40}$/)
    .filter((s) => s.trim().length > 0)
    .map((s) => `<p>${s}</p>`),
  images: fc.array(
    fc.stringMatching(/^[a-z0-9]{1,12}$/).map((name) => `/uploads/u/${name}.webp`),
    { minLength: 1, maxLength: catalogLimits.images },
  ),
  prices,
  trackQuantity: fc.boolean(),
  continueSelling: fc.boolean(),
  hasSku: fc.boolean(),
  sku: code,
  barcode: code,
  stock: fc.integer({ min: 0, max: catalogLimits.stock }),
  status: fc.constantFrom('active' as const, 'passive' as const),
});

/** A product without options, built from valid parts. */
const simpleProduct = base.map(
  (b): ProductInput => ({
    marketId: MARKET,
    categoryId: CATEGORY,
    title: b.title,
    description: b.description,
    images: b.images,
    ...b.prices,
    trackQuantity: b.trackQuantity,
    continueSelling: b.continueSelling,
    hasSku: b.hasSku,
    sku: b.sku,
    barcode: b.barcode,
    stock: b.stock,
    status: b.status,
  }),
);

/** A product with options whose variants are exactly `variantCombinations` of them. */
const variantProduct = fc.tuple(base, options).chain(([b, opts]) => {
  const combinations = variantCombinations(opts);
  const variant = fc.record({
    prices,
    // Small enough that no sum of variants passes the stock limit.
    stock: fc.integer({ min: 0, max: 100_000 }),
    sku: code,
    barcode: code,
  });
  return fc.array(variant, { minLength: combinations.length, maxLength: combinations.length }).map(
    (variants): ProductInput => ({
      marketId: MARKET,
      categoryId: CATEGORY,
      title: b.title,
      description: b.description,
      images: b.images,
      ...b.prices,
      hasSku: b.hasSku,
      status: b.status,
      options: opts,
      variants: combinations.map((combination, i) => {
        const v = variants[i]!;
        return { options: combination, ...v.prices, stock: v.stock, sku: v.sku, barcode: v.barcode };
      }),
    }),
  );
});

const issuesOf = (product: unknown) => {
  const result = createProductSchema.safeParse(product);
  return result.success ? [] : result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
};

describe('variantCombinations', () => {
  it('is every combination once, in the options’ order', () => {
    fc.assert(
      fc.property(options, (opts) => {
        const rows = variantCombinations(opts);
        expect(rows).toHaveLength(opts.reduce((n, o) => n * o.values.length, 1));
        expect(new Set(rows.map((r) => JSON.stringify(r))).size).toBe(rows.length);
        for (const row of rows) {
          expect(row).toHaveLength(opts.length);
          row.forEach((value, k) => {
            expect(opts[k]!.values).toContain(value);
          });
        }
        expect(rows[0]).toEqual(opts.map((o) => o.values[0]));
      }),
    );
  });
});

describe('createProductSchema', () => {
  it('accepts any product without options built from valid parts', () => {
    fc.assert(
      fc.property(simpleProduct, (product) => {
        expect(issuesOf(product)).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it('accepts any product whose variants are the combinations of its options', () => {
    fc.assert(
      fc.property(variantProduct, (product) => {
        expect(issuesOf(product)).toEqual([]);
        const parsed = createProductSchema.parse(product);
        expect(parsed.variants).toHaveLength(variantCombinations(product.options ?? []).length);
      }),
      { numRuns: 300 },
    );
  });

  it('rejects a combination set where one variant was removed and another repeated in its place', () => {
    const tampered = variantProduct
      .filter((p) => (p.variants ?? []).length >= 2)
      .chain((product) => {
        const n = (product.variants ?? []).length;
        return fc
          .record({
            removed: fc.nat({ max: n - 1 }),
            repeated: fc.nat({ max: n - 2 }),
            at: fc.nat({ max: n - 1 }),
          })
          .map(({ removed, repeated, at }) => {
            const variants = [...(product.variants ?? [])];
            const [gone] = variants.splice(removed, 1);
            // Any variant but the removed one, copied (with its own prices and codes).
            const copy = { ...variants[repeated]! };
            variants.splice(at, 0, copy);
            return { product: { ...product, variants }, gone: gone! };
          });
      });
    fc.assert(
      fc.property(tampered, ({ product }) => {
        const issues = issuesOf(product);
        expect(issues.length).toBeGreaterThan(0);
        expect(issues).toContainEqual({
          path: expect.stringMatching(/^variants\.\d+\.options$/),
          message: 'variantsMismatch',
        });
      }),
      { numRuns: 300 },
    );
  });

  const negative = fc.integer({ min: -1_000_000_000, max: -1 });
  const fractional = fc
    .double({ min: -1_000_000, max: 1_000_000, noNaN: true, noDefaultInfinity: true })
    .filter((n) => !Number.isInteger(n));
  const bad = fc.oneof(negative, fractional);

  it('rejects a negative or fractional stock in any variant, at that variant', () => {
    const broken = variantProduct.chain((product) =>
      fc.tuple(fc.nat({ max: product.variants!.length - 1 }), bad).map(([k, stock]) => ({
        product: { ...product, variants: product.variants!.map((v, i) => (i === k ? { ...v, stock } : v)) },
        k,
      })),
    );
    fc.assert(
      fc.property(broken, ({ product, k }) => {
        expect(issuesOf(product)).toContainEqual({ path: `variants.${k}.stock`, message: 'invalidStock' });
      }),
      { numRuns: 300 },
    );
  });

  it('rejects a negative or fractional price in any variant, at that variant', () => {
    const broken = variantProduct.chain((product) =>
      fc.tuple(fc.nat({ max: product.variants!.length - 1 }), bad).map(([k, price]) => ({
        product: {
          ...product,
          variants: product.variants!.map((v, i) => (i === k ? { ...v, price, compareAtPrice: null } : v)),
        },
        k,
      })),
    );
    fc.assert(
      fc.property(broken, ({ product, k }) => {
        expect(issuesOf(product)).toContainEqual({ path: `variants.${k}.price`, message: 'invalidPrice' });
      }),
      { numRuns: 300 },
    );
  });

  it('rejects a negative or fractional stock or price on a product without options', () => {
    fc.assert(
      fc.property(simpleProduct, bad, fc.boolean(), (product, value, onStock) => {
        const broken = onStock ? { ...product, stock: value } : { ...product, price: value, compareAtPrice: null };
        expect(issuesOf(broken)).toContainEqual(
          onStock ? { path: 'stock', message: 'invalidStock' } : { path: 'price', message: 'invalidPrice' },
        );
      }),
      { numRuns: 300 },
    );
  });
});
