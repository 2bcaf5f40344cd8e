import {
  type BundleView,
  DEFAULT_STORE_THEME,
  isUuid,
  LOW_STOCK,
  type Page,
  POLICY_TYPES,
  type Policy,
  type PolicyType,
  type SitemapEntry,
  STORE_HOME_BUNDLES,
  type StoreCategory,
  type StoreCollection,
  type StorefrontMarket,
  type StorefrontReader,
  type StoreHome,
  type StoreListQuery,
  type StoreProduct,
  type StoreProductCard,
} from '@shop/shared';
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/client.js';
import { categories, collections, marketDomains, markets, products, productVariants } from '../../db/schema/index.js';
import type { AppContext } from '../../platform/context.js';
import { DiscountService } from '../discount/service.js';
import { PolicyService } from '../policy/service.js';
import { listProducts } from '../product/list.js';

/** Products per page of a storefront list. */
export const STORE_PAGE_SIZE = 24;
const HOME_PRODUCTS = 8;
const HOME_CATEGORIES = 8;
const HOME_COLLECTIONS = 6;

/**
 * The storefront's reads, straight from the database (the pages are server-rendered: no HTTP
 * round trip to our own API). Shoppers see only active items (DESIGN §4 public view).
 *
 * Caching: what depends on the catalog is keyed by the market's catalog version, which every
 * catalog write bumps (product/cache.ts), so an edit shows at once. Reservations and category
 * edits don't bump it, so those entries also expire after a few seconds. The market row itself
 * is read on every request (one indexed, prepared lookup): it carries the version.
 */
const SHORT_TTL_MS = 5_000;

/**
 * The market's id inside a subquery of marketColumns: drizzle writes `${markets.id}` unqualified
 * ("id") in a one-table select, which a subquery over a table with an id of its own would read as
 * that table's id.
 */
const MARKET_ID = sql.raw('"markets"."id"');

function marketColumns() {
  return {
    id: markets.id,
    name: markets.name,
    description: markets.description,
    logoUrl: markets.logoUrl,
    catalogVersion: markets.catalogVersion,
    facebookPixelId: markets.facebookPixelId,
    yandexMetricaId: markets.yandexMetricaId,
    googleAnalyticsId: markets.googleAnalyticsId,
    clarityId: markets.clarityId,
    suspended: sql<boolean>`exists (select 1 from subscriptions s
      where s.market_id = ${MARKET_ID} and s.status = 'suspended')`,
    // The policies with text: every page's footer links them.
    policies: sql<PolicyType[]>`array(select p.type from policies p
      where p.market_id = ${MARKET_ID} and p.content <> '')`,
    primaryDomain: sql<string | null>`(select d.name from market_domains d
      where d.market_id = ${MARKET_ID} and d.primary and d.verified and d.active)`,
  };
}

type MarketRow = {
  id: string;
  name: string;
  description: string | null;
  logoUrl: string | null;
  catalogVersion: number;
  facebookPixelId: string | null;
  yandexMetricaId: string | null;
  googleAnalyticsId: string | null;
  clarityId: string | null;
  suspended: boolean;
  policies: PolicyType[];
  primaryDomain: string | null;
};

function toMarket(row: MarketRow): StorefrontMarket {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    logoUrl: row.logoUrl,
    catalogVersion: row.catalogVersion,
    // The theme editor (cp customize-store) will store palette and font on the market; until
    // then every store has the defaults.
    theme: DEFAULT_STORE_THEME,
    suspended: row.suspended,
    policies: POLICY_TYPES.filter((type) => row.policies.includes(type)),
    primaryDomain: row.primaryDomain,
    analytics: {
      facebookPixelId: row.facebookPixelId,
      yandexMetricaId: row.yandexMetricaId,
      googleAnalyticsId: row.googleAnalyticsId,
      clarityId: row.clarityId,
    },
  };
}

