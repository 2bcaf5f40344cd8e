import { isUuid, searchSuggestionsQuerySchema, searchSuggestionsSchema } from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { ok } from '../../platform/responses.js';
import { storeSearch } from './search.js';

/**
 * The storefront's own calls from the browser (its pages are read on the server, service.ts):
 * the search box's suggestions as the shopper types (issue 16). Public: the same answer for
 * everyone, the owner included — active products and categories only.
 */
export function storefrontRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const search = storeSearch(ctx.db);
  const tags = ['Storefront'];
  return async (app) => {
    app.get(
      '/Storefront/search-suggestions',
      { schema: { tags, querystring: searchSuggestionsQuerySchema, response: ok(searchSuggestionsSchema) } },
      async (request, reply) => {
        const { marketId, q } = request.query;
        if (!isUuid(marketId)) throw new AppError('NOT_FOUND');
        const market = await search.browsable(marketId);
        if (!market) throw new AppError('NOT_FOUND');
        // The same term is asked again as the shopper types back and forth: the browser may keep it briefly.
        reply.header('cache-control', 'public, max-age=30');
        return { data: await search.suggest(market, q) };
      },
    );
  };
}
