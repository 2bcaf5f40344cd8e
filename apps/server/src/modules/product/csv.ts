import {
  createProductSchema,
  type ImportPreview,
  type ImportRowIssue,
  isMessageKey,
  type MessageKey,
  minorToDecimal,
  type ProductData,
  type ProductInput,
  parseMoney,
} from '@shop/shared';
import { parse } from 'csv-parse/sync';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { categories, products, productVariants } from '../../db/schema/index.js';
import type { AppContext } from '../../platform/context.js';
import { csvFile, readCell } from '../../platform/csv.js';
import { AppError } from '../../platform/errors.js';
import { bumpCatalogVersion } from '../market/hooks.js';
import { ProductService } from './service.js';

/**
 * Products as CSV: one row per variant (or one row for a product without variants), the
 * product's own columns repeated on each row. What export writes, import reads back.
 */
export const CSV_COLUMNS = [
  'product_id',
  'title',
  'description',
  'category',
  'status',
  'price',
  'compare_at_price',
  'track_quantity',
  'continue_selling',
  'has_sku',
  'sku',
  'barcode',
  'stock',
  'weight_grams',
  'images',
  'option1_name',
  'option1_value',
  'option2_name',
  'option2_value',
  'option3_name',
  'option3_value',
  'variant_id',
  'variant_image',
] as const;
type Column = (typeof CSV_COLUMNS)[number];
type Row = Record<Column, string>;

const yes = (value: boolean) => (value ? 'yes' : 'no');

export async function exportProductsCsv(ctx: AppContext, marketId: string): Promise<string> {
  const rows = await ctx.db
    .select({ product: products, category: categories.name })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(eq(products.marketId, marketId))
    .orderBy(asc(products.createdAt), asc(products.id));
  const variants = rows.length
    ? await ctx.db
        .select()
        .from(productVariants)
        .where(
          inArray(
            productVariants.productId,
            rows.map((r) => r.product.id),
          ),
        )
        .orderBy(asc(productVariants.productId), asc(productVariants.position))
    : [];
  const byProduct = new Map<string, typeof variants>();
  for (const v of variants) byProduct.set(v.productId, [...(byProduct.get(v.productId) ?? []), v]);
  const records: Row[] = [];
  for (const { product: p, category } of rows) {
    const base = {
      product_id: p.id,
      title: p.title,
      description: p.description,
      category,
      status: p.status,
      track_quantity: yes(p.trackQuantity),
      continue_selling: yes(p.continueSelling),
      has_sku: yes(p.hasSku),
      weight_grams: p.weightGrams === null ? '' : String(p.weightGrams),
      images: p.images.join(' '),
    };
    const options = (values: string[]) =>
      Object.fromEntries(
        [0, 1, 2].flatMap((i) => [
          [`option${i + 1}_name`, p.options[i]?.name ?? ''],
          [`option${i + 1}_value`, values[i] ?? ''],
        ]),
      ) as Pick<Row, `option${1 | 2 | 3}_${'name' | 'value'}`>;
    const own = byProduct.get(p.id) ?? [];
    if (own.length === 0) {
      records.push({
        ...base,
        price: minorToDecimal(p.price),
        compare_at_price: p.compareAtPrice === null ? '' : minorToDecimal(p.compareAtPrice),
        sku: p.sku ?? '',
        barcode: p.barcode ?? '',
        stock: String(p.stock),
        ...options([]),
        variant_id: '',
        variant_image: '',
      });
    }
    for (const v of own) {
      records.push({
        ...base,
        price: minorToDecimal(v.price),
        compare_at_price: v.compareAtPrice === null ? '' : minorToDecimal(v.compareAtPrice),
        sku: v.sku ?? '',
        barcode: v.barcode ?? '',
        stock: String(v.stock),
        ...options(v.options),
        variant_id: v.id,
        variant_image: v.imageUrl ?? '',
      });
    }
  }
  return csvFile(records, CSV_COLUMNS);
}

const MAX_ROWS = 5000;

/**
 * Reads a CSV as exported, checks every product with the same rules as the product form, and
 * — unless it is a dry run or anything is wrong — creates or updates them.
 */
