import { type ProductInput, type ProductView, type Status, variantCombinations } from '@shop/shared';

/** What a NumberInput holds: a number, or '' while empty. */
export type NumberValue = number | string;

export interface OptionValues {
  /** Stable identity for React while names and values change. */
  key: string;
  name: string;
  values: string[];
}

export interface VariantValues {
  key: string;
  /** The saved variant's id: kept so that its orders and carts still point at it. */
  id?: string;
  /** One value per option, in the options' order ('' for an option without values yet). */
  options: string[];
  /** AZN, as typed. */
  price: NumberValue;
  compareAtPrice: NumberValue;
  sku: string;
  barcode: string;
  stock: NumberValue;
  /** The saved variant's count when the form opened (ProductInput stockSeen). */
  stockSeen?: number;
  imageUrl: string | null;
}

/** The product form's values: the API's shape, with money in AZN as the inputs show it. */
export interface ProductValues {
  title: string;
  description: string;
  categoryId: string | null;
  images: string[];
  price: NumberValue;
  compareAtPrice: NumberValue;
  trackQuantity: boolean;
  continueSelling: boolean;
  hasSku: boolean;
  sku: string;
  barcode: string;
  stock: NumberValue;
  /**
   * The saved count when the form opened: sent beside the count typed, so that units sold while
   * the form is open stay sold (the server applies the change to the count as it is then).
   */
  stockSeen?: number;
  status: Status;
  weightGrams: NumberValue;
  options: OptionValues[];
  variants: VariantValues[];
  /** Combinations the merchant took out of the grid: not proposed again. */
  removed: string[];
}

let counter = 0;
/** A key for a row made in this browser; saved rows use their id. */
export const newKey = () => `new-${++counter}`;

/** A combination of option values as one string. */
export const comboKey = (values: readonly string[]) => values.join('\u0000');
const splitKey = (key: string) => key.split('\u0000');

/** Qəpik → AZN for an input. */
const toAzn = (minor: number | null): NumberValue => (minor === null ? '' : minor / 100);

/** AZN as typed → qəpik; undefined when empty, so that the schema says "can't be blank". */
export function toMinor(value: NumberValue): number | undefined {
  if (value === '' || value === null || value === undefined) return undefined;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? Math.round(n * 100) : Number.NaN;
}

/** A count as typed; empty or malformed is NaN, which the schema reports as an invalid stock. */
function toCount(value: NumberValue): number {
  if (value === '') return Number.NaN;
  return typeof value === 'number' ? value : Number(value);
}

export function emptyValues(): ProductValues {
  return {
    title: '',
    description: '',
    categoryId: null,
    images: [],
    price: '',
    compareAtPrice: '',
    trackQuantity: true,
    continueSelling: false,
    hasSku: false,
    sku: '',
    barcode: '',
    stock: 0,
    status: 'active',
    weightGrams: '',
    options: [],
    variants: [],
    removed: [],
  };
}

export function valuesOf(product: ProductView): ProductValues {
  const present = new Set(product.variants.map((v) => comboKey(v.options)));
  const removed =
    product.options.length > 0
      ? variantCombinations(product.options)
          .map(comboKey)
          .filter((key) => !present.has(key))
      : [];
  return {
    title: product.title,
    description: product.description,
    categoryId: product.categoryId,
    images: product.images,
    price: toAzn(product.price),
    compareAtPrice: toAzn(product.compareAtPrice),
    trackQuantity: product.trackQuantity,
    continueSelling: product.continueSelling,
    hasSku: product.hasSku,
    sku: product.sku ?? '',
    barcode: product.barcode ?? '',
    stock: product.stock,
    // A product with variants counts on them: its own count is their sum, not one to change.
    ...(product.variants.length === 0 ? { stockSeen: product.stock } : {}),
    status: product.status,
    weightGrams: product.weightGrams ?? '',
    options: product.options.map((o, i) => ({ key: `option-${i}`, name: o.name, values: o.values })),
    variants: product.variants.map((v) => ({
      key: v.id,
      id: v.id,
      options: v.options,
      price: toAzn(v.price),
      compareAtPrice: toAzn(v.compareAtPrice),
      sku: v.sku ?? '',
      barcode: v.barcode ?? '',
      stock: v.stock,
      stockSeen: v.stock,
      imageUrl: v.imageUrl,
    })),
    removed,
  };
}

