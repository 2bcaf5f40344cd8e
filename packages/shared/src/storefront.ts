import type { Page, ProductListItem, ProductSort } from './catalog.js';
import type { AnalyticsIds } from './commerce.js';
import type { BundleView } from './discounts.js';
import type { Policy, PolicyType } from './policies.js';

/**
 * What the server-rendered storefront reads (SPEC §2 Public storefront). The web app's loaders
 * get a `StorefrontReader` through React Router's load context and read the database through it
 * directly, never the HTTP API (DESIGN §1: the page arrives whole, fast).
 */

/** The store's palette and font (SPEC §3 Market branding); defaults when none is chosen. */
export interface StoreTheme {
  primary: string;
  background: string;
  text: string;
  accent: string;
  font: string;
}

export const DEFAULT_STORE_THEME: StoreTheme = {
  primary: '#0b7285',
  background: '#ffffff',
  text: '#1f2328',
  accent: '#e8590c',
  font: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
};

export interface StorefrontMarket {
  id: string;
  name: string;
  description: string | null;
  logoUrl: string | null;
  /** Bumped by every catalog write: cached pages are keyed by it. */
  catalogVersion: number;
  theme: StoreTheme;
  analytics: AnalyticsIds;
  /** Its subscription is unpaid (issue 14): shoppers see the maintenance page, and can not buy. */
  suspended: boolean;
  /** The policies it shows (those with text), in POLICY_TYPES' order: every page's footer links them. */
  policies: PolicyType[];
  /** Its primary custom domain (verified, on): every other address of the store sends shoppers there. */
  primaryDomain: string | null;
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

export interface StoreHome {
  categories: StoreCategory[];
  collections: StoreCollection[];
  products: StoreProductCard[];
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
  home(market: StorefrontMarket): Promise<StoreHome>;
  products(market: StorefrontMarket, query: StoreListQuery): Promise<Page<StoreProductCard>>;
  product(market: StorefrontMarket, id: string): Promise<StoreProduct | null>;
  category(market: StorefrontMarket, id: string): Promise<StoreCategory | null>;
  collection(market: StorefrontMarket, id: string): Promise<StoreCollection | null>;
  categories(market: StorefrontMarket): Promise<StoreCategory[]>;
  sitemap(market: StorefrontMarket): Promise<SitemapEntry[]>;
  /** One of the store's policies with its text (issue 15); null when it shows none of that kind. */
  policy(market: StorefrontMarket, type: PolicyType): Promise<Policy | null>;
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
  /** The store whose custom domain the request's Host is; null on the platform's own host. */
  domainMarket: StorefrontMarket | null;
  /** The absolute origin of this request's pages (PUBLIC_URL, or https://{domain}). */
  origin: string;
  /** The host the request was for (lowercase, no port). */
  host: string;
  /** The origin a custom domain's pages have (https behind the proxy; http where PUBLIC_URL is). */
  domainOrigin(domain: string): string;
  /** Whether this request may see the dev mailbox (on, and from this machine itself). */
  devMailbox: boolean;
}

/**
 * Headers between the storefront's routes and the server, stripped before a response leaves:
 * every store page names its market (the server counts the page as a view), and a page the
 * server may reuse for everyone also names the catalog version it was rendered from
 * ("{marketId}:{version}", apps/server page-cache.ts).
 */
export const STORE_PAGE_HEADER = 'x-storefront-market';
/**
 * The analytics services a store page runs (ANALYTICS_KINDS, comma-separated): the server lets
 * exactly their hosts into the page's Content-Security-Policy, then strips the header.
 */
export const STORE_PIXELS_HEADER = 'x-storefront-pixels';
export const PAGE_CACHE_HEADER = 'x-storefront-page';
