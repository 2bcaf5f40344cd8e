import {
  collectionViewSchema,
  createCollectionSchema,
  deletedSchema,
  isUuid,
  updateCollectionSchema,
} from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { marketForViewer, requireMarket } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { created, ok } from '../../platform/responses.js';
import { CollectionService } from './service.js';

const marketParam = z.object({ marketId: z.string().max(64) });
// SPEC §7 puts the collection's id before the market's in these two paths.
const itemParams = z.object({ id: z.string().max(64), marketId: z.string().max(64) });

export function collectionRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const service = new CollectionService(ctx);
  const tags = ['Collection'];
  return async (app) => {
    app.get(
      '/Collection/get-all-collections/:marketId',
      { schema: { tags, params: marketParam, response: ok(z.array(collectionViewSchema)) } },
      async (request) => {
        const { market, viewer } = await marketForViewer(ctx.db, request, request.params.marketId, 'catalog');
        return { data: await service.list(market.id, viewer) };
      },
    );

    app.get(
      '/Collection/get-collection-by-id/:id/:marketId',
      { schema: { tags, params: itemParams, response: ok(collectionViewSchema) } },
      async (request) => {
        const { market, viewer } = await marketForViewer(ctx.db, request, request.params.marketId, 'catalog');
        if (!isUuid(request.params.id)) throw new AppError('NOT_FOUND');
        return { data: await service.get(market.id, request.params.id, viewer) };
      },
    );

    app.post(
      '/Collection/create-collection-and-product-collection',
      { schema: { tags, body: createCollectionSchema, response: created(collectionViewSchema) } },
      async (request, reply) => {
        const { market } = await requireMarket(ctx.db, request, request.body.marketId, 'catalog');
        reply.status(201);
        return { data: await service.create(market.id, request.body) };
      },
    );

    app.put(
      '/Collection/update-collection',
      { schema: { tags, body: updateCollectionSchema, response: ok(collectionViewSchema) } },
      async (request) => {
        const { market } = await requireMarket(ctx.db, request, request.body.marketId, 'catalog');
        const { id, ...data } = request.body;
        return { data: await service.update(market.id, id, data) };
      },
    );

    app.delete(
      '/Collection/delete-collection/:id/:marketId',
      { schema: { tags, params: itemParams, response: ok(deletedSchema) } },
      async (request) => {
        const { market } = await requireMarket(ctx.db, request, request.params.marketId, 'catalog');
        if (!isUuid(request.params.id)) throw new AppError('NOT_FOUND');
        await service.remove(market.id, request.params.id);
        return { data: { id: request.params.id, deleted: true as const } };
      },
    );
  };
}
