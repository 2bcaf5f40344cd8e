import { z } from 'zod';
import { MAX_MINOR } from './money.js';
import { idSchema, intSchema, messageKeySchema, pageQuery, timestampSchema } from './responses.js';

/** Catalog contracts (SPEC §3 Product, Category, Collection; §5 Product rules; §8 messages). */

export const STATUSES = ['active', 'passive'] as const;
export type Status = (typeof STATUSES)[number];

export const catalogLimits = {
  title: 200,
  description: 20_000,
  images: 20,
  options: 3,
  optionName: 50,
  optionValues: 50,
  optionValue: 50,
  variants: 250,
  code: 64,
  stock: 1_000_000_000,
  collectionProducts: 500,
  pageSize: { default: 24, max: 100 },
} as const;

/**
 * Low stock: a SKU whose count limits sales with this many units or fewer available. The same
 * number flags it "low" on the inventory page and the dashboard, shows "only N left" in the
 * storefront (larger counts stay private), and makes a sale empty the storefront's caches.
 */
export const LOW_STOCK = 5;

const uuid = (message: string) => z.uuid(message);
const uploadUrl = z.string('invalidValue').max(1024, 'tooLong').startsWith('/uploads/', 'invalidValue');

/** Qəpik: a whole number from 0 to 10,000,000 AZN. */
export const moneySchema = z
  .number('invalidPrice')
  .int('invalidPrice')
  .min(0, 'invalidPrice')
  .max(MAX_MINOR, 'invalidPrice');
const priceSchema = z.number('priceRequired').pipe(moneySchema);
export const stockSchema = z
  .number('invalidStock')
  .int('invalidStock')
  .min(0, 'invalidStock')
  .max(catalogLimits.stock, 'invalidStock');
const codeSchema = z.string('invalidValue').trim().max(catalogLimits.code, 'tooLong');

/**
 * Visible text of an HTML description: what "not blank" is measured on. The contents of
 * elements that never show as text (scripts, styles …) don't count: the sanitizer drops them.
 */