/**
 * What shoppers could still buy of a count as typed while checkouts hold `held` units; null
 * when the count doesn't limit sales (not tracked, or sold when out).
 */
export function availableWithHeld(
  values: Pick<ProductValues, 'trackQuantity' | 'continueSelling'>,
  stock: NumberValue,
  held: number,
): number | null {
  if (!values.trackQuantity || values.continueSelling) return null;
  const count = toCount(stock);
  return Math.max((Number.isFinite(count) ? count : 0) - held, 0);
}

/**
 * The API's input from the form. Fields the merchant cannot see (stock that is not tracked,
 * the product's own stock once variants exist) are sent as they are when valid, else 0.
 */
export function toProductInput(values: ProductValues, marketId: string): ProductInput {
  const hasVariants = values.options.length > 0;
  const hiddenCount = (value: NumberValue) => {
    const n = toCount(value);
    return Number.isInteger(n) && n >= 0 ? n : 0;
  };
  const stockOf = (value: NumberValue, visible: boolean) => (visible ? toCount(value) : hiddenCount(value));
  const weight = toCount(values.weightGrams);
  return {
    marketId,
    title: values.title,
    description: values.description,
    categoryId: values.categoryId ?? '',
    images: values.images,
    price: toMinor(values.price) as number,
    compareAtPrice: toMinor(values.compareAtPrice) ?? null,
    trackQuantity: values.trackQuantity,
    continueSelling: values.continueSelling,
    hasSku: values.hasSku,
    sku: hasVariants || !values.hasSku ? undefined : values.sku,
    barcode: hasVariants || !values.hasSku ? undefined : values.barcode,
    stock: stockOf(values.stock, values.trackQuantity && !hasVariants),
    ...(values.stockSeen !== undefined && !hasVariants ? { stockSeen: values.stockSeen } : {}),
    status: values.status,
    weightGrams: values.weightGrams === '' ? null : weight,
    options: values.options.map((o) => ({ name: o.name, values: o.values })),
    variants: hasVariants
      ? values.variants.map((v) => ({
          ...(v.id ? { id: v.id } : {}),
          options: v.options,
          price: toMinor(v.price) as number,
          compareAtPrice: toMinor(v.compareAtPrice) ?? null,
          sku: v.sku || undefined,
          barcode: v.barcode || undefined,
          stock: stockOf(v.stock, values.trackQuantity),
          ...(v.id && v.stockSeen !== undefined ? { stockSeen: v.stockSeen } : {}),
          imageUrl: v.imageUrl,
        }))
      : [],
  };
}

/** Every combination of the options' values; an option without values yet counts as one empty value. */
function combinationsOf(options: readonly OptionValues[]): string[][] {
  return variantCombinations(options.map((o) => ({ values: o.values.length ? o.values : [''] })));
}

/**
 * Whether a combination was taken out. An empty value in a removed combination stands for
 * any value: a row removed before its second option had values stays out once it has them.
 */
function removedMatcher(removed: readonly string[]) {
  const keys = removed.map(splitKey);
  return (combo: readonly string[]) =>
    keys.some((key) => key.length === combo.length && key.every((value, i) => value === '' || value === combo[i]));
}

/** Whether a row made for some values can stand for a combination ('' matches any value). */
function compatible(row: readonly string[], combo: readonly string[]): boolean {
  return row.length === combo.length && row.every((value, i) => value === '' || combo[i] === '' || value === combo[i]);
}

type VariantDefaults = Pick<VariantValues, 'price' | 'compareAtPrice'>;

