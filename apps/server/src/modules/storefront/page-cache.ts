import type { FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { StorefrontService } from './service.js';

/**
 * The header a storefront page's response carries when it may be reused: the market and the
 * catalog version it was rendered from ("{marketId}:{version}"). Never sent to the browser.
 */
export const PAGE_CACHE_HEADER = 'x-storefront-page';

/** A page is fresh this long; after that it is served once more while it is rendered anew. */
const FRESH_MS = 5_000;
/** Never older than this, however quiet the page. */
const MAX_AGE_MS = 60_000;
/** Background renders at once: many stale pages at a time are refreshed a few at a time. */
const MAX_REFRESHING = 2;

export interface RenderedPage {
  status: number;
  headers: Headers;
  body: Buffer;
}

interface CachedPage {
  marketId: string;
  version: number;
  status: number;
  headers: [string, string][];
  body: Buffer;
  freshUntil: number;
}

/**
 * Whole server-rendered store pages, reused while their market's catalog version is unchanged.
 * A store page has nothing of its visitor in it — the cart, the checkout and the visitor id live
 * in the browser — so one rendering serves every shopper asking for the same URL on the same
 * host in the same language and theme. Only requests that already carry the language cookie
 * are served from here (without it the page also sets that cookie).
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
    sizeCalculation: (page) => page.body.length + 512,
    ttl: MAX_AGE_MS,
  });
  private readonly refreshing = new Set<string>();

  constructor(private readonly storefront: StorefrontService) {}

  keyOf(request: FastifyRequest): string | undefined {
    if (request.method !== 'GET') return undefined;
    // React Router's data requests (client navigations) are not pages.
    if (request.url.includes('.data')) return undefined;
    const language = request.cookies?.language;
    if (!language) return undefined;
    return `${request.host}\n${request.url}\n${language}\n${request.cookies?.theme ?? ''}`;
  }

  /**
   * The page to send for `key`, if a reusable one is here: its market's catalog is still at the
   * version it was rendered from. A stale one is refreshed with `render` meanwhile.
   */
  async get(key: string, render: () => Promise<RenderedPage>): Promise<CachedPage | undefined> {
    const page = this.pages.get(key);
    if (!page) return undefined;
    const version = await this.storefront.catalogVersion(page.marketId);
    if (version !== page.version) {
      this.pages.delete(key);
      return undefined;
    }
    if (Date.now() > page.freshUntil && !this.refreshing.has(key) && this.refreshing.size < MAX_REFRESHING) {
      this.refreshing.add(key);
      render()
        .then((fresh) => this.set(key, fresh))
        .catch(() => this.pages.delete(key))
        .finally(() => this.refreshing.delete(key));
    }
    return page;
  }

  /** Keeps a response that the storefront marked reusable. */
  set(key: string, { status, headers, body }: RenderedPage) {
    const mark = headers.get(PAGE_CACHE_HEADER);
    if (!mark || status !== 200 || headers.has('set-cookie')) return;
    const [marketId, version] = mark.split(':');
    if (!marketId || version === undefined) return;
    this.pages.set(key, {
      marketId,
      version: Number(version),
      status,
      headers: [...headers].filter(([name]) => name !== PAGE_CACHE_HEADER),
      body,
      freshUntil: Date.now() + FRESH_MS,
    });
  }
}