export function textOfHtml(html: string): string {
  return html
    .replace(/<(script|style|textarea|option|noscript)\b[^>]*>[\s\S]*?(?:<\/\1\s*>|$)/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

export const optionSchema = z.strictObject({
  name: z.string('allFieldsRequired').trim().min(1, 'allFieldsRequired').max(catalogLimits.optionName, 'tooLong'),
  values: z
    .array(
      z.string('allFieldsRequired').trim().min(1, 'allFieldsRequired').max(catalogLimits.optionValue, 'tooLong'),
      'allFieldsRequired',
    )
    .min(1, 'allFieldsRequired')
    .max(catalogLimits.optionValues, 'tooMany'),
});
export type OptionInput = z.input<typeof optionSchema>;

export const variantSchema = z.strictObject({
  /** Present for a variant that already exists: its id stays, and so do its orders. */
  id: uuid('invalidValue').optional(),
  /** One value per option, in the options' order. */
  options: z.array(z.string('invalidValue').trim().max(catalogLimits.optionValue, 'tooLong'), 'invalidValue'),
  price: priceSchema,
  compareAtPrice: moneySchema.nullable().optional(),
  sku: codeSchema.optional(),
  barcode: codeSchema.optional(),
  stock: stockSchema.default(0),
  /** See productFields.stockSeen. */
  stockSeen: stockSchema.optional(),
  imageUrl: uploadUrl.nullable().optional(),
});
export type VariantInput = z.input<typeof variantSchema>;

const productFields = {
  marketId: uuid('invalidValue'),
  title: z.string('titleRequired').trim().min(1, 'titleRequired').max(catalogLimits.title, 'tooLong'),
  description: z
    .string('descriptionRequired')
    .max(catalogLimits.description, 'tooLong')
    .refine((html) => textOfHtml(html).length > 0, 'descriptionRequired'),
  categoryId: uuid('categoryRequired'),
  images: z.array(uploadUrl, 'imageRequired').min(1, 'imageRequired').max(catalogLimits.images, 'tooMany'),
  price: priceSchema,
  compareAtPrice: moneySchema.nullable().optional(),
  trackQuantity: z.boolean('invalidValue').default(true),
  continueSelling: z.boolean('invalidValue').default(false),
  /** The "SKU option" of SPEC §5: with it on, SKU and barcode are required. */
  hasSku: z.boolean('invalidValue').default(false),
  sku: codeSchema.optional(),
  barcode: codeSchema.optional(),
  stock: stockSchema.default(0),
  /**
   * On update: the count the form showed when it was opened. The server then applies the
   * merchant's change (stock − stockSeen) to the count as it is now, so that units sold while the
   * form was open are not counted again. Without it, `stock` is taken as the new count.
   */
  stockSeen: stockSchema.optional(),
  status: z.enum(STATUSES, 'invalidValue').default('active'),
  weightGrams: z
    .number('invalidValue')
    .int('invalidValue')
    .min(0, 'invalidValue')
    .max(1_000_000, 'invalidValue')
    .nullable()
    .optional(),
  options: z.array(optionSchema, 'invalidValue').max(catalogLimits.options, 'tooMany').default([]),
  variants: z.array(variantSchema, 'invalidValue').max(catalogLimits.variants, 'tooMany').default([]),
};

type ProductShape = z.output<z.ZodObject<typeof productFields>>;

/** The rules across fields; the same in the browser and on the server. */
function checkProduct(product: ProductShape, ctx: z.RefinementCtx) {
  const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });
  if (product.compareAtPrice != null && product.compareAtPrice <= product.price) {
    issue(['compareAtPrice'], 'compareAtNotHigher');
  }
  const names = product.options.map((o) => o.name.toLowerCase());
  product.options.forEach((option, i) => {
    if (names.indexOf(option.name.toLowerCase()) !== i) issue(['options', i, 'name'], 'duplicateValue');
    const values = option.values.map((v) => v.toLowerCase());
    option.values.forEach((_, j) => {
      if (values.indexOf(values[j] as string) !== j) issue(['options', i, 'values', j], 'duplicateValue');
    });
  });
  if (product.options.length === 0) {
    if (product.variants.length > 0) issue(['variants'], 'variantsMismatch');
    if (product.hasSku) {
      if (!product.sku) issue(['sku'], 'skuRequired');
      if (!product.barcode) issue(['barcode'], 'barcodeRequired');
    }
    return;
  }
  if (product.variants.length === 0) issue(['variants'], 'variantsMismatch');
  const seen = new Set<string>();
  // The product's stock is the variants' sum: it must stay within the limit too.
  let units = 0;
  product.variants.forEach((variant, i) => {
    units += variant.stock;
    if (units > catalogLimits.stock && units - variant.stock <= catalogLimits.stock) {
      issue(['variants', i, 'stock'], 'invalidStock');
    }
    const fits =
      variant.options.length === product.options.length &&
      variant.options.every((value, k) => product.options[k]?.values.includes(value));
    const key = variant.options.join('\u0000');
    if (!fits || seen.has(key)) issue(['variants', i, 'options'], 'variantsMismatch');
    seen.add(key);
    if (variant.compareAtPrice != null && variant.compareAtPrice <= variant.price) {
      issue(['variants', i, 'compareAtPrice'], 'compareAtNotHigher');
    }
    if (product.hasSku) {
      if (!variant.sku) issue(['variants', i, 'sku'], 'skuRequired');
      if (!variant.barcode) issue(['variants', i, 'barcode'], 'barcodeRequired');
    }
  });
}

export const createProductSchema = z.strictObject(productFields).superRefine(checkProduct);
export type ProductInput = z.input<typeof createProductSchema>;
export type ProductData = z.output<typeof createProductSchema>;

