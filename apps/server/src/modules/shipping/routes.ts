import {
  checkoutTariffSchema,
  createTariffSchema,
  deletedSchema,
  isRegionCode,
  isUuid,
  MAX_MINOR,
  shippingTariffSchema,
  updateTariffSchema,
} from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { marketForViewer, requireMarket } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { created, ok } from '../../platform/responses.js';
import { ShippingService } from './service.js';

const marketParam = z.object({ marketId: z.string().max(64) });
const itemParams = z.object({ id: z.string().max(64), marketId: z.string().max(64) });

/** A whole non-negative number in a query string ("1999"); absent is 0. */
const amount = z
  .string('invalidValue')
  .regex(/^\d{1,10}$/, 'invalidValue')
  .transform(Number)
  .pipe(z.number().max(MAX_MINOR, 'invalidValue'))
  .default(0);

const checkoutQuery = z.object({
  region: z.string('regionRequired').refine(isRegionCode, 'regionRequired'),
  /** The order's subtotal in qəpik. */
  subtotal: amount,
  weightGrams: amount,
});

/** Shipping tariffs (SPEC §7 Shipping tariff) and the choice a checkout offers. */
export function shippingRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const service = new ShippingService(ctx);
  const tags = ['ShippingTariff'];
  return async (app) => {
    app.get(
      '/ShippingTariff/get-all/:marketId',
      { schema: { tags, params: marketParam, response: ok(z.array(shippingTariffSchema)) } },
      async (request) => {
        const { market, viewer } = await marketForViewer(ctx.db, request, request.params.marketId, 'settings');
        return { data: await service.list(market.id, viewer) };
      },
    );

    app.get(
      '/ShippingTariff/for-checkout/:marketId',
      {
        schema: { tags, params: marketParam, querystring: checkoutQuery, response: ok(z.array(checkoutTariffSchema)) },
      },
      async (request) => {
        const { market } = await marketForViewer(ctx.db, request, request.params.marketId, 'settings');
        return { data: await service.forCheckout(market.id, request.query) };
      },
    );

    app.post(
      '/ShippingTariff/create',
      { schema: { tags, body: createTariffSchema, response: created(shippingTariffSchema) } },
      async (request, reply) => {
        const { market } = await requireMarket(ctx.db, request, request.body.marketId, 'settings');
        const { marketId: _, ...data } = request.body;
        reply.status(201);
        return { data: await service.create(market.id, data) };
      },
    );

    app.put(
      '/ShippingTariff/update',
      { schema: { tags, body: updateTariffSchema, response: ok(shippingTariffSchema) } },
      async (request) => {
        const { market } = await requireMarket(ctx.db, request, request.body.marketId, 'settings');
        const { id, marketId: _, ...data } = request.body;
        return { data: await service.update(market.id, id, data) };
      },
    );

    app.delete(
      '/ShippingTariff/delete/:id/:marketId',
      { schema: { tags, params: itemParams, response: ok(deletedSchema) } },
      async (request) => {
        const { market } = await requireMarket(ctx.db, request, request.params.marketId, 'settings');
        if (!isUuid(request.params.id)) throw new AppError('NOT_FOUND');
        await service.remove(market.id, request.params.id);
        return { data: { id: request.params.id, deleted: true as const } };
      },
    );
  };
}
