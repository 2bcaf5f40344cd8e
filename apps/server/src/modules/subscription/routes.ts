import {
  cardStartedSchema,
  type Language,
  startCardSchema,
  subscriptionPaidSchema,
  subscriptionSchema,
} from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireMarket } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { ok } from '../../platform/responses.js';
import type { SubscriptionService } from './service.js';

/** The store's subscription to the platform (issue 14): the owner's alone. */
export function subscriptionRoutes(ctx: AppContext, subscriptions: SubscriptionService): FastifyPluginAsyncZod {
  const params = z.object({ marketId: z.string().max(64) });
  return async (app) => {
    app.get(
      '/Subscription/:marketId',
      { schema: { tags: ['Payments'], params, response: ok(subscriptionSchema) } },
      async (request) => {
        const { market } = await requireMarket(ctx.db, request, request.params.marketId, 'owner');
        return { data: await subscriptions.view(market.id) };
      },
    );

    // SPEC §7: the owner is sent to the provider's page to save the card the subscription is paid by.
    app.post(
      '/MarketCard/start',
      { schema: { tags: ['Payments'], body: startCardSchema, response: ok(cardStartedSchema) } },
      async (request) => {
        const { user, market } = await requireMarket(ctx.db, request, request.body.marketId, 'owner');
        return { data: await subscriptions.startCard(market, user.language as Language) };
      },
    );

    app.post(
      '/Subscription/pay/:marketId',
      { schema: { tags: ['Payments'], params, response: ok(subscriptionPaidSchema) } },
      async (request) => {
        const { market } = await requireMarket(ctx.db, request, request.params.marketId, 'owner');
        return { data: await subscriptions.payNow(market.id) };
      },
    );
  };
}
