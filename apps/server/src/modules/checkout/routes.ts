import {
  applyDiscountCodeSchema,
  checkoutSchema,
  confirmCheckoutSchema,
  isUuid,
  placeOrderSchema,
  uniqueCodeSchema,
} from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import { AppError, requestLanguage } from '../../platform/errors.js';
import { created, ok } from '../../platform/responses.js';
import { shopperKey } from '../basket/routes.js';
import { CheckoutService } from './service.js';

const text = z.string().max(200);

export function checkoutRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const service = new CheckoutService(ctx);
  return async (app) => {
    app.post(
      '/Basket/checkout/:uniqueCode/:marketId',
      {
        schema: {
          tags: ['Basket'],
          params: z.object({ uniqueCode: text, marketId: text }),
          response: created(checkoutSchema),
        },
      },
      async (request, reply) => {
        const { marketId, uniqueCode } = shopperKey(request.params.marketId, request.params.uniqueCode);
        reply.status(201);
        return { data: await service.start(marketId, uniqueCode, requestLanguage(request)) };
      },
    );

    app.get(
      '/Basket/checkout/:checkoutId',
      {
        schema: {
          tags: ['Basket'],
          params: z.object({ checkoutId: text }),
          querystring: z.object({ uniqueCode: text }),
          response: ok(checkoutSchema),
        },
      },
      async (request) => {
        if (!isUuid(request.params.checkoutId)) throw new AppError('NOT_FOUND');
        if (!uniqueCodeSchema.safeParse(request.query.uniqueCode).success) throw new AppError('NOT_FOUND');
        return { data: await service.get(request.params.checkoutId, request.query.uniqueCode) };
      },
    );

    app.post(
      '/Basket/confirm',
      { schema: { tags: ['Basket'], body: confirmCheckoutSchema, response: ok(checkoutSchema) } },
      async (request) => ({
        data: await service.confirm(request.body, requestLanguage(request)),
      }),
    );

    app.post(
      '/Basket/discount-code',
      { schema: { tags: ['Basket'], body: applyDiscountCodeSchema, response: ok(checkoutSchema) } },
      async (request) => ({ data: await service.applyCode(request.body) }),
    );

    app.post(
      '/Order',
      { schema: { tags: ['Order'], body: placeOrderSchema, response: ok(checkoutSchema) } },
      async (request) => ({
        data: await service.place(request.body),
      }),
    );
  };
}
