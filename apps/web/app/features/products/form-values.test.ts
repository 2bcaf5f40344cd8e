import { createProductSchema, type ProductView } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import {
  availableWithHeld,
  emptyValues,
  type ProductValues,
  removedCount,
  toProductInput,
  valuesOf,
  withOptionAdded,
  withOptionRemoved,
  withOptionValues,
  withRemovedRestored,
  withVariantRemoved,
} from './form-values';

const MARKET = '0b9f5a4e-5d0c-4f57-9a57-0d5a8a0f6c11';
const CATEGORY = '6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f';

/** Options typed one step at a time, as the editor does. */
function typed(steps: [number, string[]][], start: ProductValues = { ...emptyValues(), price: 10 }): ProductValues {
  let values = start;
  for (const [index, optionValues] of steps) {
    while (values.options.length <= index) values = { ...values, ...withOptionAdded(values) };
    values = { ...values, ...withOptionValues(values, index, optionValues) };
  }
  return values;
}

const grid = (values: ProductValues) => values.variants.map((v) => v.options.join('/'));

describe('the variant grid', () => {
  it('proposes every combination, new rows starting from the product price', () => {
    const values = typed([
      [0, ['S', 'M']],
      [1, ['Red', 'Blue']],
    ]);
    expect(grid(values)).toEqual(['S/Red', 'S/Blue', 'M/Red', 'M/Blue']);
    expect(values.variants.every((v) => v.price === 10 && v.stock === 0)).toBe(true);
  });

  it('keeps what was typed for combinations that still exist, and their ids', () => {
    let values = typed([[0, ['S', 'M']]]);
    values = {
      ...values,
      variants: values.variants.map((v) => (v.options[0] === 'M' ? { ...v, id: 'm-id', stock: 7, price: 12.5 } : v)),
    };
    values = { ...values, ...withOptionValues(values, 0, ['S', 'M', 'L']) };
    expect(grid(values)).toEqual(['S', 'M', 'L']);
    expect(values.variants[1]).toMatchObject({ id: 'm-id', stock: 7, price: 12.5 });
    values = { ...values, ...withOptionValues(values, 0, ['M', 'L']) };
    expect(grid(values)).toEqual(['M', 'L']);
    expect(values.variants[0]).toMatchObject({ id: 'm-id', stock: 7 });
  });

  it('a new option carries the existing rows over to its first value', () => {
    let values = typed([[0, ['S', 'M']]]);
    values = { ...values, variants: values.variants.map((v, i) => ({ ...v, stock: i + 1 })) };
    values = { ...values, ...withOptionAdded(values) };
    expect(grid(values)).toEqual(['S/', 'M/']);
    values = { ...values, ...withOptionValues(values, 1, ['Red']) };
    expect(grid(values)).toEqual(['S/Red', 'M/Red']);
    expect(values.variants.map((v) => v.stock)).toEqual([1, 2]);
    values = { ...values, ...withOptionValues(values, 1, ['Red', 'Blue']) };
    expect(values.variants.map((v) => v.stock)).toEqual([1, 0, 2, 0]);
  });

  it('a removed row stays out until restored, also when another option gains values', () => {
    let values = typed([
      [0, ['S', 'M']],
      [1, ['Red', 'Blue']],
    ]);
    const sBlue = values.variants.find((v) => v.options.join('/') === 'S/Blue')!;
    values = { ...values, ...withVariantRemoved(values, sBlue.key) };
    expect(grid(values)).toEqual(['S/Red', 'M/Red', 'M/Blue']);
    values = { ...values, ...withOptionValues(values, 0, ['S', 'M', 'L']) };
    expect(grid(values)).not.toContain('S/Blue');
    expect(removedCount(values)).toBe(1);
    values = { ...values, ...withRemovedRestored(values) };
    expect(grid(values)).toContain('S/Blue');
    expect(removedCount(values)).toBe(0);
  });

  it('removing an option merges the rows that become the same', () => {
    let values = typed([
      [0, ['S', 'M']],
      [1, ['Red', 'Blue']],
    ]);
    values = { ...values, ...withOptionRemoved(values, 1) };
    expect(values.options.map((o) => o.values)).toEqual([['S', 'M']]);
    expect(grid(values)).toEqual(['S', 'M']);
    values = { ...values, ...withOptionRemoved(values, 0) };
    expect(values.variants).toEqual([]);
  });
});

