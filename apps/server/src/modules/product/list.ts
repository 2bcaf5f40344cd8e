import {
  type Page,
  type ProductListItem,
  type ProductListQuery,
  type ProductSort,
  productListQuerySchema,
  searchFold,
} from '@shop/shared';
import { and, asc, desc, eq, type SQL } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/client.js';
import { collectionProducts, products } from '../../db/schema/index.js';
import { sql } from '../../db/sql-text.js';
import type { Viewer } from '../../platform/auth.js';
import type { KeptBody } from '../../platform/kept-bodies.js';
import { escapeLike } from '../../platform/search.js';
import { catalogCountCache } from './cache.js';

/**
 * The product list is the hottest read of the storefront and the control panel. Its SQL has a
 * handful of shapes (which filters are present × sort × viewer); each shape is built and
 * prepared once, then run with values only. The page is found through the (covering) index
 * first and only its rows are read: deep pages don't read the rows they skip.
 */
interface Shape {
  viewer: Viewer;
  status: boolean;
  search: boolean;
  category: boolean;
  collection: boolean;
  stock: boolean;
  sort: ProductSort;
}

const p = (name: string) => sql.placeholder(name);

/** `hidePattern`: the search pattern as `(select $n)`, see `buildSearchPage`. */
function where(shape: Shape, hidePattern = false): SQL {
  const conditions: SQL[] = [eq(products.marketId, p('marketId'))];
  if (shape.viewer === 'public') conditions.push(eq(products.status, 'active'));
  else if (shape.status) conditions.push(eq(products.status, p('status')));
  if (shape.search) {
    const pattern = hidePattern ? sql`(select ${p('search')}::text)` : p('search');
    conditions.push(sql`${products.searchText} like ${pattern}`);
  }
  if (shape.category) conditions.push(eq(products.categoryId, p('categoryId')));
  if (shape.collection) {
    conditions.push(
      sql`exists (select 1 from ${collectionProducts} cp where cp.product_id = ${products.id} and cp.collection_id = ${p('collectionId')})`,
    );
  }
  if (shape.stock) conditions.push(eq(products.inStock, p('inStock')));
  return and(...conditions) as SQL;
}

/** Titles in Azerbaijani alphabetical order (the az_icu collation, migration 0010; decision 014). */
const TITLE_ORDER = sql`${products.title} collate az_icu`;

const ORDER: Record<ProductSort, SQL[]> = {
  newest: [desc(products.createdAt), desc(products.id)],
  price_asc: [asc(products.price), asc(products.id)],
  price_desc: [desc(products.price), desc(products.id)],
  name_asc: [asc(TITLE_ORDER), asc(products.id)],
  name_desc: [desc(TITLE_ORDER), desc(products.id)],
};

const LIST_FIELDS = {
  id: products.id,
  title: products.title,
  price: products.price,
  compareAtPrice: products.compareAtPrice,
  status: products.status,
  imageUrl: sql<string | null>`${products.images}->>0`,
  categoryId: products.categoryId,
  sku: products.sku,
  stock: products.stock,
  trackQuantity: products.trackQuantity,
  inStock: products.inStock,
  variantCount: products.variantCount,
  createdAt: products.createdAt,
};

function buildPage(db: Db, shape: Shape, name: string) {
  const pageIds = db
    .select({ id: products.id })
    .from(products)
    .where(where(shape))
    .orderBy(...ORDER[shape.sort])
    .limit(p('limit'))
    .offset(p('offset'));
  // `= any(array(…))`, not `in (…)`: a prepared statement's generic plan does not know the
  // limit and would hash-join the whole table for `in`; an array of ids is looked up by key.
  return db
    .select(LIST_FIELDS)
    .from(products)
    .where(sql`${products.id} = any(array(${pageIds}))`)
    .orderBy(...ORDER[shape.sort])
    .prepare(name);
}

/** The first key of each order (the second is always the id, in the same direction). */
const SORT_KEY: Record<ProductSort, { key: SQL; descending: boolean }> = {
  newest: { key: sql`${products.createdAt}`, descending: true },
  price_asc: { key: sql`${products.price}`, descending: false },
  price_desc: { key: sql`${products.price}`, descending: true },
  name_asc: { key: TITLE_ORDER, descending: false },
  name_desc: { key: TITLE_ORDER, descending: true },
};

/**
 * A search is not cached by catalog version (every term is its own count), and its matches are
 * found through the trigram index: the page and the total come from one probe of that index.
 * The matches (id and sort key) are gathered once, in a CTE that is read twice (so PostgreSQL
 * materializes it): counted for the total and sorted for the page's ids, whose rows are then
 * read by key as in `buildPage`. A page past the end has no row to carry the total; the caller
 * counts separately then.
 *
 * The pattern is passed as `(select $n)`: the planner cannot see it, so every execution plans
 * alike and PostgreSQL keeps the prepared (generic) plan instead of planning each search anew
 * for its literal pattern. That plan finds matches through the trigram index however many
 * there are; a custom plan would re-plan on every request (~0.2 ms) for no better plan.
 */
function buildSearchPage(db: Db, shape: Shape, name: string) {
  const { key, descending } = SORT_KEY[shape.sort];
  const matches = db.$with('matches').as(
    db
      .select({ id: products.id, key: key.as('key') })
      .from(products)
      .where(where(shape, true)),
  );
  const direction = descending ? desc : asc;
  const pageIds = db
    .select({ id: matches.id })
    .from(matches)
    .orderBy(direction(matches.key), direction(matches.id))
    .limit(p('limit'))
    .offset(p('offset'));
  return db
    .with(matches)
    .select({ ...LIST_FIELDS, total: sql<number>`(select count(*)::int from ${matches})` })
    .from(products)
    .where(sql`${products.id} = any(array(${pageIds}))`)
    .orderBy(...ORDER[shape.sort])
    .prepare(name);
}

