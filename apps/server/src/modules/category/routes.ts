import { categoryViewSchema, createCategorySchema, deletedSchema, isUuid, updateCategorySchema } from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { marketForViewer, requireMarket } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { created, ok } from '../../platform/responses.js';
import { CategoryService } from './service.js';

const marketParam = z.object({ marketId: z.string().max(64) });
const itemParams = z.object({ marketId: z.string().max(64), id: z.string().max(64) });

export function categoryRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const service = new CategoryService(ctx);
  const tags = ['Category'];
  return async (app) => {
    app.get(
      '/Category/all/:marketId',
      { schema: { tags, params: marketParam, response: ok(z.array(categoryViewSchema)) } },
      async (request) => {
        const { market, viewer } = await marketForViewer(ctx.db, request, request.params.marketId, 'catalog');
        return { data: await service.list(market.id, viewer) };
      },
    );

    app.get(
      '/Category/:marketId/:id',
      { schema: { tags, params: itemParams, response: ok(categoryViewSchema) } },
      async (request) => {
        const { market, viewer } = await marketForViewer(ctx.db, request, request.params.marketId, 'catalog');
        if (!isUuid(request.params.id)) throw new AppError('NOT_FOUND');
        return { data: await service.get(market.id, request.params.id, viewer) };
      },
    );

    app.post(
      '/Category/create',
      { schema: { tags, body: createCategorySchema, response: created(categoryViewSchema) } },
      async (request, reply) => {
        const { market } = await requireMarket(ctx.db, request, request.body.marketId, 'catalog');
        reply.status(201);
        return { data: await service.create(market.id, request.body) };
      },
    );

    app.put(
      '/Category/update',
      { schema: { tags, body: updateCategorySchema, response: ok(categoryViewSchema) } },
      async (request) => {
        const { market } = await requireMarket(ctx.db, request, request.body.marketId, 'catalog');
        const { id, ...data } = request.body;
        return { data: await service.update(market.id, id, data) };
      },
    );

    app.delete(
      '/Category/:marketId/:id',
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
