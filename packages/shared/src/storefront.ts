import type { SiteReader } from './articles.js';
import type { VacancyReader } from './careers.js';
import type { Page, ProductListItem, ProductSort } from './catalog.js';
import type { AnalyticsIds } from './commerce.js';
import type { StoreMenus, StorePageView } from './content.js';
import type { BundleView } from './discounts.js';
import type { Policy, PolicyType } from './policies.js';
import type { SiteRequestWriter } from './requests.js';
import type { SearchSuggestions, StoreSearchQuery } from './store-search.js';
import type { BannerItem, Section, ThemeTemplate } from './theme.js';
import type { PaletteColours, SocialLinks, StoreFont } from './theme-look.js';

/**
 * What the server-rendered storefront reads (SPEC §2 Public storefront). The web app's loaders
 * get a `StorefrontReader` through React Router's load context and read the database through it
 * directly, never the HTTP API (DESIGN §1: the page arrives whole, fast).
 */

/** The store's palette and fonts as every page of it shows them (issue 16; theme.ts). */
export interface StoreTheme {
  colours: PaletteColours;
  headingFont: StoreFont;
  bodyFont: StoreFont;
}

export interface StorefrontMarket {
  id: string;
  name: string;
  description: string | null;
  logoUrl: string | null;
  /** Bumped by every catalog write: cached pages are keyed by it. */
  catalogVersion: number;
  theme: StoreTheme;
  /** The home page's sections as published (or, in the editor's preview, as drafted). */
  sections: Section[];
  faviconUrl: string | null;
  /** Handles (theme.ts socialUrl makes the links); a network without one is absent. */
  social: SocialLinks;
  analytics: AnalyticsIds;
  /** Its subscription is unpaid (issue 14): shoppers see the maintenance page, and can not buy. */
  suspended: boolean;
  /** The policies it shows (those with text), in POLICY_TYPES' order: every page's footer links them. */
  policies: PolicyType[];
  /** Its primary custom domain (verified, on): every other address of the store sends shoppers there. */
  primaryDomain: string | null;
  /** Its header and footer menus (cp/content), resolved: links to what shoppers can not see are left out. */
  menus: StoreMenus;
  /** Its active categories, in Azerbaijani alphabetical order. */
  categories: StoreCategory[];
  /** Whether it has a bundle switched on (live or not yet); without one no page asks for bundles. */
  hasBundles: boolean;
}

export interface StoreCategory {
  id: string;
  name: string;
  description: string | null;
  imageUrl: string | null;
}

export interface StoreCollection {
  id: string;
  title: string;
  description: string | null;
  coverImageUrl: string;
}

/**
 * A unit a shopper can buy. `available`: null when not limited (plenty, not tracked, or sold
 * when out), else the units left when few (≤ LOW_STOCK) or 0: exact larger counts stay private.
 */
export interface StoreVariant {
  id: string;
  options: string[];
  price: number;
  compareAtPrice: number | null;
  imageUrl: string | null;
  available: number | null;
}

export interface StoreProduct {
  id: string;
  title: string;
  /** Sanitized HTML. */
  description: string;
  category: StoreCategory | null;
  images: string[];
  price: number;
  compareAtPrice: number | null;
  available: number | null;
  options: { name: string; values: string[] }[];
  variants: StoreVariant[];
  updatedAt: string;
}

export interface StoreListQuery {
  sort?: ProductSort;
  stock?: 'in' | 'out';
  page?: number;
  categoryId?: string;
  collectionId?: string;
}

export type StoreProductCard = Pick<
  ProductListItem,
  'id' | 'title' | 'price' | 'compareAtPrice' | 'imageUrl' | 'inStock' | 'variantCount'
>;

/**
 * A home section with what it shows, read on the server (the page arrives whole). Hidden sections,
 * and those with nothing to show (a collection gone, no categories), are left out.
 */
export type StoreHomeSection =
  | { id: string; type: 'hero'; slides: BannerItem[] }
  | { id: string; type: 'featuredCollection'; title: string; collection: StoreCollection; products: StoreProductCard[] }
  | { id: string; type: 'categoryGrid'; title: string; categories: StoreCategory[] }
  | {
      id: string;
      type: 'productGrid';
      title: string;
      source: 'newest' | 'bestSelling' | 'collection';
      /** The collection's title when the source is one ('' otherwise). */
      collectionTitle: string;
      collectionId: string | null;
      products: StoreProductCard[];
    }
  | {
      id: string;
      type: 'imageWithText';
      imageUrl: string | null;
      focalX: number;
      focalY: number;
      alt: string;
      heading: string;
      html: string;
      buttonLabel: string;
      link: string;
      imageSide: 'left' | 'right';
    }
  | { id: string; type: 'richText'; heading: string; html: string }
  | { id: string; type: 'newsletter'; heading: string; text: string }
  | { id: string; type: 'bundles'; title: string; bundles: BundleView[] };

export interface StoreHome {
  sections: StoreHomeSection[];
}

/** The editor's draft, for its preview frame (`?preview={token}`); null when the token is not the store's. */
export interface StorePreview {
  theme: StoreTheme;
  sections: Section[];
}

