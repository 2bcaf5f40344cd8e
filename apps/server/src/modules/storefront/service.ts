import {
  type BundleView,
  DEFAULT_PALETTE,
  defaultTheme,
  isUuid,
  LOW_STOCK,
  PAGE_SLUG_MAX,
  PAGE_SLUG_PATTERN,
  type Page,
  type PaletteColours,
  POLICY_TYPES,
  type Policy,
  type PolicyType,
  presetPalette,
  type SearchSuggestions,
  type Section,
  type SitemapEntry,
  type SocialLinks,
  STORE_HOME_BUNDLES,
  type StoreCategory,
  type StoreCollection,
  type StorefrontMarket,
  type StorefrontReader,
  type StoreHome,
  type StoreHomeSection,
  type StoreListQuery,
  type StorePageView,
  type StorePreview,
  type StoreProduct,
  type StoreProductCard,
  type StoreSearchQuery,
  type StoreTheme,
  type Theme,
  type ThemeTemplate,
  templateTheme,
} from '@shop/shared';
import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/client.js';
import {
  categories,
  collections,
  marketDomains,
  markets,
  products,
  productVariants,
  storeThemes,
} from '../../db/schema/index.js';
import { sql } from '../../db/sql-text.js';
import { keptRead } from '../../platform/changes.js';
import type { AppContext } from '../../platform/context.js';
import { storeMenusColumn, storeMenusOf } from '../content/menus.js';
import { ContentService } from '../content/service.js';
import { DiscountService } from '../discount/service.js';
import { PolicyService } from '../policy/service.js';
import { listProducts } from '../product/list.js';
import { storeSearch } from './search.js';

/** Products per page of a storefront list. */
export const STORE_PAGE_SIZE = 24;
/** Categories a category grid shows when the merchant picked none: the first of the store's. */
const HOME_CATEGORIES = 8;
/** Sales of the last this many days rank a best-selling grid. */
const BEST_SELLING_DAYS = 90;

/**
 * The storefront's reads, straight from the database (the pages are server-rendered: no HTTP
 * round trip to our own API). Shoppers see only active items (DESIGN §4 public view).
 *
 * Caching: what depends on the catalog is keyed by the market's catalog version, which every
 * catalog write bumps (market/hooks.ts), so an edit shows at once. Reservations don't bump it,
 * so those entries also expire after a few seconds. The market row, which
 * carries the version, is kept in memory until the database says it changed (platform/changes.ts):
 * a cached page costs no query.
 */
const SHORT_TTL_MS = 5_000;

/**
 * The market rows the storefront starts every request from, kept until they change
 * (platform/changes.ts); bounded by bytes, so ten thousand stores with their sections fit and
 * more push out the least recently asked.
 */
const KEPT_MARKETS = { name: 'storefront-markets', maxBytes: 64 * 1024 * 1024 };
/** The catalog versions a kept page is checked against (web.ts). */
const KEPT_VERSIONS = { name: 'catalog-versions', maxBytes: 4 * 1024 * 1024 };

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
    faviconUrl: markets.faviconUrl,
    socialLinks: markets.socialLinks,
    catalogVersion: markets.catalogVersion,
    // The published theme, and the colours of the store's own palette when it shows one (a
    // preset's are constants): read with the row, no second round trip.
    theme: sql<Theme | null>`(select t.published from store_themes t where t.market_id = ${MARKET_ID})`,
    ownColours: sql<PaletteColours | null>`(select p.colours from palettes p, store_themes t
      where t.market_id = ${MARKET_ID} and p.market_id = t.market_id and p.id::text = t.published->>'paletteId')`,
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
    // The header's and the footer's links, resolved (cp/content).
    menus: storeMenusColumn(MARKET_ID),
    // Every store page's categories (the header's menu, the filters), in Azerbaijani alphabetical
    // order as in the panel (category/service.ts): a cold store's first page reads them with the
    // row. Every category write bumps the catalog version, which changes this row.
    categories: sql<StoreCategory[]>`coalesce((select jsonb_agg(jsonb_build_object(
        'id', c.id, 'name', c.name, 'description', c.description, 'imageUrl', c.image_url)
        order by c.name collate az_icu, c.id)
      from categories c where c.market_id = ${MARKET_ID} and c.status = 'active'), '[]'::jsonb)`,
    // Whether any bundle is switched on (live or not yet): most stores have none, and their pages
    // then ask nothing more. Bundles' writes and their switching off bump the catalog version.
    hasBundles: sql<boolean>`exists (select 1 from discounts d
      where d.market_id = ${MARKET_ID} and d.kind = 'bundle' and d.active)`,
  };
}

