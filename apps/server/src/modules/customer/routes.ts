import {
  customerDetailsSchema,
  customerListQuerySchema,
  customerPageSchema,
  isUuid,
  newsletterSignUpSchema,
} from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireMarket } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { ok } from '../../platform/responses.js';
import { CustomerService } from './service.js';

/** Customers of a market (cp/customers): the owner's only; shoppers join one by its newsletter. */
export function customerRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const service = new CustomerService(ctx);
  const tags = ['Customer'];
  return async (app) => {
    app.post(
      '/Customer/newsletter',
      { schema: { tags, body: newsletterSignUpSchema, response: ok(z.strictObject({ subscribed: z.literal(true) })) } },
      async (request) => {
        await ctx.limits.hit('newsletterPerIp', request.ip);
        await service.signUpForNewsletter(request.body.marketId, request.body.email);
        return { data: { subscribed: true as const } };
      },
    );

    app.get(
      '/Customer/all',
      { schema: { tags, querystring: customerListQuerySchema, response: ok(customerPageSchema) } },
      async (request) => {
        const { market } = await requireMarket(ctx.db, request, request.query.marketId, 'orders');
        return { data: await service.list(market.id, request.query) };
      },
    );

    app.get(
      '/Customer/:id',
      {
        schema: {
          tags,
          params: z.object({ id: z.string().max(64) }),
          querystring: z.object({ marketId: z.string().max(64) }),
          response: ok(customerDetailsSchema),
        },
      },
      async (request) => {
        const { market } = await requireMarket(ctx.db, request, request.query.marketId, 'orders');
        if (!isUuid(request.params.id)) throw new AppError('NOT_FOUND');
        return { data: await service.details(market.id, request.params.id) };
      },
    );
  };
}