export interface SitemapEntry {
  path: string;
  updatedAt: string | null;
}

export interface StorefrontReader {
  /** A store by its public name; null when there is none. */
  marketByName(name: string): Promise<StorefrontMarket | null>;
  /** The store a verified, active custom domain serves; null for any other host. */
  marketByHost(host: string): Promise<StorefrontMarket | null>;
  /** The home's sections with their products, categories and bundles (market.sections). */
  home(market: StorefrontMarket): Promise<StoreHome>;
  /** The draft the editor previews, when `token` is the store's preview token. */
  preview(market: StorefrontMarket, token: string): Promise<StorePreview | null>;
  /** The store in a starting theme, its own banner slides kept (nothing is saved). */
  templatePreview(market: StorefrontMarket, template: ThemeTemplate): StorePreview;
  products(market: StorefrontMarket, query: StoreListQuery): Promise<Page<StoreProductCard>>;
  /**
   * The results page of a storefront search (issue 16): the store's active products matching the
   * term — as a substring, or close to a word of it (typos), Azerbaijani letters folded — best match
   * first unless `sort` says otherwise. A term shorter than STORE_SEARCH.minLength finds nothing.
   */
  search(market: StorefrontMarket, query: StoreSearchQuery): Promise<Page<StoreProductCard>>;
  /** What the search box suggests for a term: a few products and categories, best match first. */
  suggest(market: StorefrontMarket, term: string): Promise<SearchSuggestions>;
  product(market: StorefrontMarket, id: string): Promise<StoreProduct | null>;
  category(market: StorefrontMarket, id: string): Promise<StoreCategory | null>;
  collection(market: StorefrontMarket, id: string): Promise<StoreCollection | null>;
  categories(market: StorefrontMarket): Promise<StoreCategory[]>;
  sitemap(market: StorefrontMarket): Promise<SitemapEntry[]>;
  /** One of the store's policies with its text (issue 15); null when it shows none of that kind. */
  policy(market: StorefrontMarket, type: PolicyType): Promise<Policy | null>;
  /** One of the store's own pages by its address (cp/content); null when it has none there. */
  page(market: StorefrontMarket, slug: string): Promise<StorePageView | null>;
  /**
   * The store's live bundles (decision 018), as GET /Discount/bundles answers a shopper: those
   * naming `productId` (its page), or with null the store's newest (its home, at most
   * STORE_HOME_BUNDLES): they arrive with the page's HTML.
   */
  liveBundles(market: StorefrontMarket, productId: string | null): Promise<BundleView[]>;
}

/** Bundles the store's home shows. */
export const STORE_HOME_BUNDLES = 3;

/** React Router's load context, built per request by the server (apps/server/src/web.ts). */
export interface StorefrontLoadContext {
  storefront: StorefrontReader;
  /** The platform's published writing: blog, tutorials, help centre (issue 17). */
  site: SiteReader;
  /** Visitors' help requests and contact messages, sent by the site's forms (issue 17). */
  requests: SiteRequestWriter;
  /** The platform's published vacancies (careers, issue 17). */
  vacancies: VacancyReader;
  /** The address the request came from (behind the proxy, the client's): what limits count by. */
  clientIp: string;
  /** The store whose custom domain the request's Host is; null on the platform's own host. */
  domainMarket: StorefrontMarket | null;
  /** The platform's own origin (PUBLIC_URL): where its site (privacy policy, terms) lives. */
  platformOrigin: string;
  /** The absolute origin of this request's pages (PUBLIC_URL, or https://{domain}). */
  origin: string;
  /** The host the request was for (lowercase, no port). */
  host: string;
  /** The origin a custom domain's pages have (https behind the proxy; http where PUBLIC_URL is). */
  domainOrigin(domain: string): string;
  /** Whether this request may see the dev mailbox (on, and from this machine itself). */
  devMailbox: boolean;
  /** `?preview=` of the request: the theme editor's frame asks for the store's draft with it. */
  previewToken: string | null;
  /** `?template=` of the request: a store shown in one of the starting themes (customize-store-page). */
  previewTemplate: ThemeTemplate | null;
}

/**
 * Headers between the storefront's routes and the server, stripped before a response leaves:
 * every store page names its market (the server counts the page as a view), and a page the
 * server may reuse for everyone also names the catalog version it was rendered from
 * ("{marketId}:{version}", apps/server page-cache.ts).
 */
export const STORE_PAGE_HEADER = 'x-storefront-market';

/**
 * A rendered document's bytes, handed from the web app's entry.server to the server beside the
 * Response rather than as its body: a body would be copied into the Response, wrapped in a web
 * stream and read back out of it on every first render (apps/server web.ts `htmlOf`).
 */
export const RENDERED_HTML = Symbol.for('shop-builder.rendered-html');
export type RenderedResponse = Response & { [RENDERED_HTML]?: Buffer };
/**
 * The analytics services a store page runs (ANALYTICS_KINDS, comma-separated): the server lets
 * exactly their hosts into the page's Content-Security-Policy, then strips the header.
 */
export const STORE_PIXELS_HEADER = 'x-storefront-pixels';
export const PAGE_CACHE_HEADER = 'x-storefront-page';