function prepare(db: Db) {
  return {
    marketByName: db
      .select(marketColumns())
      .from(markets)
      // A closed store (decision 023) is offline: its address finds nothing.
      .where(and(eq(markets.name, sql.placeholder('name')), isNull(markets.closedAt)))
      .limit(1)
      .prepare('storefront_market_by_name'),
    marketByHost: db
      .select(marketColumns())
      .from(marketDomains)
      .innerJoin(markets, eq(markets.id, marketDomains.marketId))
      .where(
        and(
          eq(marketDomains.name, sql.placeholder('host')),
          eq(marketDomains.verified, true),
          eq(marketDomains.active, true),
          isNull(markets.closedAt),
        ),
      )
      .limit(1)
      .prepare('storefront_market_by_host'),
    catalogVersion: db
      .select({ catalogVersion: markets.catalogVersion })
      .from(markets)
      .where(eq(markets.id, sql.placeholder('id')))
      .limit(1)
      .prepare('storefront_catalog_version'),
    product: db
      .select()
      .from(products)
      .where(
        and(
          eq(products.id, sql.placeholder('id')),
          eq(products.marketId, sql.placeholder('marketId')),
          eq(products.status, 'active'),
        ),
      )
      .limit(1)
      .prepare('storefront_product'),
    variants: db
      .select()
      .from(productVariants)
      .where(eq(productVariants.productId, sql.placeholder('productId')))
      .orderBy(asc(productVariants.position))
      .prepare('storefront_variants'),
    category: db
      .select({
        id: categories.id,
        name: categories.name,
        description: categories.description,
        imageUrl: categories.imageUrl,
      })
      .from(categories)
      .where(
        and(
          eq(categories.id, sql.placeholder('id')),
          eq(categories.marketId, sql.placeholder('marketId')),
          eq(categories.status, 'active'),
        ),
      )
      .limit(1)
      .prepare('storefront_category'),
  };
}

const preparedByDb = new WeakMap<Db, ReturnType<typeof prepare>>();

/** Units left as a shopper may learn them: null = not limited or plenty; else 0…LOW_STOCK. */
function availability(limited: boolean, stock: number, reserved: number): number | null {
  if (!limited) return null;
  const left = Math.max(0, stock - reserved);
  return left > LOW_STOCK ? null : left;
}

export class StorefrontService implements StorefrontReader {
  private readonly productCache = new LRUCache<string, { value: StoreProduct | null }>({
    max: 5_000,
    ttl: SHORT_TTL_MS,
  });
  private readonly marketCache = new LRUCache<string, StoreCategory[] | StoreCollection[] | StoreHome>({
    max: 2_000,
    ttl: SHORT_TTL_MS,
  });
  private readonly sitemapCache = new LRUCache<string, SitemapEntry[]>({ max: 200, ttl: 60_000 });
  /** Custom domains change rarely and are asked for on every request of their host. */
  private readonly hostCache = new LRUCache<string, { value: StorefrontMarket | null }>({
    max: 10_000,
    ttl: 30_000,
  });

  /**
   * A store's live bundles by catalog version (every bundle write and end bumps it), and for a few
   * seconds only: a scheduled bundle starts without a bump.
   */
  private readonly bundleCache = new LRUCache<string, BundleView[]>({ max: 2_000, ttl: SHORT_TTL_MS });
  private readonly discounts: DiscountService;
  private readonly policies: PolicyService;
  /** A store's policy pages by catalog version (every policy write bumps it). */
  private readonly policyCache = new LRUCache<string, { value: Policy | null }>({ max: 2_000, ttl: 60_000 });

  constructor(private readonly ctx: AppContext) {
    this.discounts = new DiscountService(ctx);
    this.policies = new PolicyService(ctx);
  }

  private get q() {
    let prepared = preparedByDb.get(this.ctx.db);
    if (!prepared) {
      prepared = prepare(this.ctx.db);
      preparedByDb.set(this.ctx.db, prepared);
    }
    return prepared;
  }

  async marketByName(name: string): Promise<StorefrontMarket | null> {
    if (!/^[a-z0-9-]{1,63}$/.test(name)) return null;
    const [row] = await this.q.marketByName.execute({ name });
    return row ? toMarket(row) : null;
  }

