import {
  deletedSchema,
  discountInputSchema,
  discountListQuerySchema,
  discountMarketQuerySchema,
  discountViewSchema,
  isUuid,
} from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { marketForViewer, requireMarket, requireUser } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { created, ok } from '../../platform/responses.js';
import { DiscountService } from './service.js';

const idParams = z.object({ id: z.string().max(64) });

/**
 * Discounts (SPEC §7 Discount): pop-ups, bundles and codes. The lists and `GET /Discount/{id}`
 * are shared with shoppers, who see only what is live (never a code); writes are the owner's.
 * The routes without a market in the path find it from the discount and guard it the same way.
 */
export function discountRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const service = new DiscountService(ctx);
  const tags = ['Discount'];
  const list = ok(z.array(discountViewSchema));
  return async (app) => {
    app.get(
      '/Discount/popups',
      { schema: { tags, querystring: discountMarketQuerySchema, response: list } },
      async (request) => {
        const { market, viewer } = await marketForViewer(ctx.db, request, request.query.marketId, 'catalog');
        return { data: await service.list(market.id, viewer, { kind: 'popup' }) };
      },
    );

    app.get(
      '/Discount/bundles',
      { schema: { tags, querystring: discountMarketQuerySchema, response: list } },
      async (request) => {
        const { market, viewer } = await marketForViewer(ctx.db, request, request.query.marketId, 'catalog');
        return { data: await service.list(market.id, viewer, { kind: 'bundle' }) };
      },
    );

    app.get(
      '/Discount/',
      { schema: { tags, querystring: discountListQuerySchema, response: list } },
      async (request) => {
        const { marketId, ...query } = request.query;
        const { market, viewer } = await marketForViewer(ctx.db, request, marketId, 'catalog');
        return { data: await service.list(market.id, viewer, query) };
      },
    );

    app.get(
      '/Discount/:id',
      { schema: { tags, params: idParams, response: ok(discountViewSchema) } },
      async (request) => {
        if (!isUuid(request.params.id)) throw new AppError('NOT_FOUND');
        const { viewer } = await marketForViewer(ctx.db, request, await service.marketOf(request.params.id), 'catalog');
        return { data: await service.get(request.params.id, viewer) };
      },
    );

    app.post(
      '/Discount',
      { schema: { tags, body: discountInputSchema, response: created(discountViewSchema) } },
      async (request, reply) => {
        const { market } = await requireMarket(ctx.db, request, request.body.marketId, 'catalog');
        reply.status(201);
        return { data: await service.create(market.id, request.body) };
      },
    );

    app.put(
      '/Discount/:id',
      { schema: { tags, params: idParams, body: discountInputSchema, response: ok(discountViewSchema) } },
      async (request) => {
        if (!isUuid(request.params.id)) throw new AppError('NOT_FOUND');
        const { market } = await requireMarket(ctx.db, request, request.body.marketId, 'catalog');
        return { data: await service.update(market.id, request.params.id, request.body) };
      },
    );

    app.delete(
      '/Discount/:id',
      { schema: { tags, params: idParams, response: ok(deletedSchema) } },
      async (request) => {
        if (!isUuid(request.params.id)) throw new AppError('NOT_FOUND');
        // Signed in first: an anonymous caller is told to sign in, not whether the id exists.
        await requireUser(ctx.db, request);
        const { market } = await requireMarket(ctx.db, request, await service.marketOf(request.params.id), 'catalog');
        await service.remove(market.id, request.params.id);
        return { data: { id: request.params.id, deleted: true as const } };
      },
    );
  };
}