function buildCount(db: Db, shape: Shape, name: string) {
  return db.select({ n: sql<number>`count(*)::int` }).from(products).where(where(shape)).prepare(name);
}

type PageQuery = ReturnType<typeof buildPage>;
type SearchPageQuery = ReturnType<typeof buildSearchPage>;
type CountQuery = ReturnType<typeof buildCount>;
type Statements = { page: PageQuery; count: CountQuery } | { searchPage: SearchPageQuery; count: CountQuery };

/** Prepared statements per database (tests run several) and shape. */
const prepared = new WeakMap<Db, Map<string, Statements>>();

function statementsFor(db: Db, shape: Shape) {
  let byShape = prepared.get(db);
  if (!byShape) {
    byShape = new Map();
    prepared.set(db, byShape);
  }
  const key = [
    shape.viewer,
    shape.sort,
    +shape.status,
    +shape.search,
    +shape.category,
    +shape.collection,
    +shape.stock,
  ].join('_');
  let statements = byShape.get(key);
  if (!statements) {
    // The count does not depend on the sort: one count statement serves all five.
    const countKey = key.replace(`_${shape.sort}_`, '__');
    const count = buildCount(db, shape, `product_count_${countKey}`);
    statements = shape.search
      ? { searchPage: buildSearchPage(db, shape, `product_search_page_${key}`), count }
      : { page: buildPage(db, shape, `product_page_${key}`), count };
    byShape.set(key, statements);
  }
  return statements;
}

/**
 * Pages, keyed by viewer and catalog version like the counts: a page is a function of the
 * market's catalog at that version, so it is never served stale, to shoppers or the owner.
 */
const pages = new LRUCache<string, Page<ProductListItem>>({ max: 2_000 });

export async function listProducts(
  db: Db,
  market: { id: string; catalogVersion: number },
  query: ProductListQuery,
  viewer: Viewer,
  /** `counted: false`: the items only, `total` their number — a store home's grid shows no count. */
  options: { counted?: boolean } = {},
): Promise<Page<ProductListItem>> {
  const counted = options.counted ?? true;
  const q = productListQuerySchema.parse(query);
  const shape: Shape = {
    viewer,
    status: viewer === 'owner' && Boolean(q.status),
    search: Boolean(q.search),
    category: Boolean(q.categoryId),
    collection: Boolean(q.collectionId),
    stock: Boolean(q.stock),
    sort: q.sort,
  };
  const cacheKey = `${market.id}:${market.catalogVersion}:${viewer}:${counted}:${JSON.stringify(q)}`;
  const cached = pages.get(cacheKey);
  if (cached) return cached;
  const values = {
    marketId: market.id,
    status: q.status,
    search: q.search ? `%${escapeLike(searchFold(q.search))}%` : undefined,
    categoryId: q.categoryId,
    collectionId: q.collectionId,
    inStock: q.stock === 'in',
  };
  const statements = statementsFor(db, shape);
  const filterKey = JSON.stringify([viewer, shape.status && q.status, q.search, q.categoryId, q.collectionId, q.stock]);
  const count = () =>
    catalogCountCache.get(market.id, market.catalogVersion, filterKey, async () => {
      const [row] = await statements.count.execute(values);
      return row?.n ?? 0;
    });
  const slice = { limit: q.pageSize, offset: (q.page - 1) * q.pageSize };
  let rows: Awaited<ReturnType<PageQuery['execute']>>;
  let total: number;
  if ('searchPage' in statements) {
    const found = await statements.searchPage.execute({ ...values, ...slice });
    rows = found;
    // No row: nothing matches, or the page is past the end (then count without it).
    total = found[0]?.total ?? (slice.offset === 0 ? 0 : await count());
  } else if (counted) {
    [rows, total] = await Promise.all([statements.page.execute({ ...values, ...slice }), count()]);
  } else {
    rows = await statements.page.execute({ ...values, ...slice });
    total = rows.length;
  }
  const page: Page<ProductListItem> = {
    items: rows.map((row) => ({
      id: row.id,
      title: row.title,
      price: row.price,
      compareAtPrice: row.compareAtPrice,
      status: row.status,
      imageUrl: row.imageUrl,
      categoryId: row.categoryId,
      sku: viewer === 'owner' ? row.sku : null,
      stock: viewer === 'owner' && row.trackQuantity ? row.stock : null,
      inStock: row.inStock,
      variantCount: row.variantCount,
      createdAt: row.createdAt.toISOString(),
    })),
    total,
    page: q.page,
    pageSize: q.pageSize,
  };
  pages.set(cacheKey, page);
  return page;
}

/**
 * The list's answers as their bytes, by the list's key (a shopper's hit is sent as it is,
 * platform/kept-bodies.ts); bounded by bytes, the compressed copies counted in.
 */
const answers = new LRUCache<string, KeptBody>({
  maxSize: 32 * 1024 * 1024,
  sizeCalculation: (kept) => Math.ceil(kept.body.length * 1.5) + 256,
});

/** GET /Products/all's answer: the list written by `write` (the route's schema), kept by version. */
export async function listAnswer(
  db: Db,
  market: { id: string; catalogVersion: number },
  query: ProductListQuery,
  viewer: Viewer,
  write: (page: Page<ProductListItem>) => KeptBody,
): Promise<KeptBody> {
  const key = `${market.id}:${market.catalogVersion}:${viewer}:${JSON.stringify(query)}`;
  const kept = answers.get(key);
  if (kept) return kept;
  const fresh = write(await listProducts(db, market, query, viewer));
  answers.set(key, fresh);
  return fresh;
}