type MarketRow = {
  id: string;
  name: string;
  description: string | null;
  logoUrl: string | null;
  faviconUrl: string | null;
  socialLinks: SocialLinks;
  catalogVersion: number;
  theme: Theme | null;
  ownColours: PaletteColours | null;
  facebookPixelId: string | null;
  yandexMetricaId: string | null;
  googleAnalyticsId: string | null;
  clarityId: string | null;
  suspended: boolean;
  policies: PolicyType[];
  primaryDomain: string | null;
  menus: unknown;
  categories: StoreCategory[];
  hasBundles: boolean;
};

function toMarket(row: MarketRow): StorefrontMarket {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    logoUrl: row.logoUrl,
    catalogVersion: row.catalogVersion,
    ...lookOf(row.theme ?? DEFAULT_THEME, row.ownColours),
    faviconUrl: row.faviconUrl,
    social: row.socialLinks ?? {},
    suspended: row.suspended,
    policies: POLICY_TYPES.filter((type) => row.policies.includes(type)),
    primaryDomain: row.primaryDomain,
    menus: storeMenusOf(row.menus),
    categories: row.categories,
    hasBundles: row.hasBundles,
    analytics: {
      facebookPixelId: row.facebookPixelId,
      yandexMetricaId: row.yandexMetricaId,
      googleAnalyticsId: row.googleAnalyticsId,
      clarityId: row.clarityId,
    },
  };
}

/** A store that never opened the editor: today's look (ids fixed, so its pages do not change). */
let defaultIds = 0;
const DEFAULT_THEME: Theme = defaultTheme(() => `00000000-0000-4000-8000-${String(++defaultIds).padStart(12, '0')}`);

/** A theme as pages show it: a preset's colours, the store's own palette's, or the default's. */
function lookOf(theme: Theme, ownColours: PaletteColours | null): { theme: StoreTheme; sections: Section[] } {
  const colours = presetPalette(theme.paletteId)?.colours ?? ownColours ?? DEFAULT_PALETTE.colours;
  return {
    theme: { colours, headingFont: theme.headingFont, bodyFont: theme.bodyFont },
    sections: theme.sections,
  };
}