export async function importProductsCsv(
  ctx: AppContext,
  marketId: string,
  bytes: Buffer,
  dryRun: boolean,
): Promise<ImportPreview> {
  let rows: Row[];
  try {
    rows = parse(bytes, {
      columns: true,
      bom: true,
      skip_empty_lines: true,
      trim: true,
      relax_column_count: false,
      // What export made safe for spreadsheets reads back as typed.
      cast: (value) => readCell(value),
    });
  } catch {
    throw new AppError('CSV_INVALID');
  }
  if (rows.length === 0 || rows.length > MAX_ROWS || !('title' in (rows[0] as object)))
    throw new AppError('CSV_INVALID');

  const categoryRows = await ctx.db
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .where(eq(categories.marketId, marketId));
  const categoryByName = new Map(categoryRows.map((c) => [c.name.toLowerCase(), c.id]));

  // Rows of one product: the same product_id, or — for new products — the same title. Each row
  // keeps its line (the header is line 1), so that an error points at the row that has it.
  const groups = new Map<string, { byId: boolean; rows: { row: Row; line: number }[] }>();
  rows.forEach((row, i) => {
    const key = row.product_id || `title:${(row.title ?? '').toLowerCase()}`;
    const group = groups.get(key) ?? { byId: Boolean(row.product_id), rows: [] };
    group.rows.push({ row, line: i + 2 });
    groups.set(key, group);
  });

  const errors: ImportRowIssue[] = [];
  // One message per cell: a price that can't be read is not also reported as missing.
  const reported = new Set<string>();
  const report = (line: number, field: string, code: MessageKey) => {
    if (reported.has(`${line}:${field}`)) return;
    reported.add(`${line}:${field}`);
    errors.push({ line, field, code });
  };
  const planned: { line: number; id: string | null; data: ProductData; lines: number[] }[] = [];
  for (const { byId, rows: group } of groups.values()) {
    const { row: first, line } = group[0] as { row: Row; line: number };
    const lines = group.map((r) => r.line);
    const before = errors.length;
    const money = (text: string | undefined, at: number, field: string, required: boolean) => {
      if (!text) {
        if (required) report(at, field, 'priceRequired');
        return required ? undefined : null;
      }
      const value = parseMoney(text);
      if (value === null) report(at, field, 'invalidPrice');
      return value ?? undefined;
    };
    const count = (text: string | undefined, at: number, field: string) => {
      if (!text) return 0;
      if (/^\d+$/.test(text)) return Number(text);
      report(at, field, 'invalidStock');
      return Number.NaN;
    };
    const optionNames = [1, 2, 3].map((n) => first[`option${n}_name` as Column]).filter(Boolean);
    const options = optionNames.map((name, i) => ({
      name,
      values: [...new Set(group.map(({ row: r }) => r[`option${i + 1}_value` as Column]).filter(Boolean))],
    }));
    // Without options a product is one row: another row of the same product is a duplicate.
    if (options.length === 0) {
      for (const extra of group.slice(1)) {
        report(extra.line, byId ? 'product_id' : 'title', byId ? 'duplicateValue' : 'PRODUCT_NAME_TAKEN');
      }
    }
    const categoryId = categoryByName.get((first.category ?? '').toLowerCase());
    if (!categoryId) report(line, 'category', 'categoryRequired');
    const input: ProductInput = {
      marketId,
      title: first.title ?? '',
      description: first.description ?? '',
      categoryId: categoryId ?? '',
      images: (first.images ?? '').split(/\s+/).filter(Boolean),
      price: money(first.price, line, 'price', true) as number,
      compareAtPrice: money(first.compare_at_price, line, 'compare_at_price', false),
      trackQuantity: first.track_quantity !== 'no',
      continueSelling: first.continue_selling === 'yes',
      hasSku: first.has_sku === 'yes',
      sku: options.length ? undefined : first.sku || undefined,
      barcode: options.length ? undefined : first.barcode || undefined,
      stock: options.length ? 0 : count(first.stock, line, 'stock'),
      status: (first.status || 'active') as 'active',
      weightGrams: first.weight_grams ? count(first.weight_grams, line, 'weight_grams') : null,
      options,
      variants: options.length
        ? group.map(({ row: r, line: at }) => ({
            ...(r.variant_id ? { id: r.variant_id } : {}),
            options: options.map((_, i) => r[`option${i + 1}_value` as Column]),
            price: money(r.price, at, 'price', true) as number,
            compareAtPrice: money(r.compare_at_price, at, 'compare_at_price', false),
            sku: r.sku || undefined,
            barcode: r.barcode || undefined,
            stock: count(r.stock, at, 'stock'),
            imageUrl: r.variant_image || null,
          }))
        : [],
    };
    const parsed = createProductSchema.safeParse(input);
    if (!parsed.success) {
      for (const zodIssue of parsed.error.issues) {
        const at = cellOf(zodIssue.path, lines);
        if (at.field === 'category' && !categoryId) continue;
        report(at.line, at.field, isMessageKey(zodIssue.message) ? zodIssue.message : 'invalidValue');
      }
    }
    if (!parsed.success || errors.length > before) continue;
    planned.push({ line, id: first.product_id || null, data: parsed.data, lines });
  }

  // Which rows update a product of this market, and titles that would collide.
  const ids = planned.map((p) => p.id).filter((id): id is string => Boolean(id));
  const known = ids.length
    ? await ctx.db
        .select({ id: products.id })
        .from(products)
        .where(
          and(
            eq(products.marketId, marketId),
            inArray(
              products.id,
              ids.filter((id) => /^[0-9a-f-]{36}$/i.test(id)),
            ),
          ),
        )
    : [];
  const knownIds = new Set(known.map((k) => k.id));
  // A variant_id must be one of its own product's variants (a new product has none yet).
  const variantRows = knownIds.size
    ? await ctx.db
        .select({ id: productVariants.id, productId: productVariants.productId })
        .from(productVariants)
        .where(inArray(productVariants.productId, [...knownIds]))
    : [];
  const productOfVariant = new Map(variantRows.map((v) => [v.id, v.productId]));
  // Titles compared as the import's own duplicates are: lowercased the same way on both sides.
  const titles = await ctx.db
    .select({ id: products.id, title: products.title })
    .from(products)
    .where(eq(products.marketId, marketId));
  const idByTitle = new Map(titles.map((t) => [t.title.toLowerCase(), t.id]));
  const seenTitles = new Set<string>();
  const plan: ImportPreview['products'] = [];
  for (const p of planned) {
    const title = p.data.title.toLowerCase();
    if (p.id && !knownIds.has(p.id)) {
      report(p.line, 'product_id', 'NOT_FOUND');
      continue;
    }
    const stray = p.data.variants.findIndex((v) => v.id && productOfVariant.get(v.id) !== p.id);
    if (stray >= 0) {
      report(p.lines[stray] ?? p.line, 'variant_id', 'variantsMismatch');
      continue;
    }
    const owner = idByTitle.get(title);
    if (seenTitles.has(title) || (owner && owner !== p.id)) {
      report(p.line, 'title', 'PRODUCT_NAME_TAKEN');
      continue;
    }
    seenTitles.add(title);
    plan.push({ line: p.line, title: p.data.title, action: p.id ? 'update' : 'create' });
  }

  errors.sort((a, b) => a.line - b.line);
  if (dryRun || errors.length) return { dryRun, applied: false, products: plan, errors };
  // All or nothing: a row that fails while writing (a title taken meanwhile …) undoes the rest.
  await ctx.db.transaction(async (tx) => {
    const service = new ProductService({ ...ctx, db: tx as unknown as Db });
    for (const p of planned) {
      // One move of the catalog version for the whole file, after its commit (not one a row
      // inside it, each holding the store's row until the import ends).
      if (p.id) await service.update(marketId, p.id, p.data, { bump: false });
      else await service.create(marketId, p.data, { bump: false });
    }
  });
  await bumpCatalogVersion(ctx, marketId);
  return { dryRun, applied: true, products: plan, errors };
}

const COLUMN_OF_FIELD: Record<string, Column> = {
  categoryId: 'category',
  compareAtPrice: 'compare_at_price',
  trackQuantity: 'track_quantity',
  continueSelling: 'continue_selling',
  hasSku: 'has_sku',
  weightGrams: 'weight_grams',
  imageUrl: 'variant_image',
  id: 'variant_id',
};

/** Where a rule of the product form points in the file: the row's line and the column's name. */
function cellOf(path: readonly PropertyKey[], lines: number[]): { line: number; field: string } {
  const [head, index, key] = path;
  const first = lines[0] as number;
  if (head === 'options') {
    const n = typeof index === 'number' ? index + 1 : 1;
    return { line: first, field: key === 'values' ? `option${n}_value` : `option${n}_name` };
  }
  if (head === 'variants') {
    const line = typeof index === 'number' ? (lines[index] ?? first) : first;
    if (typeof key !== 'string' || key === 'options') return { line, field: 'option1_value' };
    return { line, field: COLUMN_OF_FIELD[key] ?? key };
  }
  const field = String(head ?? '') || '_';
  return { line: first, field: COLUMN_OF_FIELD[field] ?? field };
}
