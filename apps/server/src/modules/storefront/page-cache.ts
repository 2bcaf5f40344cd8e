import { DEFAULT_LANGUAGE, isLanguage, PAGE_CACHE_HEADER, STORE_PAGE_HEADER, STORE_PIXELS_HEADER } from '@shop/shared';
import type { FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { encode, type KeptBody } from '../../platform/kept-bodies.js';

/** The owner of the platform's public site's pages (blog, tutorials, help): their version is the site's writing's. */
export const SITE_PAGES = 'site';

/** The version a page's owner is at now (a market's catalog version, the site's writing's), null when gone. */
export type VersionOf = (owner: string) => Promise<string | null>;

/** A page is fresh this long; after that it is served once more while it is rendered anew. */
const FRESH_MS = 5_000;
/** Never older than this, however quiet the page. */
const MAX_AGE_MS = 60_000;
/** Background renders at once: many stale pages at a time are refreshed a few at a time. */
const MAX_REFRESHING = 2;

/** Headers between the web app and the server (shared/storefront.ts): never sent to a browser. */
export const INTERNAL_HEADERS: ReadonlySet<string> = new Set([
  PAGE_CACHE_HEADER,
  STORE_PAGE_HEADER,
  STORE_PIXELS_HEADER,
]);

export interface RenderedPage {
  status: number;
  headers: Headers;
  body: Buffer;
}

interface CachedPage {
  /** Whose content the page shows: a market's id, or SITE_PAGES for the platform's public site. */
  owner: string;
  version: string;
  status: number;
  headers: [string, string][];
  body: Buffer;
  /** The body compressed, once per encoding asked for (platform/kept-bodies.ts): a hit costs no compression. */
  encoded: KeptBody['encoded'];
  encoding?: KeptBody['encoding'];
  fast?: KeptBody['fast'];
  freshUntil: number;
}

/**
 * Whole server-rendered store pages, reused while their market's catalog version is unchanged.
 * A store page has nothing of its visitor in it — the cart, the checkout and the visitor id live
 * in the browser — so one rendering serves every shopper asking for the same URL on the same
 * host in the same language and theme. A first visit (no language cookie) gets the default
 * language's page plus the cookie the root would have set (`languageCookieFor`).
 *
 * A catalog write (new version) is seen by the next request. Availability moves with checkout
 * reservations, which don't bump the version: a page is fresh for 5 s, then served stale once
 * while one request renders it again in the background, so popular pages never all expire into
 * a burst of renders at the same moment.
 */
export class PageCache {
  private readonly pages = new LRUCache<string, CachedPage>({
    max: 5_000,
    maxSize: 128 * 1024 * 1024,
    // The compressed copies come on top of the body: about a fifth of it together.
    sizeCalculation: (page) => Math.ceil(page.body.length * 1.25) + 512,
    ttl: MAX_AGE_MS,
  });
  private readonly refreshing = new Set<string>();

  constructor(private readonly versionOf: VersionOf) {}

  keyOf(request: FastifyRequest): string | undefined {
    if (request.method !== 'GET') return undefined;
    // React Router's data requests (client navigations) are not pages.
    if (request.url.includes('.data')) return undefined;
    // Without a (valid) preference the page is in the default language, as the root renders it.
    const stored = request.cookies?.language;
    const language = isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
    return `${request.host}\n${request.url}\n${language}\n${request.cookies?.theme ?? ''}`;
  }

  /**
   * The page to send for `key`, if a reusable one is here: its owner (a market's catalog, the
   * site's writing) is still at the version it was rendered from. A stale one is refreshed with `render` meanwhile.
   */
  async get(key: string, render: () => Promise<RenderedPage>): Promise<CachedPage | undefined> {
    const page = this.pages.get(key);
    if (!page) return undefined;
    const version = await this.versionOf(page.owner);
    if (version !== page.version) {
      this.pages.delete(key);
      return undefined;
    }
    if (Date.now() > page.freshUntil && !this.refreshing.has(key) && this.refreshing.size < MAX_REFRESHING) {
      this.refreshing.add(key);
      render()
        .then((fresh) => {
          // Browsers take br: the refreshed page — one asked again, so made small — has its
          // copy ready before its first hit.
          const kept = this.set(key, fresh);
          if (kept) void encode(kept, 'br');
        })
        .catch(() => this.pages.delete(key))
        .finally(() => this.refreshing.delete(key));
    }
    return page;
  }

  /** Keeps a response that the storefront marked reusable: the page kept, if it is. */
  set(key: string, { status, headers, body }: RenderedPage): CachedPage | undefined {
    const mark = headers.get(PAGE_CACHE_HEADER);
    // The only cookie a store page may set is the default language of a first visit, which
    // `languageCookieFor` adds again to every such visitor's copy.
    if (!mark || status !== 200 || headers.getSetCookie().some((c) => !c.startsWith('language='))) return undefined;
    const split = mark.indexOf(':');
    const owner = mark.slice(0, split);
    const version = mark.slice(split + 1);
    if (split < 1 || !version) return undefined;
    const page: CachedPage = {
      owner,
      version,
      status,
      headers: [...headers].filter(([name]) => !INTERNAL_HEADERS.has(name) && name !== 'set-cookie'),
      body,
      encoded: {},
      freshUntil: Date.now() + FRESH_MS,
    };
    // Rendered again unchanged (most refreshes): its compressed copies still hold.
    const previous = this.pages.peek(key);
    if (previous?.body.equals(body)) {
      page.encoded = previous.encoded;
      page.fast = previous.fast;
    }
    this.pages.set(key, page);
    return page;
  }
}

/** The cookie the root sets on a first visit (app/root.tsx): a cached copy must set it too. */
export function languageCookieFor(request: FastifyRequest): string | undefined {
  if (isLanguage(request.cookies?.language)) return undefined;
  return `language=${DEFAULT_LANGUAGE}; Path=/; Max-Age=31536000; SameSite=Lax`;
}