/** A category as store pages show it. */
const STORE_CATEGORY_COLUMNS = {
  id: categories.id,
  name: categories.name,
  description: categories.description,
  imageUrl: categories.imageUrl,
};

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
    // A product page's product with its category (when active): one statement.
    product: db
      .select({
        id: products.id,
        title: products.title,
        description: products.description,
        images: products.images,
        price: products.price,
        compareAtPrice: products.compareAtPrice,
        trackQuantity: products.trackQuantity,
        continueSelling: products.continueSelling,
        stock: products.stock,
        reserved: products.reserved,
        options: products.options,
        variantCount: products.variantCount,
        updatedAt: products.updatedAt,
        category: STORE_CATEGORY_COLUMNS,
      })
      .from(products)
      .leftJoin(
        categories,
        and(
          eq(categories.id, products.categoryId),
          eq(categories.marketId, products.marketId),
          eq(categories.status, 'active'),
        ),
      )
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
      .select(STORE_CATEGORY_COLUMNS)
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
  private readonly content: ContentService;
  /** A store's own pages by catalog version (every page write bumps it). */
  private readonly pageCache = new LRUCache<string, { value: StorePageView | null }>({ max: 2_000, ttl: 60_000 });

  constructor(private readonly ctx: AppContext) {
    this.discounts = new DiscountService(ctx);
    this.policies = new PolicyService(ctx);
    this.content = new ContentService(ctx);
  }

  private get q() {
    let prepared = preparedByDb.get(this.ctx.db);
    if (!prepared) {
      prepared = prepare(this.ctx.db);
      preparedByDb.set(this.ctx.db, prepared);
    }
    return prepared;
  }

  /** The store a page names, as it is now: kept in memory until its row changes (platform/changes.ts). */
  async marketByName(name: string): Promise<StorefrontMarket | null> {
    if (!/^[a-z0-9-]{1,63}$/.test(name)) return null;
    return keptRead(this.ctx.db, KEPT_MARKETS, name, async () => {
      const [row] = await this.q.marketByName.execute({ name });
      return row ? { value: toMarket(row), tag: row.id } : null;
    });
  }

  /** The market's catalog version now (null when the market is gone): for the page cache. */
  async catalogVersion(marketId: string): Promise<number | null> {
    return keptRead(this.ctx.db, KEPT_VERSIONS, marketId, async () => {
      const [row] = await this.q.catalogVersion.execute({ id: marketId });
      return row ? { value: row.catalogVersion, tag: marketId } : null;
    });
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

  private cached<T extends StoreCollection[] | StoreHome>(key: string, load: () => Promise<T>): Promise<T> {
    const hit = this.marketCache.get(key);
    if (hit) return Promise.resolve(hit as T);
    return load().then((value) => {
      this.marketCache.set(key, value);
      return value;
    });
  }

  /** Read with the store's row (marketColumns). */
  categories(market: StorefrontMarket): Promise<StoreCategory[]> {
    return Promise.resolve(market.categories);
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

  /**
   * The home's sections with what they show. Cached by catalog version and the sections themselves
   * (publishing moves the version; the editor's preview brings sections of its own).
   */
  home(market: StorefrontMarket): Promise<StoreHome> {
    const key = `home:${market.id}:${market.catalogVersion}:${JSON.stringify(market.sections)}`;
    return this.cached(key, async () => {
      const visible = market.sections.filter((section) => !section.hidden);
      const resolved = await Promise.all(visible.map((section) => this.homeSection(market, section)));
      return { sections: resolved.filter((section): section is StoreHomeSection => section !== null) };
    });
  }

  private async homeSection(market: StorefrontMarket, section: Section): Promise<StoreHomeSection | null> {
    switch (section.type) {
      case 'hero':
      case 'richText':
      case 'newsletter':
      case 'imageWithText':
        return section;
      case 'featuredCollection': {
        const collection = section.collectionId ? await this.collection(market, section.collectionId) : null;
        if (!collection) return null;
        const page = await this.products(market, { sort: 'newest', collectionId: collection.id }, section.limit, false);
        return { id: section.id, type: section.type, title: section.title, collection, products: page.items };
      }
      case 'categoryGrid': {
        const all = await this.categories(market);
        const chosen =
          section.categoryIds.length > 0
            ? section.categoryIds.flatMap((id) => all.filter((c) => c.id === id))
            : all.slice(0, HOME_CATEGORIES);
        if (chosen.length === 0) return null;
        return { id: section.id, type: section.type, title: section.title, categories: chosen };
      }
      case 'productGrid': {
        let collectionTitle = '';
        let items: StoreProductCard[];
        if (section.source === 'collection') {
          const collection = section.collectionId ? await this.collection(market, section.collectionId) : null;
          if (!collection) return null;
          collectionTitle = collection.title;
          items = (await this.products(market, { sort: 'newest', collectionId: collection.id }, section.limit, false))
            .items;
        } else if (section.source === 'bestSelling') {
          items = await this.bestSelling(market, section.limit);
        } else {
          // A home's grid shows its items, never how many there are: no count.
          items = (await this.products(market, { sort: 'newest' }, section.limit, false)).items;
        }
        if (items.length === 0 && section.source !== 'newest') return null;
        return {
          id: section.id,
          type: section.type,
          title: section.title,
          source: section.source,
          collectionTitle,
          collectionId: section.collectionId,
          products: items,
        };
      }
      case 'bundles': {
        const bundles = await this.liveBundles(market, null);
        if (bundles.length === 0) return null;
        return { id: section.id, type: section.type, title: section.title, bundles };
      }
    }
  }

  /**
   * The store's best sellers: units of paid orders of the last BEST_SELLING_DAYS days, active
   * products only; the newest fill the grid when fewer have sold.
   */
  private async bestSelling(market: StorefrontMarket, limit: number): Promise<StoreProductCard[]> {
    const result = await this.ctx.db.execute(sql`
      select oi.product_id as id from order_items oi join orders o on o.id = oi.order_id
      where o.market_id = ${market.id} and o.paid_at > now() - make_interval(days => ${BEST_SELLING_DAYS})
        and oi.product_id is not null
      group by oi.product_id order by sum(oi.quantity) desc, oi.product_id limit ${limit * 2}`);
    const ranked = rowsOf<{ id: string }>(result).map((r) => r.id);
    const newest = (await this.products(market, { sort: 'newest' }, limit * 2, false)).items;
    const cards = ranked.length > 0 ? await this.cardsById(market, ranked) : [];
    const byId = new Map(cards.map((card) => [card.id, card]));
    const best = ranked.flatMap((id) => byId.get(id) ?? []);
    for (const card of newest) if (best.length < limit && !best.some((b) => b.id === card.id)) best.push(card);
    return best.slice(0, limit);
  }

  /** Active products of the store as cards, by id. */
  private async cardsById(market: StorefrontMarket, ids: string[]): Promise<StoreProductCard[]> {
    const rows = await this.ctx.db
      .select({
        id: products.id,
        title: products.title,
        price: products.price,
        compareAtPrice: products.compareAtPrice,
        imageUrl: sql<string | null>`${products.images}->>0`,
        inStock: products.inStock,
        variantCount: products.variantCount,
      })
      .from(products)
      .where(
        and(
          eq(products.marketId, market.id),
          eq(products.status, 'active'),
          sql`${products.id} = any(${sql.param(ids)}::uuid[])`,
        ),
      );
    return rows;
  }

  templatePreview(market: StorefrontMarket, template: ThemeTemplate): StorePreview {
    let n = 0;
    const theme = templateTheme(template, () => `00000000-0000-4000-9000-${String(++n).padStart(12, '0')}`);
    // The store's own banner pictures, when it has some, in the template's hero.
    const slides = market.sections.find((s) => s.type === 'hero' && s.slides.length > 0);
    const sections = theme.sections.map((s) =>
      s.type === 'hero' && slides?.type === 'hero' ? { ...s, slides: slides.slides } : s,
    );
    return lookOf({ ...theme, sections }, null);
  }

  async preview(market: StorefrontMarket, token: string): Promise<StorePreview | null> {
    if (!/^[A-Za-z0-9_-]{10,64}$/.test(token)) return null;
    const result = await this.ctx.db.execute(sql`
      select coalesce(t.draft, t.published) as theme,
        (select p.colours from palettes p where p.market_id = t.market_id
          and p.id::text = coalesce(t.draft, t.published)->>'paletteId') as own_colours
      from ${storeThemes} t where t.market_id = ${market.id} and t.preview_token = ${token}`);
    const [row] = rowsOf<{ theme: Theme | string; own_colours: PaletteColours | string | null }>(result);
    if (!row) return null;
    const parse = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);
    return lookOf(parse(row.theme), row.own_colours === null ? null : parse(row.own_colours));
  }

  async products(
    market: StorefrontMarket,
    query: StoreListQuery,
    pageSize = STORE_PAGE_SIZE,
    counted = true,
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
      { counted },
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

  /** The results page of the store's search (issue 16, search.ts). */
  search(market: StorefrontMarket, query: StoreSearchQuery): Promise<Page<StoreProductCard>> {
    return storeSearch(this.ctx.db).search(market, query, STORE_PAGE_SIZE);
  }

  /** The search box's suggestions (search.ts; GET /Storefront/search-suggestions answers the same). */
  suggest(market: StorefrontMarket, term: string): Promise<SearchSuggestions> {
    return storeSearch(this.ctx.db).suggest(market, term);
  }

  async product(market: StorefrontMarket, id: string): Promise<StoreProduct | null> {
    if (!isUuid(id)) return null;
    const key = `${market.id}:${market.catalogVersion}:${id}`;
    const hit = this.productCache.get(key);
    if (hit) return hit.value;
    const [row] = await this.q.product.execute({ id, marketId: market.id });
    let value: StoreProduct | null = null;
    if (row) {
      const variants = row.variantCount > 0 ? await this.q.variants.execute({ productId: id }) : [];
      const limited = row.trackQuantity && !row.continueSelling;
      value = {
        id: row.id,
        title: row.title,
        description: row.description,
        category: row.category,
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
    if (!market.hasBundles) return [];
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

  async page(market: StorefrontMarket, slug: string): Promise<StorePageView | null> {
    if (!PAGE_SLUG_PATTERN.test(slug) || slug.length > PAGE_SLUG_MAX) return null;
    const key = `${market.id}:${market.catalogVersion}:${slug}`;
    const hit = this.pageCache.get(key);
    if (hit) return hit.value;
    const value = await this.content.published(market.id, slug);
    this.pageCache.set(key, { value });
    return value;
  }

  async sitemap(market: StorefrontMarket): Promise<SitemapEntry[]> {
    const key = `${market.id}:${market.catalogVersion}`;
    const hit = this.sitemapCache.get(key);
    if (hit) return hit;
    const [productRows, categoryRows, collectionRows, pageRows] = await Promise.all([
      this.ctx.db
        .select({ id: products.id, updatedAt: products.updatedAt })
        .from(products)
        .where(and(eq(products.marketId, market.id), eq(products.status, 'active')))
        .orderBy(desc(products.updatedAt))
        // The sitemap protocol's limit per file.
        .limit(49_000),
      this.categories(market),
      this.collections(market),
      this.content.sitemapPages(market.id),
    ]);
    const entries: SitemapEntry[] = [
      { path: '', updatedAt: null },
      { path: '/about', updatedAt: null },
      { path: '/products', updatedAt: null },
      ...pageRows.map((p) => ({ path: `/pages/${p.slug}`, updatedAt: p.updatedAt })),
      ...market.policies.map((type) => ({ path: `/policies/${type}`, updatedAt: null })),
      ...categoryRows.map((c) => ({ path: `/category/${c.id}`, updatedAt: null })),
      ...collectionRows.map((c) => ({ path: `/collection/${c.id}`, updatedAt: null })),
      ...productRows.map((p) => ({ path: `/product/${p.id}`, updatedAt: p.updatedAt.toISOString() })),
    ];
    this.sitemapCache.set(key, entries);
    return entries;
  }
}
