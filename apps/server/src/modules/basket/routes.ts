import { addToBasketSchema, uniqueCodeSchema, updateBasketItemSchema } from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isUuid } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { BasketService } from './service.js';

/** Path values are checked here so a malformed one is a clear 4xx, never a database error. */
export function shopperKey(marketId: string, uniqueCode: string) {
  if (!isUuid(marketId)) throw new AppError('NOT_FOUND');
  if (!uniqueCodeSchema.safeParse(uniqueCode).success) throw new AppError('INVALID_SESSION_OR_STORE');
  return { marketId, uniqueCode };
}

const text = z.string().max(200);

export function basketRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const service = new BasketService(ctx);
  const tags = ['Basket'];
  return async (app) => {
    app.get(
      '/Basket/get-or-create/:marketId/:uniqueCode',
      { schema: { tags, params: z.object({ marketId: text, uniqueCode: text }) } },
      async (request) => {
        const { marketId, uniqueCode } = shopperKey(request.params.marketId, request.params.uniqueCode);
        return { data: await service.getOrCreate(marketId, uniqueCode) };
      },
    );

    app.get(
      '/Basket/:id',
      { schema: { tags, params: z.object({ id: text }), querystring: z.object({ uniqueCode: text.optional() }) } },
      async (request) => {
        if (!isUuid(request.params.id)) throw new AppError('NOT_FOUND');
        return { data: await service.byId(request.params.id, request.query.uniqueCode) };
      },
    );

    app.post('/Basket/add-product', { schema: { tags, body: addToBasketSchema } }, async (request) => ({
      data: await service.add(request.body),
    }));

    app.put('/Basket/update-quantity', { schema: { tags, body: updateBasketItemSchema } }, async (request) => ({
      data: await service.updateQuantity(request.body),
    }));

    app.delete(
      '/Basket/:basketItemId/:marketId/:uniqueCode',
      { schema: { tags, params: z.object({ basketItemId: text, marketId: text, uniqueCode: text }) } },
      async (request) => {
        const { marketId, uniqueCode } = shopperKey(request.params.marketId, request.params.uniqueCode);
        if (!isUuid(request.params.basketItemId)) throw new AppError('NOT_FOUND');
        return { data: await service.remove(marketId, uniqueCode, request.params.basketItemId) };
      },
    );
  };
}