export const updateProductSchema = z
  .strictObject({ id: uuid('invalidValue'), ...productFields })
  .superRefine(checkProduct);
export type UpdateProductInput = z.input<typeof updateProductSchema>;

/** Every combination of the options' values, in order: the variant grid the editor proposes. */
export function variantCombinations(options: readonly { values: readonly string[] }[]): string[][] {
  return options.reduce<string[][]>(
    (rows, option) => rows.flatMap((row) => option.values.map((value) => [...row, value])),
    [[]],
  );
}

export const PRODUCT_SORTS = ['newest', 'price_asc', 'price_desc', 'name_asc', 'name_desc'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

export const productListQuerySchema = z.strictObject({
  search: z.string('invalidValue').trim().max(100, 'tooLong').optional(),
  status: z.enum(STATUSES, 'invalidValue').optional(),
  categoryId: uuid('invalidValue').optional(),
  collectionId: uuid('invalidValue').optional(),
  stock: z.enum(['in', 'out'], 'invalidValue').optional(),
  sort: z.enum(PRODUCT_SORTS, 'invalidValue').default('newest'),
  ...pageQuery(catalogLimits.pageSize),
});
export type ProductListQuery = z.input<typeof productListQuerySchema>;

export const bulkProductsSchema = z.strictObject({
  marketId: uuid('invalidValue'),
  ids: z.array(uuid('invalidValue'), 'invalidValue').min(1, 'required').max(catalogLimits.pageSize.max, 'tooMany'),
  action: z.enum(['activate', 'deactivate', 'delete'], 'invalidValue'),
});

/** POST /Products/bulk: how many of the ids were the market's and changed. */
export const bulkResultSchema = z.strictObject({ changed: intSchema });
export type BulkResult = z.infer<typeof bulkResultSchema>;

export const productListItemSchema = z.strictObject({
  id: idSchema,
  title: z.string(),
  price: intSchema,
  compareAtPrice: intSchema.nullable(),
  status: z.enum(STATUSES),
  imageUrl: z.string().nullable(),
  categoryId: idSchema,
  /** The owner's view; null for shoppers. */
  sku: z.string().nullable(),
  /** Units on hand across variants; null when quantity is not tracked (and for shoppers). */
  stock: intSchema.nullable(),
  inStock: z.boolean(),
  variantCount: intSchema,
  createdAt: timestampSchema,
});
export type ProductListItem = z.infer<typeof productListItemSchema>;

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** A page of a list: its items, how many match in all, which page and its size. */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.strictObject({ items: z.array(item), total: intSchema, page: intSchema, pageSize: intSchema });
}

export const productListPageSchema = pageSchema(productListItemSchema);

export const variantViewSchema = z.strictObject({
  id: idSchema,
  options: z.array(z.string()),
  price: intSchema,
  compareAtPrice: intSchema.nullable(),
  sku: z.string().nullable(),
  barcode: z.string().nullable(),
  /** On hand. */
  stock: intSchema,
  /** Units checkouts hold until paid or released (the owner's view; 0 for shoppers). */
  held: intSchema,
  imageUrl: z.string().nullable(),
});
export type VariantView = z.infer<typeof variantViewSchema>;

