import { LRUCache } from 'lru-cache';

/**
 * Counting a filtered catalog costs a scan of the market's products; the page itself is an
 * index range. Counts are cached per (market, catalog version, filter), and every catalog write
 * bumps the market's version in the database (market/hooks.ts), so a stale count is never read
 * again — by this process or any other.
 */
const counts = new LRUCache<string, number>({ max: 20_000 });

export const catalogCountCache = {
  async get(marketId: string, version: number, filter: string, count: () => Promise<number>): Promise<number> {
    const key = `${marketId}:${version}:${filter}`;
    const cached = counts.get(key);
    if (cached !== undefined) return cached;
    const value = await count();
    counts.set(key, value);
    return value;
  },
};
