import {
  type Page,
  type SearchSuggestions,
  STORE_SEARCH,
  type StoreProductCard,
  type StoreSearchQuery,
  type StoreSearchSort,
  searchFold,
  storeSearchTerm,
} from '@shop/shared';
import type { SQL } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { type Db, rowsOf } from '../../db/client.js';
import { sql } from '../../db/sql-text.js';
import { keptRead } from '../../platform/changes.js';
import { escapeLike } from '../../platform/search.js';

/** Whether a store may be searched, by id (the suggestions' first question). */
const KEPT_BROWSABLE = { name: 'search-browsable', maxBytes: 4 * 1024 * 1024 };

/**
 * The storefront's search (issue 16): the header box's suggestions and the results page.
 *
 * Matching. Both sides are folded alike: products' `search_text` is written through `searchFold`
 * (product/service.ts) and so is the term, so "köynek", "KOYNƏK" and "koynek" find "Köynək". A
 * product has the term when it has each of its words — as a substring, or a two-letter word at a
 * word's start ("qara ko" finds "Klassik qara pambıq köynək") — its % and _ taken literally. It
 * is like the term when each word of 3 letters or more it does not have is like one of its words
 * (pg_trgm's `%>`: word similarity ≥ pg_trgm.word_similarity_threshold, 0.6 by default — e.g. a
 * letter missing or doubled in a longer word, "koynk", "sviterr"). Both go through the trigram
 * index (products_search_trgm_idx, migration 0003).
 *
 * Ranking (`rank`): the term as a whole word, then beginning a word, then inside one, then its
 * words apart, shorter titles first in each; then likeness. Likeness is the costly part (pg_trgm
 * compares a word with every run of words of every candidate): the suggestions look for it only
 * when no product has the term, so a shopper typing words' beginnings costs a LIKE per candidate.
 *
 * The statements are `sql` templates (decision 010) prepared by their text (decision 009): a few
 * dozen texts at most (the words' count and lengths × the results page's orders and filter). The
 * term is given to the WHERE clause as `(select $n)`, as the catalog search does (product/list.ts):
 * every execution is planned alike, through the trigram index, and PostgreSQL keeps the plan.
 */

/** Words matched one by one; the rest of a longer term is matched as one piece, in order. */
const MAX_WORDS = 4;

interface Term {
  /** The folded term. */
  folded: string;
  /** Each word's condition on `p.search_text`: has it; has it or a word like it. */
  has: SQL[];
  hasOrLike: SQL[];
  /** Some word is long enough to be like another. */
  likable: boolean;
  /** What a category's name may have, or have a word like: the term, or one of its words of 3 letters or more. */
  categoryWords: string[];
  /** LIKE patterns of the whole term: a word of ' ' || text || ' '; a word's start in ' ' || text; anywhere. */
  word: string;
  wordStart: string;
  inside: string;
}

const length = (text: string) => Array.from(text).length;

/** A word of the term as a condition: a substring, or (two letters, no trigram inside) a word's start. */
function hasWord(word: string): SQL {
  const escaped = escapeLike(word);
  return length(word) < 3
    ? sql`(p.search_text like (select ${`${escaped}%`}::text) or p.search_text like (select ${`% ${escaped}%`}::text))`
    : sql`p.search_text like (select ${`%${escaped}%`}::text)`;
}

/** The word, or one like it (a word of two letters is like too many). */
function hasWordOrLike(word: string): SQL {
  return length(word) < 3 ? hasWord(word) : sql`(${hasWord(word)} or p.search_text %> (select ${word}::text))`;
}

/** The term to look for, or null when there is too little of it. */
export function searchTermOf(raw: string | null | undefined): Term | null {
  const folded = searchFold(storeSearchTerm(raw));
  if (length(folded) < STORE_SEARCH.minLength) return null;
  // Words with a letter or a digit: punctuation alone has no trigram to look for, and would have
  // the index read whole.
  const all = folded.split(' ').filter((word) => /[\p{L}\p{N}]/u.test(word));
  if (all.length === 0) return null;
  const words = all.length > MAX_WORDS ? [...all.slice(0, MAX_WORDS - 1), all.slice(MAX_WORDS - 1).join(' ')] : all;
  const escaped = escapeLike(folded);
  return {
    folded,
    has: words.map(hasWord),
    hasOrLike: words.map(hasWordOrLike),
    likable: words.some((word) => length(word) >= 3),
    categoryWords: [folded, ...(words.length > 1 ? words.filter((word) => length(word) >= 3) : [])],
    word: `% ${escaped} %`,
    wordStart: `% ${escaped}%`,
    inside: `%${escaped}%`,
  };
}

/** Product `p` has the term: each of its words. */
function productHas(term: Term): SQL {
  return sql`(${sql.join(term.has, sql` and `)})`;
}

/** Product `p` has the term or is like it: each of its words, or one like it. */
function productMatches(term: Term): SQL {
  return sql`(${sql.join(term.hasOrLike, sql` and `)})`;
}