export const productViewSchema = z.strictObject({
  id: idSchema,
  marketId: idSchema,
  title: z.string(),
  description: z.string(),
  categoryId: idSchema,
  images: z.array(z.string()),
  price: intSchema,
  compareAtPrice: intSchema.nullable(),
  trackQuantity: z.boolean(),
  continueSelling: z.boolean(),
  hasSku: z.boolean(),
  sku: z.string().nullable(),
  barcode: z.string().nullable(),
  /** On hand (with variants, the sum of theirs). */
  stock: intSchema,
  /** Units checkouts hold (with variants, the sum of theirs; the owner's view, 0 for shoppers). */
  held: intSchema,
  status: z.enum(STATUSES),
  weightGrams: intSchema.nullable(),
  options: z.array(z.strictObject({ name: z.string(), values: z.array(z.string()) })),
  variants: z.array(variantViewSchema),
  inStock: z.boolean(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type ProductView = z.infer<typeof productViewSchema>;

// ---- Categories -----------------------------------------------------------------------------

const categoryFields = {
  marketId: uuid('invalidValue'),
  name: z.string('required').trim().min(1, 'required').max(100, 'tooLong'),
  description: z.string('invalidValue').trim().max(2000, 'tooLong').optional(),
  imageUrl: uploadUrl.nullable().optional(),
  status: z.enum(STATUSES, 'invalidValue').default('active'),
};
export const createCategorySchema = z.strictObject(categoryFields);
export const updateCategorySchema = z.strictObject({ id: uuid('invalidValue'), ...categoryFields });
export type CategoryInput = z.input<typeof createCategorySchema>;

export const categoryViewSchema = z.strictObject({
  id: idSchema,
  marketId: idSchema,
  name: z.string(),
  description: z.string().nullable(),
  imageUrl: z.string().nullable(),
  status: z.enum(STATUSES),
  productCount: intSchema,
  createdAt: timestampSchema,
});
export type CategoryView = z.infer<typeof categoryViewSchema>;

// ---- Collections ----------------------------------------------------------------------------

const collectionFields = {
  marketId: uuid('invalidValue'),
  title: z.string('titleRequired').trim().min(1, 'titleRequired').max(catalogLimits.title, 'tooLong'),
  description: z.string('invalidValue').trim().max(2000, 'tooLong').optional(),
  coverImageUrl: z.string('coverImageRequired').min(1, 'coverImageRequired').pipe(uploadUrl),
  status: z.enum(STATUSES, 'invalidValue').default('active'),
  /** The collection's products, in display order. */
  productIds: z
    .array(uuid('invalidValue'), 'invalidValue')
    .max(catalogLimits.collectionProducts, 'tooMany')
    .default([])
    .refine((ids) => new Set(ids).size === ids.length, 'duplicateValue'),
};
export const createCollectionSchema = z.strictObject(collectionFields);
export const updateCollectionSchema = z.strictObject({ id: uuid('invalidValue'), ...collectionFields });
export type CollectionInput = z.input<typeof createCollectionSchema>;

export const collectionViewSchema = z.strictObject({
  id: idSchema,
  marketId: idSchema,
  title: z.string(),
  description: z.string().nullable(),
  coverImageUrl: z.string(),
  status: z.enum(STATUSES),
  productIds: z.array(idSchema),
  productCount: intSchema,
  createdAt: timestampSchema,
});
export type CollectionView = z.infer<typeof collectionViewSchema>;

// ---- Inventory ------------------------------------------------------------------------------

export const INVENTORY_REASONS = ['received', 'correction', 'damaged', 'returned', 'other'] as const;

export const inventoryQuerySchema = z.strictObject({
  search: z.string('invalidValue').trim().max(100, 'tooLong').optional(),
  level: z.enum(['low', 'out'], 'invalidValue').optional(),
  page: productListQuerySchema.shape.page,
  pageSize: productListQuerySchema.shape.pageSize,
});

export const adjustStockSchema = z.strictObject({
  marketId: uuid('invalidValue'),
  productId: uuid('invalidValue'),
  /** The variant to adjust; absent for a product without variants. */
  variantId: uuid('invalidValue').optional(),
  /** Units added (positive) or removed (negative). */
  delta: z
    .number('invalidStock')
    .int('invalidStock')
    .min(-catalogLimits.stock, 'invalidStock')
    .max(catalogLimits.stock, 'invalidStock')
    .refine((d) => d !== 0, 'invalidStock'),
  reason: z.enum(INVENTORY_REASONS, 'invalidValue'),
  note: z.string('invalidValue').trim().max(500, 'tooLong').optional(),
});
export type AdjustStockInput = z.input<typeof adjustStockSchema>;

/** POST /Inventory/release-holds: give back now the units checkouts hold of one SKU. */
export const releaseHoldsSchema = z.strictObject({
  marketId: uuid('invalidValue'),
  productId: uuid('invalidValue'),
  variantId: uuid('invalidValue').optional(),
});
export type ReleaseHoldsInput = z.input<typeof releaseHoldsSchema>;

export const inventoryRowSchema = z.strictObject({
  productId: idSchema,
  variantId: idSchema.nullable(),
  title: z.string(),
  variantTitle: z.string().nullable(),
  sku: z.string().nullable(),
  imageUrl: z.string().nullable(),
  /** On hand. */
  stock: intSchema,
  /** Units checkouts hold until they are paid or their hold ends (at `heldUntil` at the latest). */
  held: intSchema,
  heldUntil: timestampSchema.nullable(),
  /** What shoppers can still buy: on hand less held; null when the count doesn't limit sales. */
  available: intSchema.nullable(),
  trackQuantity: z.boolean(),
  /** From what shoppers can still buy. */
  level: z.enum(['ok', 'low', 'out']),
});
export type InventoryRow = z.infer<typeof inventoryRowSchema>;
export const inventoryPageSchema = pageSchema(inventoryRowSchema);

/** POST /Inventory/adjust: the SKU's count after the change, and its product's. */
export const stockAdjustmentSchema = z.strictObject({
  productId: idSchema,
  variantId: idSchema.nullable(),
  stock: intSchema,
  productStock: intSchema,
});
export type StockAdjustment = z.infer<typeof stockAdjustmentSchema>;

/** POST /Inventory/release-holds: how many checkouts gave back how many units. */
export const releasedHoldsSchema = z.strictObject({ checkouts: intSchema, units: intSchema });
export type ReleasedHolds = z.infer<typeof releasedHoldsSchema>;

// ---- CSV import ---------------------------------------------------------------------------

/** A problem in one cell of an imported CSV: its line, its column, and the catalogue key. */
export const importRowIssueSchema = z.strictObject({ line: intSchema, field: z.string(), code: messageKeySchema });
export type ImportRowIssue = z.infer<typeof importRowIssueSchema>;

/** POST /Products/import: what the file would do (dry run) or did. */
export const importPreviewSchema = z.strictObject({
  dryRun: z.boolean(),
  applied: z.boolean(),
  products: z.array(z.strictObject({ line: intSchema, title: z.string(), action: z.enum(['create', 'update']) })),
  errors: z.array(importRowIssueSchema),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

/**
 * The form text is searched in: lowercase, and blind to the dot of i — "KİŞİ", "kişi" and
 * "KIŞI" are one word to a shopper (JavaScript lowercases İ to i + a combining dot, and Azerbaijani
 * has both ı and i).
 */
export function searchKey(text: string): string {
  return text
    .toLowerCase()
    .replace(/\u0307/g, '')
    .replace(/ı/g, 'i');
}

const AZERBAIJANI_BASE: Readonly<Record<string, string>> = { ə: 'e', ş: 's', ç: 'c', ğ: 'g', ö: 'o', ü: 'u' };

/**
 * The product search's form of text (issue 16): `searchKey`, and the Azerbaijani letters as the
 * Latin letters a shopper types when the keyboard has no ə or ş — "Köynək", "köynek" and "KOYNEK"
 * are one word. Products' `search_text` is written through it and every product search term
 * goes through it, so both sides are folded alike. (The order search keeps `searchKey`: its
 * trigram index is on SQL that folds that way, order/list.ts SEARCH_SQL.)
 */
export function searchFold(text: string): string {
  return searchKey(text.normalize('NFC')).replace(/[əşçğöü]/g, (letter) => AZERBAIJANI_BASE[letter] ?? letter);
}
