import {
  abandonedCheckoutPageSchema,
  abandonedCheckoutSchema,
  abandonedListQuerySchema,
  abandonedSettingsSchema,
  abandonedSettingsViewSchema,
  isUuid,
  recoverBasketSchema,
  recoveredBasketSchema,
} from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireMarket } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { ok } from '../../platform/responses.js';
import { AbandonedCheckoutService } from './service.js';

/** Abandoned checkouts (cp/abandoned-checkouts), their reminder setting, and the recovery link. */
export function abandonedRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const service = new AbandonedCheckoutService(ctx);
  const tags = ['AbandonedCheckout'];
  return async (app) => {
    app.get(
      '/AbandonedCheckout/all',
      { schema: { tags, querystring: abandonedListQuerySchema, response: ok(abandonedCheckoutPageSchema) } },
      async (request) => {
        const { market } = await requireMarket(ctx.db, request, request.query.marketId, 'orders');
        return { data: await service.list(market, request.query) };
      },
    );

    app.get(
      '/AbandonedCheckout/:id',
      {
        schema: {
          tags,
          params: z.object({ id: z.string().max(64) }),
          querystring: z.object({ marketId: z.string().max(64) }),
          response: ok(abandonedCheckoutSchema),
        },
      },
      async (request) => {
        const { market } = await requireMarket(ctx.db, request, request.query.marketId, 'orders');
        if (!isUuid(request.params.id)) throw new AppError('NOT_FOUND');
        return { data: await service.details(market.id, request.params.id) };
      },
    );

    app.put(
      '/Market/abandoned-settings',
      { schema: { tags: ['Market'], body: abandonedSettingsSchema, response: ok(abandonedSettingsViewSchema) } },
      async (request) => {
        const { market } = await requireMarket(ctx.db, request, request.body.marketId, 'settings');
        return { data: await service.saveSettings(market.id, request.body.reminderMinutes) };
      },
    );

    // The recovery link, opened in the store: the checkout's lines into the visitor's basket.
    app.post(
      '/Basket/recover',
      { schema: { tags: ['Basket'], body: recoverBasketSchema, response: ok(recoveredBasketSchema) } },
      async (request) => ({
        data: await service.recover(request.body),
      }),
    );
  };
}