/** A text[] of the values (drizzle would spread a JavaScript array into a list). */
const textArray = (values: string[]) =>
  sql`array[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::text[]`;

const likeness = (text: SQL, term: Term) => sql`word_similarity(${term.folded}, ${text})`;

/**
 * How well folded `text` matches, higher first: 3 the term is a word of it, 2 begins one, 1 is
 * inside one, else `otherwise` (below 1: 0.5 its words apart, likeness × 0.45); plus < 0.05 for
 * a shorter `title`.
 */
function rank(text: SQL, title: SQL, term: Term, otherwise: SQL): SQL {
  return sql`(case when (' ' || ${text} || ' ') like ${term.word} then 3
      when (' ' || ${text}) like ${term.wordStart} then 2
      when ${text} like ${term.inside} then 1
      else ${otherwise} end
    + 0.045 / (1 + length(${title})))::float8`;
}

/**
 * A category's name folded in SQL as `searchFold` folds it in JavaScript: the Azerbaijani letters
 * are translated before lower(), so the result does not depend on the database's locale.
 */
const CATEGORY_NAME = sql.raw(`lower(translate(c.name, 'İIıƏəŞşÇçĞğÖöÜü', 'iiieessccggoouu'))`);

/** Each order of the results page: its key, and whether it runs downwards (the id follows the same way). */
const ORDERS: Record<Exclude<StoreSearchSort, 'relevance'>, { key: SQL; descending: boolean }> = {
  newest: { key: sql`p.created_at`, descending: true },
  price_asc: { key: sql`p.price`, descending: false },
  price_desc: { key: sql`p.price`, descending: true },
  // Azerbaijani alphabetical order, as the lists (product/list.ts).
  name_asc: { key: sql`p.title collate az_icu`, descending: false },
  name_desc: { key: sql`p.title collate az_icu`, descending: true },
};

interface CardRow extends StoreProductCard {
  total: number;
}

type SuggestedRow = SearchSuggestions['products'][number];

/** A JSON column: parsed by the driver, or (a driver that leaves it) its text. */
function json<T>(value: T[] | string | null | undefined): T[] {
  if (value === null || value === undefined) return [];
  return typeof value === 'string' ? (JSON.parse(value) as T[]) : value;
}

/**
 * Candidates a suggestion ranks at most: with the term (a LIKE each), like it (a word similarity
 * each, ~20 µs: "siter" is like 416 of the bench's 10,000 products, 10 ms to rank them all).
 */
const HAS_CANDIDATES = 300;
const LIKE_CANDIDATES = 60;

/** Suggestions are asked for on every keystroke of every shopper: the same prefixes, many times. */
const SUGGESTIONS_TTL_MS = 10_000;

export class StoreSearch {
  /**
   * By store, catalog version and folded term: a catalog write shows at once; category edits (which
   * keep the version) within seconds.
   */
  private readonly suggestions = new LRUCache<string, SearchSuggestions>({
    max: 10_000,
    ttl: SUGGESTIONS_TTL_MS,
  });

  constructor(private readonly db: Db) {}

  /**
   * The store a suggestion request names, if shoppers may browse it: not closed (decision 023)
   * and not suspended (issue 14: its pages show it closed for now). Null otherwise.
   */
  async browsable(marketId: string): Promise<{ id: string; catalogVersion: number } | null> {
    // Asked at every keystroke: kept until the market changes (a suspension or a closing bumps
    // its catalog version; platform/changes.ts).
    const kept = await keptRead(this.db, KEPT_BROWSABLE, marketId, async () => {
      const [row] = rowsOf<{ id: string; catalog_version: number; suspended: boolean }>(
        await this.db.execute(sql`select m.id, m.catalog_version, exists (select 1 from subscriptions s
            where s.market_id = m.id and s.status = 'suspended') as suspended
          from markets m where m.id = ${marketId} and m.closed_at is null`),
      );
      if (!row) return null;
      return {
        value: { market: row.suspended ? null : { id: row.id, catalogVersion: row.catalog_version } },
        tag: row.id,
      };
    });
    return kept?.market ?? null;
  }