  /** The market's catalog version now (null when the market is gone): for the page cache. */
  async catalogVersion(marketId: string): Promise<number | null> {
    const [row] = await this.q.catalogVersion.execute({ id: marketId });
    return row?.catalogVersion ?? null;
  }

  async marketByHost(host: string): Promise<StorefrontMarket | null> {
    const name = host.toLowerCase();
    const cached = this.hostCache.get(name);
    if (cached?.value) {
      // The domain is cached; its catalog version must be fresh, so re-read the market by name. A
      // change of the store's domains bumps the version: then the host is looked up again.
      const market = await this.marketByName(cached.value.name);
      if (market && market.catalogVersion === cached.value.catalogVersion) return market;
    } else if (cached) {
      return null;
    }
    if (name.length > 253 || !/^[a-z0-9.-]+$/.test(name)) return null;
    const [row] = await this.q.marketByHost.execute({ host: name });
    const value = row ? toMarket(row) : null;
    // A name no store serves is remembered briefly: a domain verified a moment ago is served soon.
    this.hostCache.set(name, { value }, value ? undefined : { ttl: 5_000 });
    return value;
  }

  private cached<T extends StoreCategory[] | StoreCollection[] | StoreHome>(
    key: string,
    load: () => Promise<T>,
  ): Promise<T> {
    const hit = this.marketCache.get(key);
    if (hit) return Promise.resolve(hit as T);
    return load().then((value) => {
      this.marketCache.set(key, value);
      return value;
    });
  }

  categories(market: StorefrontMarket): Promise<StoreCategory[]> {
    return this.cached(`categories:${market.id}`, () =>
      this.ctx.db
        .select({
          id: categories.id,
          name: categories.name,
          description: categories.description,
          imageUrl: categories.imageUrl,
        })
        .from(categories)
        .where(and(eq(categories.marketId, market.id), eq(categories.status, 'active')))
        // Azerbaijani alphabetical order, as in the panel (category/service.ts).
        .orderBy(asc(sql`${categories.name} collate az_icu`), asc(categories.id)),
    );
  }

  private collections(market: StorefrontMarket): Promise<StoreCollection[]> {
    return this.cached(`collections:${market.id}:${market.catalogVersion}`, () =>
      this.ctx.db
        .select({
          id: collections.id,
          title: collections.title,
          description: collections.description,
          coverImageUrl: collections.coverImageUrl,
        })
        .from(collections)
        .where(and(eq(collections.marketId, market.id), eq(collections.status, 'active')))
        .orderBy(desc(collections.createdAt)),
    );
  }

  home(market: StorefrontMarket): Promise<StoreHome> {
    return this.cached(`home:${market.id}:${market.catalogVersion}`, async () => {
      const [allCategories, allCollections, newest] = await Promise.all([
        this.categories(market),
        this.collections(market),
        this.products(market, { sort: 'newest' }, HOME_PRODUCTS),
      ]);
      return {
        categories: allCategories.slice(0, HOME_CATEGORIES),
        collections: allCollections.slice(0, HOME_COLLECTIONS),
        products: newest.items,
      };
    });
  }

  async products(
    market: StorefrontMarket,
    query: StoreListQuery,
    pageSize = STORE_PAGE_SIZE,
  ): Promise<Page<StoreProductCard>> {
    const page = await listProducts(
      this.ctx.db,
      market,
      {
        sort: query.sort ?? 'newest',
        stock: query.stock,
        page: query.page ?? 1,
        pageSize,
        categoryId: query.categoryId,
        collectionId: query.collectionId,
      },
      'public',
    );
    return {
      ...page,
      items: page.items.map((item) => ({
        id: item.id,
        title: item.title,
        price: item.price,
        compareAtPrice: item.compareAtPrice,
        imageUrl: item.imageUrl,
        inStock: item.inStock,
        variantCount: item.variantCount,
      })),
    };
  }

