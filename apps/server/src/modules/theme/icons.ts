import { isUuid } from '@shop/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { LRUCache } from 'lru-cache';
import sharp from 'sharp';
import { markets } from '../../db/schema/index.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';

/** The sizes a store's icon is asked for: browser tabs, Android and iOS home screens. */
export const STORE_ICON_SIZES = [16, 32, 48, 180, 192, 512] as const;

/**
 * GET /store-icon/{marketId}/{size}.png: the store's favicon (or, without one, its logo) as a
 * square PNG of that size, made from the merchant's one upload and kept in memory. The page links
 * it with the picture's name as version (frame.tsx StoreIcons), so a browser keeps it a day.
 */
export function registerStoreIcons(app: FastifyInstance, ctx: AppContext) {
  const made = new LRUCache<string, Buffer>({
    max: 2_000,
    maxSize: 64 * 1024 * 1024,
    sizeCalculation: (b) => b.length,
  });
  app.get<{ Params: { marketId: string; size: string } }>(
    '/store-icon/:marketId/:size',
    { schema: { hide: true } },
    async (request, reply) => {
      const size = Number(request.params.size.replace(/\.png$/, ''));
      if (!isUuid(request.params.marketId) || !STORE_ICON_SIZES.includes(size as (typeof STORE_ICON_SIZES)[number]))
        throw new AppError('NOT_FOUND');
      const [market] = await ctx.db
        .select({ faviconUrl: markets.faviconUrl, logoUrl: markets.logoUrl })
        .from(markets)
        .where(eq(markets.id, request.params.marketId));
      const source = market?.faviconUrl ?? market?.logoUrl;
      if (!source) throw new AppError('NOT_FOUND');
      const key = `${source}:${size}`;
      let png = made.get(key);
      if (!png) {
        const bytes = await ctx.storage.read(source.replace(/^\/uploads\//, '')).catch(() => null);
        if (!bytes) throw new AppError('NOT_FOUND');
        png = await sharp(bytes)
          .resize(size, size, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
          .png()
          .toBuffer();
        made.set(key, png);
      }
      return reply.header('content-type', 'image/png').header('cache-control', 'public, max-age=86400').send(png);
    },
  );
}
