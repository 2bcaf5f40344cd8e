import {
  type Page,
  type ProductListItem,
  type ProductListQuery,
  type ProductSort,
  productListQuerySchema,
  searchKey,
} from '@shop/shared';
import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/client.js';
import { collectionProducts, products } from '../../db/schema/index.js';
import { catalogCountCache } from './cache.js';

export type Viewer = 'owner' | 'public';

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

function where(shape: Shape): SQL {
  const conditions: SQL[] = [eq(products.marketId, p('marketId'))];
  if (shape.viewer === 'public') conditions.push(eq(products.status, 'active'));
  else if (shape.status) conditions.push(eq(products.status, p('status')));
  if (shape.search) conditions.push(sql`${products.searchText} like ${p('search')}`);
  if (shape.category) conditions.push(eq(products.categoryId, p('categoryId')));
  if (shape.collection) {
    conditions.push(
      sql`exists (select 1 from ${collectionProducts} cp where cp.product_id = ${products.id} and cp.collection_id = ${p('collectionId')})`,
    );
  }
  if (shape.stock) conditions.push(eq(products.inStock, p('inStock')));
  return and(...conditions) as SQL;
}

const ORDER: Record<ProductSort, SQL[]> = {
  newest: [desc(products.createdAt), desc(products.id)],
  price_asc: [asc(products.price), asc(products.id)],
  price_desc: [desc(products.price), desc(products.id)],
  name_asc: [asc(sql`lower(${products.title})`), asc(products.id)],
  name_desc: [desc(sql`lower(${products.title})`), desc(products.id)],
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

function buildCount(db: Db, shape: Shape, name: string) {
  return db.select({ n: sql<number>`count(*)::int` }).from(products).where(where(shape)).prepare(name);
}

type PageQuery = ReturnType<typeof buildPage>;
type CountQuery = ReturnType<typeof buildCount>;

/** Prepared statements per database (tests run several) and shape. */
const prepared = new WeakMap<Db, Map<string, { page: PageQuery; count: CountQuery }>>();

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
    statements = {
      page: buildPage(db, shape, `product_page_${key}`),
      count: buildCount(db, shape, `product_count_${countKey}`),
    };
    byShape.set(key, statements);
  }
  return statements;
}

function escapeLike(text: string) {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
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
): Promise<Page<ProductListItem>> {
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
  const cacheKey = `${market.id}:${market.catalogVersion}:${viewer}:${JSON.stringify(q)}`;
  const cached = pages.get(cacheKey);
  if (cached) return cached;
  const values = {
    marketId: market.id,
    status: q.status,
    search: q.search ? `%${escapeLike(searchKey(q.search))}%` : undefined,
    categoryId: q.categoryId,
    collectionId: q.collectionId,
    inStock: q.stock === 'in',
  };
  const statements = statementsFor(db, shape);
  const filterKey = JSON.stringify([viewer, shape.status && q.status, q.search, q.categoryId, q.collectionId, q.stock]);
  const [rows, total] = await Promise.all([
    statements.page.execute({ ...values, limit: q.pageSize, offset: (q.page - 1) * q.pageSize }),
    catalogCountCache.get(market.id, market.catalogVersion, filterKey, async () => {
      const [row] = await statements.count.execute(values);
      return row?.n ?? 0;
    }),
  ]);
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
