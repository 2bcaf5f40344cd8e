import {
  createProductSchema,
  isMessageKey,
  type MessageKey,
  minorToDecimal,
  type ProductData,
  type ProductInput,
  parseMoney,
} from '@shop/shared';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { categories, products, productVariants } from '../../db/schema/index.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import type { ProductService } from './service.js';

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
  // A byte-order mark so that spreadsheet programs read Azerbaijani letters as UTF-8.
  return `\uFEFF${stringify(records, { header: true, columns: [...CSV_COLUMNS] })}`;
}

export interface ImportRowIssue {
  line: number;
  field: string;
  code: MessageKey;
}
export interface ImportPreview {
  dryRun: boolean;
  applied: boolean;
  products: { line: number; title: string; action: 'create' | 'update' }[];
  errors: ImportRowIssue[];
}

const MAX_ROWS = 5000;

/**
 * Reads a CSV as exported, checks every product with the same rules as the product form, and
 * — unless it is a dry run or anything is wrong — creates or updates them.
 */
export async function importProductsCsv(
  ctx: AppContext,
  service: ProductService,
  marketId: string,
  bytes: Buffer,
  dryRun: boolean,
): Promise<ImportPreview> {
  let rows: Row[];
  try {
    rows = parse(bytes, { columns: true, bom: true, skip_empty_lines: true, trim: true, relax_column_count: false });
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

  // Rows of one product: the same product_id, or — for new products — the same title.
  const groups = new Map<string, { line: number; rows: Row[] }>();
  rows.forEach((row, i) => {
    const key = row.product_id || `title:${(row.title ?? '').toLowerCase()}`;
    const group = groups.get(key) ?? { line: i + 2, rows: [] };
    group.rows.push(row);
    groups.set(key, group);
  });

  const errors: ImportRowIssue[] = [];
  const planned: { line: number; id: string | null; data: ProductData }[] = [];
  for (const { line, rows: group } of groups.values()) {
    const first = group[0] as Row;
    const issue = (field: string, code: MessageKey) => errors.push({ line, field, code });
    const money = (text: string | undefined, field: string, required: boolean) => {
      if (!text) {
        if (required) issue(field, 'priceRequired');
        return required ? undefined : null;
      }
      const value = parseMoney(text);
      if (value === null) issue(field, 'invalidPrice');
      return value ?? undefined;
    };
    const count = (text: string | undefined, field: string) => {
      if (!text) return 0;
      return /^\d+$/.test(text) ? Number(text) : (issue(field, 'invalidStock'), Number.NaN);
    };
    const optionNames = [1, 2, 3].map((n) => first[`option${n}_name` as Column]).filter(Boolean);
    const options = optionNames.map((name, i) => ({
      name,
      values: [...new Set(group.map((r) => r[`option${i + 1}_value` as Column]).filter(Boolean))],
    }));
    const categoryId = categoryByName.get((first.category ?? '').toLowerCase());
    if (!categoryId) issue('category', 'categoryRequired');
    const input: ProductInput = {
      marketId,
      title: first.title ?? '',
      description: first.description ?? '',
      categoryId: categoryId ?? '',
      images: (first.images ?? '').split(/\s+/).filter(Boolean),
      price: money(first.price, 'price', true) as number,
      compareAtPrice: money(first.compare_at_price, 'compare_at_price', false),
      trackQuantity: first.track_quantity !== 'no',
      continueSelling: first.continue_selling === 'yes',
      hasSku: first.has_sku === 'yes',
      sku: options.length ? undefined : first.sku || undefined,
      barcode: options.length ? undefined : first.barcode || undefined,
      stock: options.length ? 0 : count(first.stock, 'stock'),
      status: (first.status || 'active') as 'active',
      weightGrams: first.weight_grams ? count(first.weight_grams, 'weight_grams') : null,
      options,
      variants: options.length
        ? group.map((r) => ({
            ...(r.variant_id ? { id: r.variant_id } : {}),
            options: options.map((_, i) => r[`option${i + 1}_value` as Column]),
            price: money(r.price, 'price', true) as number,
            compareAtPrice: money(r.compare_at_price, 'compare_at_price', false),
            sku: r.sku || undefined,
            barcode: r.barcode || undefined,
            stock: count(r.stock, 'stock'),
            imageUrl: r.variant_image || null,
          }))
        : [],
    };
    const parsed = createProductSchema.safeParse(input);
    if (!parsed.success) {
      for (const zodIssue of parsed.error.issues) {
        const field = zodIssue.path.join('.') || '_';
        if (field === 'categoryId' && !categoryId) continue;
        issue(field, isMessageKey(zodIssue.message) ? zodIssue.message : 'invalidValue');
      }
      continue;
    }
    planned.push({ line, id: first.product_id || null, data: parsed.data });
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
  const titles = await ctx.db
    .select({ id: products.id, title: sql<string>`lower(${products.title})` })
    .from(products)
    .where(eq(products.marketId, marketId));
  const idByTitle = new Map(titles.map((t) => [t.title, t.id]));
  const seenTitles = new Set<string>();
  const plan: ImportPreview['products'] = [];
  for (const p of planned) {
    const title = p.data.title.toLowerCase();
    if (p.id && !knownIds.has(p.id)) {
      errors.push({ line: p.line, field: 'product_id', code: 'NOT_FOUND' });
      continue;
    }
    const owner = idByTitle.get(title);
    if (seenTitles.has(title) || (owner && owner !== p.id)) {
      errors.push({ line: p.line, field: 'title', code: 'PRODUCT_NAME_TAKEN' });
      continue;
    }
    seenTitles.add(title);
    plan.push({ line: p.line, title: p.data.title, action: p.id ? 'update' : 'create' });
  }

  errors.sort((a, b) => a.line - b.line);
  if (dryRun || errors.length) return { dryRun, applied: false, products: plan, errors };
  for (const p of planned) {
    if (p.id) await service.update(marketId, p.id, p.data);
    else await service.create(marketId, p.data);
  }
  return { dryRun, applied: true, products: plan, errors };
}