/**
 * The variant grid for the options: every combination of their values (an option without
 * values yet counts as one empty value), minus the ones taken out. A combination that already
 * has a row keeps it — typed prices, stock, codes and its saved id; a combination that only
 * grew a value (a new option, a first value) takes over the row it grew from.
 */
export function regenerateVariants(
  options: readonly OptionValues[],
  previous: readonly VariantValues[],
  removed: readonly string[],
  defaults: VariantDefaults,
): VariantValues[] {
  if (options.length === 0 || options.every((o) => o.values.length === 0)) return [];
  const isRemoved = removedMatcher(removed);
  const combos = combinationsOf(options).filter((combo) => !isRemoved(combo));
  const used = new Set<VariantValues>();
  const rows: (VariantValues | null)[] = combos.map((combo) => {
    const key = comboKey(combo);
    const exact = previous.find((row) => !used.has(row) && comboKey(row.options) === key);
    if (exact) used.add(exact);
    return exact ? { ...exact, options: combo } : null;
  });
  return combos.map((combo, i) => {
    const row = rows[i];
    if (row) return row;
    const grown = previous.find((r) => !used.has(r) && compatible(r.options, combo));
    if (grown) {
      used.add(grown);
      return { ...grown, options: combo };
    }
    return {
      key: newKey(),
      options: combo,
      price: defaults.price,
      compareAtPrice: defaults.compareAtPrice,
      sku: '',
      barcode: '',
      stock: 0,
      imageUrl: null,
    };
  });
}

/** The option and grid after an option is added: every row and removed combination gains an empty value. */
export function withOptionAdded(values: ProductValues): Pick<ProductValues, 'options' | 'variants' | 'removed'> {
  return {
    options: [...values.options, { key: newKey(), name: '', values: [] }],
    variants: values.variants.map((v) => ({ ...v, options: [...v.options, ''] })),
    removed: values.removed.map((key) => comboKey([...splitKey(key), ''])),
  };
}

/**
 * The options and grid after option `index` is removed: rows that become the same merge into
 * the first. The grid has a new shape, so every combination is proposed again.
 */
export function withOptionRemoved(
  values: ProductValues,
  index: number,
): Pick<ProductValues, 'options' | 'variants' | 'removed'> {
  const without = <T>(list: readonly T[]) => list.filter((_, i) => i !== index);
  const options = without(values.options);
  const previous = values.variants.map((v) => ({ ...v, options: without(v.options) }));
  return { options, removed: [], variants: regenerateVariants(options, previous, [], defaultsOf(values)) };
}

/** The grid after the values of option `index` change. */
export function withOptionValues(
  values: ProductValues,
  index: number,
  optionValues: string[],
): Pick<ProductValues, 'options' | 'variants'> {
  const options = values.options.map((o, i) => (i === index ? { ...o, values: optionValues } : o));
  return { options, variants: regenerateVariants(options, values.variants, values.removed, defaultsOf(values)) };
}

/** New rows start from the product's own price. */
export function defaultsOf(values: ProductValues): VariantDefaults {
  return { price: values.price, compareAtPrice: values.compareAtPrice };
}

/** The grid without one row; the combination is remembered so that it is not proposed again. */
export function withVariantRemoved(values: ProductValues, key: string): Pick<ProductValues, 'variants' | 'removed'> {
  const row = values.variants.find((v) => v.key === key);
  if (!row) return { variants: values.variants, removed: values.removed };
  return {
    variants: values.variants.filter((v) => v.key !== key),
    removed: [...values.removed, comboKey(row.options)],
  };
}

/** Every combination again, including the removed ones. */
export function withRemovedRestored(values: ProductValues): Pick<ProductValues, 'variants' | 'removed'> {
  return { removed: [], variants: regenerateVariants(values.options, values.variants, [], defaultsOf(values)) };
}

/** How many of the current combinations were taken out of the grid. */
export function removedCount(values: ProductValues): number {
  if (values.options.length === 0 || values.removed.length === 0) return 0;
  return combinationsOf(values.options).filter(removedMatcher(values.removed)).length;
}
