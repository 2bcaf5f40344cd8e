import {
  acceptPopupSchema,
  addBundleSchema,
  addToBasketSchema,
  basketSchema,
  isUuid,
  uniqueCodeSchema,
  updateBasketItemSchema,
} from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { ok } from '../../platform/responses.js';
import { BasketService } from './service.js';

/** Path values are checked here so a malformed one is a clear 4xx, never a database error. */
export function shopperKey(marketId: string, uniqueCode: string) {
  if (!isUuid(marketId)) throw new AppError('NOT_FOUND');
  if (!uniqueCodeSchema.safeParse(uniqueCode).success) throw new AppError('INVALID_SESSION_OR_STORE');
  return { marketId, uniqueCode };
}

/** A visitor id, a store id and a product id (and a variant id, if any) of the right shape. */
function namesShopperAndProduct(body: unknown): boolean {
  if (!body || typeof body !== 'object') return false;
  const { uniqueCode, marketId, productId, variantId } = body as Record<string, unknown>;
  const uuid = (value: unknown) => typeof value === 'string' && isUuid(value);
  return (
    uniqueCodeSchema.safeParse(uniqueCode).success &&
    uuid(marketId) &&
    uuid(productId) &&
    (variantId === undefined || variantId === null || uuid(variantId))
  );
}

const text = z.string().max(200);

export function basketRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const service = new BasketService(ctx);
  const tags = ['Basket'];
  const response = ok(basketSchema);
  return async (app) => {
    app.get(
      '/Basket/get-or-create/:marketId/:uniqueCode',
      { schema: { tags, params: z.object({ marketId: text, uniqueCode: text }), response } },
      async (request) => {
        const { marketId, uniqueCode } = shopperKey(request.params.marketId, request.params.uniqueCode);
        return { data: await service.getOrCreate(marketId, uniqueCode) };
      },
    );

    app.get(
      '/Basket/:id',
      {
        schema: {
          tags,
          params: z.object({ id: text }),
          querystring: z.object({ uniqueCode: text.optional() }),
          response,
        },
      },
      async (request) => {
        if (!isUuid(request.params.id)) throw new AppError('NOT_FOUND');
        return { data: await service.byId(request.params.id, request.query.uniqueCode) };
      },
    );

    app.post(
      '/Basket/add-product',
      {
        schema: { tags, body: addToBasketSchema, response },
        // SPEC §8 "Invalid session, market, or product": before the field checks, so a shopper
        // is told that rather than a field of a form they never saw.
        preValidation: async (request) => {
          if (!namesShopperAndProduct(request.body)) throw new AppError('INVALID_SESSION_MARKET_PRODUCT');
        },
      },
      async (request) => ({ data: await service.add(request.body) }),
    );

    // Offers (decision 018): a bundle's products into the cart together, and the pop-up accepted.
    app.post('/Basket/add-bundle', { schema: { tags, body: addBundleSchema, response } }, async (request) => ({
      data: await service.addBundle(request.body),
    }));

    app.post('/Basket/accept-popup', { schema: { tags, body: acceptPopupSchema, response } }, async (request) => ({
      data: await service.acceptPopup(request.body),
    }));

    app.put(
      '/Basket/update-quantity',
      { schema: { tags, body: updateBasketItemSchema, response } },
      async (request) => ({
        data: await service.updateQuantity(request.body),
      }),
    );

    app.delete(
      '/Basket/:basketItemId/:marketId/:uniqueCode',
      { schema: { tags, params: z.object({ basketItemId: text, marketId: text, uniqueCode: text }), response } },
      async (request) => {
        const { marketId, uniqueCode } = shopperKey(request.params.marketId, request.params.uniqueCode);
        if (!isUuid(request.params.basketItemId)) throw new AppError('NOT_FOUND');
        return { data: await service.remove(marketId, uniqueCode, request.params.basketItemId) };
      },
    );
  };
}