  async product(market: StorefrontMarket, id: string): Promise<StoreProduct | null> {
    if (!isUuid(id)) return null;
    const key = `${market.id}:${market.catalogVersion}:${id}`;
    const hit = this.productCache.get(key);
    if (hit) return hit.value;
    const [row] = await this.q.product.execute({ id, marketId: market.id });
    let value: StoreProduct | null = null;
    if (row) {
      const [variants, [category]] = await Promise.all([
        row.variantCount > 0 ? this.q.variants.execute({ productId: id }) : Promise.resolve([]),
        this.q.category.execute({ id: row.categoryId, marketId: market.id }),
      ]);
      const limited = row.trackQuantity && !row.continueSelling;
      value = {
        id: row.id,
        title: row.title,
        description: row.description,
        category: category ?? null,
        images: row.images,
        price: row.price,
        compareAtPrice: row.compareAtPrice,
        available: availability(limited, row.stock, row.reserved),
        options: row.options,
        variants: variants.map((v) => ({
          id: v.id,
          options: v.options,
          price: v.price,
          compareAtPrice: v.compareAtPrice,
          imageUrl: v.imageUrl,
          available: availability(limited, v.stock, v.reserved),
        })),
        updatedAt: row.updatedAt.toISOString(),
      };
    }
    this.productCache.set(key, { value });
    return value;
  }

  /** The store's live bundles as shoppers see them: those naming `productId`, or the newest few. */
  async liveBundles(market: StorefrontMarket, productId: string | null): Promise<BundleView[]> {
    const key = `${market.id}:${market.catalogVersion}`;
    let live = this.bundleCache.get(key);
    if (!live) {
      live = (await this.discounts.list(market.id, 'public', { kind: 'bundle' })).filter(
        (view): view is BundleView => view.kind === 'bundle' && view.products.length > 0,
      );
      this.bundleCache.set(key, live);
    }
    return productId === null
      ? live.slice(0, STORE_HOME_BUNDLES)
      : live.filter((bundle) => bundle.products.some((p) => p.id === productId));
  }

  async category(market: StorefrontMarket, id: string): Promise<StoreCategory | null> {
    if (!isUuid(id)) return null;
    const [row] = await this.q.category.execute({ id, marketId: market.id });
    return row ?? null;
  }

  async collection(market: StorefrontMarket, id: string): Promise<StoreCollection | null> {
    if (!isUuid(id)) return null;
    return (await this.collections(market)).find((c) => c.id === id) ?? null;
  }

  async policy(market: StorefrontMarket, type: PolicyType): Promise<Policy | null> {
    if (!market.policies.includes(type)) return null;
    const key = `${market.id}:${market.catalogVersion}:${type}`;
    const hit = this.policyCache.get(key);
    if (hit) return hit.value;
    const value = await this.policies.published(market.id, type);
    this.policyCache.set(key, { value });
    return value;
  }

  async sitemap(market: StorefrontMarket): Promise<SitemapEntry[]> {
    const key = `${market.id}:${market.catalogVersion}`;
    const hit = this.sitemapCache.get(key);
    if (hit) return hit;
    const [productRows, categoryRows, collectionRows] = await Promise.all([
      this.ctx.db
        .select({ id: products.id, updatedAt: products.updatedAt })
        .from(products)
        .where(and(eq(products.marketId, market.id), eq(products.status, 'active')))
        .orderBy(desc(products.updatedAt))
        // The sitemap protocol's limit per file.
        .limit(49_000),
      this.categories(market),
      this.collections(market),
    ]);
    const entries: SitemapEntry[] = [
      { path: '', updatedAt: null },
      { path: '/about', updatedAt: null },
      ...market.policies.map((type) => ({ path: `/policies/${type}`, updatedAt: null })),
      ...categoryRows.map((c) => ({ path: `/category/${c.id}`, updatedAt: null })),
      ...collectionRows.map((c) => ({ path: `/collection/${c.id}`, updatedAt: null })),
      ...productRows.map((p) => ({ path: `/product/${p.id}`, updatedAt: p.updatedAt.toISOString() })),
    ];
    this.sitemapCache.set(key, entries);
    return entries;
  }
}