describe('the API input', () => {
  it('converts AZN to qəpik and passes the shared schema', () => {
    const values: ProductValues = {
      ...typed([[0, ['S', 'M']]], { ...emptyValues(), price: 19.99 }),
      title: 'Köynək',
      description: '<p>Pambıq</p>',
      categoryId: CATEGORY,
      images: ['/uploads/a.webp'],
      compareAtPrice: 25,
    };
    values.options = values.options.map((o) => ({ ...o, name: 'Size' }));
    const input = toProductInput(values, MARKET);
    expect(input.price).toBe(1999);
    expect(input.compareAtPrice).toBe(2500);
    expect(input.variants?.map((v) => v.price)).toEqual([1999, 1999]);
    expect(createProductSchema.safeParse(input).error?.issues).toBeUndefined();
  });

  it('an empty price and stock are reported with the catalogue messages', () => {
    const values: ProductValues = { ...emptyValues(), stock: '' };
    const result = createProductSchema.safeParse(toProductInput(values, MARKET));
    const messages = Object.fromEntries(result.error?.issues.map((i) => [i.path.join('.'), i.message]) ?? []);
    expect(messages).toMatchObject({
      title: 'titleRequired',
      description: 'descriptionRequired',
      categoryId: 'categoryRequired',
      images: 'imageRequired',
      price: 'priceRequired',
      stock: 'invalidStock',
    });
  });

  it('a saved product reads back into the same input', () => {
    const product: ProductView = {
      id: 'p',
      marketId: MARKET,
      title: 'T',
      description: '<p>x</p>',
      categoryId: CATEGORY,
      images: ['/uploads/a.webp'],
      price: 500,
      compareAtPrice: null,
      trackQuantity: true,
      continueSelling: false,
      hasSku: false,
      sku: null,
      barcode: null,
      stock: 0,
      held: 0,
      status: 'active',
      weightGrams: 250,
      options: [{ name: 'Size', values: ['S', 'M'] }],
      variants: [
        {
          id: '3d0b1a52-3a55-4a4f-8d1e-2c1f5e9b7a10',
          options: ['M'],
          price: 500,
          compareAtPrice: null,
          sku: null,
          barcode: null,
          stock: 3,
          held: 0,
          imageUrl: null,
        },
      ],
      inStock: true,
      createdAt: '',
      updatedAt: '',
    };
    const values = valuesOf(product);
    // S was not a variant: it counts as removed, not as a new row.
    expect(grid(values)).toEqual(['M']);
    expect(removedCount(values)).toBe(1);
    const input = toProductInput(values, MARKET);
    expect(input.variants).toEqual([
      {
        id: product.variants[0]?.id,
        options: ['M'],
        price: 500,
        compareAtPrice: null,
        stock: 3,
        // What the form saw: units sold while it is open stay sold (the server rebases).
        stockSeen: 3,
        imageUrl: null,
      },
    ]);
    expect(input.weightGrams).toBe(250);
  });

  it('what shoppers can still buy follows the typed count, less what checkouts hold', () => {
    const limited = { trackQuantity: true, continueSelling: false };
    expect(availableWithHeld(limited, 3, 2)).toBe(1);
    expect(availableWithHeld(limited, 1, 2)).toBe(0);
    expect(availableWithHeld(limited, '', 2)).toBe(0);
    expect(availableWithHeld({ ...limited, continueSelling: true }, 3, 2)).toBeNull();
    expect(availableWithHeld({ ...limited, trackQuantity: false }, 3, 2)).toBeNull();
  });
});
