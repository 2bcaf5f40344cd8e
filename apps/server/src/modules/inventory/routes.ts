import {
  adjustStockSchema,
  inventoryPageSchema,
  inventoryQuerySchema,
  releasedHoldsSchema,
  releaseHoldsSchema,
  stockAdjustmentSchema,
} from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireMarket } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { ok } from '../../platform/responses.js';
import { CheckoutService } from '../checkout/service.js';
import { InventoryService } from './service.js';

export function inventoryRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const service = new InventoryService(ctx);
  const checkouts = new CheckoutService(ctx);
  const tags = ['Inventory'];
  return async (app) => {
    app.get(
      '/Inventory/:marketId',
      {
        schema: {
          tags,
          params: z.object({ marketId: z.string().max(64) }),
          querystring: inventoryQuerySchema,
          response: ok(inventoryPageSchema),
        },
      },
      async (request) => {
        const { market } = await requireMarket(ctx.db, request, request.params.marketId, 'catalog');
        return { data: await service.list(market.id, request.query) };
      },
    );

    app.post(
      '/Inventory/adjust',
      { schema: { tags, body: adjustStockSchema, response: ok(stockAdjustmentSchema) } },
      async (request) => {
        const { market, user } = await requireMarket(ctx.db, request, request.body.marketId, 'catalog');
        return { data: await service.adjust(market.id, user.id, request.body) };
      },
    );

    app.post(
      '/Inventory/release-holds',
      { schema: { tags, body: releaseHoldsSchema, response: ok(releasedHoldsSchema) } },
      async (request) => {
        const { market } = await requireMarket(ctx.db, request, request.body.marketId, 'catalog');
        const { productId, variantId } = request.body;
        return { data: await checkouts.releaseHoldsOf(market.id, { productId, variantId: variantId ?? null }) };
      },
    );
  };
}