  async suggest(market: { id: string; catalogVersion: number }, raw: string): Promise<SearchSuggestions> {
    const term = searchTermOf(raw);
    if (!term) return { products: [], categories: [] };
    const key = `${market.id}:${market.catalogVersion}:${term.folded}`;
    const hit = this.suggestions.get(key);
    if (hit) return hit;
    const columns = (otherwise: SQL) => sql`p.id, p.title, p.price, p.compare_at_price as "compareAtPrice",
      p.images->>0 as "imageUrl", p.variant_count as "variantCount",
      ${rank(sql`p.search_text`, sql`p.title`, term, otherwise)} as rank`;
    const limit = STORE_SEARCH.products;
    // The candidates ranked are the first the index gives, a few hundred at most: a word in half
    // the catalog costs no more than one in a few hundred products. (The results page ranks all.)
    const candidates = (where: SQL, most: number) => sql`(select p.id, p.title, p.price, p.compare_at_price,
        p.images, p.variant_count, p.search_text
      from products p where p.market_id = ${market.id} and p.status = 'active' and ${where} limit ${most}) p`;
    const like = term.likable
      ? sql`union all
          (select 2 as part, ${columns(sql`0.45 * ${likeness(sql`p.search_text`, term)}`)}
             from ${candidates(productMatches(term), LIKE_CANDIDATES)}
            where (select count(*) from found) = 0
            order by rank desc, p.id limit ${limit})`
      : sql``;
    // One round trip: the products and the categories, each as a JSON array. The products that
    // have the term; when there are none, those like it (`found` is empty: its one-time filter
    // lets the second part run at all).
    const [row] = rowsOf<{ products: SuggestedRow[] | string; categories: SearchSuggestions['categories'] | string }>(
      await this.db.execute(sql`with found as materialized (
          select 1 as part, ${columns(sql`0.5`)} from ${candidates(productHas(term), HAS_CANDIDATES)}
           order by rank desc, p.id limit ${limit}
        )
        select
        coalesce((select json_agg(x order by x.part, x.rank desc, x.id) from (
          select * from found ${like}) x), '[]') as products,
        coalesce((select json_agg(y order by y.rank desc, y.name) from (
          select c.id, c.name, ${rank(CATEGORY_NAME, sql`c.name`, term, sql`0.45 * ${likeness(CATEGORY_NAME, term)}`)} as rank
            from categories c
           where c.market_id = ${market.id} and c.status = 'active'
             and (${CATEGORY_NAME} like any (${textArray(term.categoryWords.map((word) => `%${escapeLike(word)}%`))})
               or ${CATEGORY_NAME} %> any (${textArray(term.categoryWords)}))
           order by rank desc, c.name
           limit ${STORE_SEARCH.categories}) y), '[]') as categories`),
    );
    const value: SearchSuggestions = {
      products: json(row?.products).map((p) => ({
        id: p.id,
        title: p.title,
        price: p.price,
        compareAtPrice: p.compareAtPrice,
        imageUrl: p.imageUrl,
        variantCount: p.variantCount,
      })),
      categories: json(row?.categories).map((c) => ({ id: c.id, name: c.name })),
    };
    this.suggestions.set(key, value);
    return value;
  }

  /** A page of the results: the store's active products matching the term, in the order asked. */
  async search(market: { id: string }, query: StoreSearchQuery, pageSize: number): Promise<Page<StoreProductCard>> {
    const page = query.page ?? 1;
    const term = searchTermOf(query.q);
    if (!term) return { items: [], total: 0, page, pageSize };
    const has = productHas(term);
    const where = sql`p.market_id = ${market.id} and p.status = 'active'${
      query.stock ? sql` and p.in_stock = ${query.stock === 'in'}` : sql``
    } and ${productMatches(term)}`;
    const sort = query.sort ?? 'relevance';
    const otherwise = sql`case when ${has} then 0.5 else 0.45 * ${likeness(sql`p.search_text`, term)} end`;
    const { key, descending } =
      sort === 'relevance'
        ? { key: rank(sql`p.search_text`, sql`p.title`, term, otherwise), descending: true }
        : ORDERS[sort];
    const direction = sql.raw(descending ? 'desc' : 'asc');
    const offset = (page - 1) * pageSize;
    // The matches (id and sort key) are gathered once, counted for the total and sorted for the
    // page's ids, whose rows are then read by key (as the catalog search, product/list.ts).
    const rows = rowsOf<CardRow>(
      await this.db.execute(sql`with matches as materialized (
          select p.id, ${key} as key from products p where ${where}
        )
        select p.id, p.title, p.price, p.compare_at_price as "compareAtPrice", p.images->>0 as "imageUrl",
               p.in_stock as "inStock", p.variant_count as "variantCount",
               (select count(*)::int from matches) as total
          from (select id, key from matches order by key ${direction}, id ${direction}
                 limit ${pageSize} offset ${offset}) found
          join products p on p.id = found.id
         order by found.key ${direction}, found.id ${direction}`),
    );
    let total = rows[0]?.total;
    if (total === undefined) {
      // No row: nothing matches, or the page is past the end (then count without it).
      total =
        offset === 0
          ? 0
          : (rowsOf<{ n: number }>(
              await this.db.execute(sql`select count(*)::int as n from products p where ${where}`),
            )[0]?.n ?? 0);
    }
    return {
      items: rows.map((row) => ({
        id: row.id,
        title: row.title,
        price: row.price,
        compareAtPrice: row.compareAtPrice,
        imageUrl: row.imageUrl,
        inStock: row.inStock,
        variantCount: row.variantCount,
      })),
      total,
      page,
      pageSize,
    };
  }
}

/** One search per database (tests run several): the storefront's pages and the API share its cache. */
const searches = new WeakMap<Db, StoreSearch>();

export function storeSearch(db: Db): StoreSearch {
  let search = searches.get(db);
  if (!search) {
    search = new StoreSearch(db);
    searches.set(db, search);
  }
  return search;
}
