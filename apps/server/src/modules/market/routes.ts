import {
  createMarketSchema,
  isUuid,
  marketViewSchema,
  orderSettingsSchema,
  orderSettingsViewSchema,
  ownerMarketSchema,
  publicMarketSchema,
  sectorViewSchema,
  updateMarketSchema,
} from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireMarket, requireUser } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, requestLanguage } from '../../platform/errors.js';
import { created, ok } from '../../platform/responses.js';
import { analyticsIntegrationRoutes } from './analytics.js';
import { MarketService, orderSettingsOf, toMarketView } from './service.js';

/** A malformed id can't name any market: the same 404 as someone else's market. */
const marketIdParam = z.object({ id: z.string().max(64) });

export function marketRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const markets = new MarketService(ctx);

  return async (app) => {
    app.get(
      '/Sector/get-all-sectors',
      { schema: { tags: ['Sector'], response: ok(z.array(sectorViewSchema)) } },
      async (request) => ({
        data: await markets.sectors(requestLanguage(request)),
      }),
    );

    const tags = ['Market'];
    app.post(
      '/Market/create-store',
      { schema: { tags, body: createMarketSchema, response: created(marketViewSchema) } },
      async (request, reply) => {
        const user = await requireUser(ctx.db, request);
        reply.status(201);
        return { data: await markets.create(user, request.body) };
      },
    );

    app.get('/Market/get-all-store', { schema: { tags, response: ok(z.array(marketViewSchema)) } }, async (request) => {
      const user = await requireUser(ctx.db, request);
      return { data: await markets.listOwned(user) };
    });

    app.get(
      '/Market/get-store-by-id/:id',
      { schema: { tags, params: marketIdParam, response: ok(ownerMarketSchema) } },
      async (request) => {
        if (!isUuid(request.params.id)) {
          await requireUser(ctx.db, request);
          throw new AppError('NOT_FOUND');
        }
        // A closed store is read by its owner (the panel offers to reopen it).
        const { market, access } = await requireMarket(ctx.db, request, request.params.id, 'store', {
          whenClosed: 'allow',
        });
        // The store's own view: the order settings (cp/general) come with the store.
        return { data: { ...toMarketView(market, access), ...orderSettingsOf(market) } };
      },
    );

    app.get(
      '/Market/get-store-by-name/:name',
      { schema: { tags, params: z.object({ name: z.string().max(100) }), response: ok(publicMarketSchema) } },
      async (request) => ({ data: await markets.byName(request.params.name) }),
    );

    app.put(
      '/Market/update-store',
      { schema: { tags, body: updateMarketSchema, response: ok(marketViewSchema) } },
      async (request) => {
        const { market, access } = await requireMarket(ctx.db, request, request.body.id, 'settings');
        return { data: await markets.update(market, request.body, access) };
      },
    );

    app.put(
      '/Market/order-settings',
      { schema: { tags, body: orderSettingsSchema, response: ok(orderSettingsViewSchema) } },
      async (request) => {
        const { market } = await requireMarket(ctx.db, request, request.body.marketId, 'settings');
        return { data: await markets.updateOrderSettings(market, request.body) };
      },
    );

    // Analytics pixels (SPEC §7 Market add-*-id): analytics.ts.
    await app.register(analyticsIntegrationRoutes(ctx));
  };
}
