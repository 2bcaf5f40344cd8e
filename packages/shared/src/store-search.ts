import type { ProductSort } from './catalog.js';

/**
 * The storefront's search (issue 16, beyond SPEC §2): a box in the store's header suggesting
 * products and categories as the shopper types, and a results page with the lists' sorts and
 * stock filter. Matching folds Azerbaijani letters (`searchFold`) and forgives typos (trigrams).
 *
 * The store's pages import this file in the browser: it imports nothing at run time (catalog.ts
 * or a schema would bring zod into their first load). The API's schemas are in
 * store-search-schemas.ts.
 */
export const STORE_SEARCH = {
  /** Shorter terms are not looked for: they would match nearly everything. */
  minLength: 2,
  /** Longer terms are cut to this many characters. */
  maxLength: 100,
  /** Products and categories a suggestion lists at most. */
  products: 6,
  categories: 3,
} as const;

/** The results page's orders: best match first unless the shopper picks one of the lists' sorts (PRODUCT_SORTS). */
export const STORE_SEARCH_SORTS = ['relevance', 'newest', 'price_asc', 'price_desc', 'name_asc', 'name_desc'] as const;
export type StoreSearchSort = (typeof STORE_SEARCH_SORTS)[number];
// The search's sorts are the lists' and its own: a sort added to the lists fails to compile here.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Holds<T extends true> = T;
export type StoreSearchSortsAreTheLists = Holds<Same<Exclude<StoreSearchSort, 'relevance'>, ProductSort>>;

/** A search of the results page (`/search?q=…`). */
export interface StoreSearchQuery {
  q: string;
  sort?: StoreSearchSort;
  stock?: 'in' | 'out';
  page?: number;
}

/**
 * A term as it is looked for and shown: spaces trimmed and collapsed, at most
 * STORE_SEARCH.maxLength characters (whole characters: an emoji is not cut in two).
 */
export function storeSearchTerm(raw: string | null | undefined): string {
  const term = (raw ?? '').normalize('NFC').replace(/\s+/g, ' ').trim();
  if (term.length <= STORE_SEARCH.maxLength) return term;
  return Array.from(term).slice(0, STORE_SEARCH.maxLength).join('').trimEnd();
}

/** What the search box lists while the shopper types (GET /Storefront/search-suggestions). */
export interface SearchSuggestions {
  products: {
    id: string;
    title: string;
    price: number;
    compareAtPrice: number | null;
    imageUrl: string | null;
    variantCount: number;
  }[];
  categories: { id: string; name: string }[];
}
