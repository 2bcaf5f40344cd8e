import { closeWithPasswordSchema, closingSummarySchema, marketViewSchema, signedOutSchema } from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clearSessionCookie, requireMarket, requireUser } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { failures, ok, textOf } from '../../platform/responses.js';
import type { ClosingService } from './closing.js';

const marketParams = z.object({ marketId: z.string().max(64) });

/** Closing and reopening a store, its export, and closing the account (decision 023): the owner's alone. */
export function closingRoutes(ctx: AppContext, closing: ClosingService): FastifyPluginAsyncZod {
  const tags = ['Market'];
  return async (app) => {
    app.get(
      '/Market/closing-summary/:marketId',
      { schema: { tags, params: marketParams, response: ok(closingSummarySchema) } },
      async (request) => {
        const { market } = await requireMarket(ctx.db, request, request.params.marketId, 'owner');
        return { data: await closing.summary(market) };
      },
    );

    app.get(
      '/Market/export/:marketId',
      {
        schema: {
          tags,
          params: marketParams,
          response: {
            200: textOf('application/zip', 'The store’s products, customers and orders as CSV, and its pictures.'),
            ...failures,
          },
        },
      },
      async (request, reply) => {
        const { market, user } = await requireMarket(ctx.db, request, request.params.marketId, 'owner', {
          whenClosed: 'allow',
        });
        const day = new Date().toISOString().slice(0, 10);
        reply
          .header('content-type', 'application/zip')
          .header('content-disposition', `attachment; filename="${market.name}-${day}.zip"`);
        return closing.exportZip(market, user);
      },
    );

    app.post(
      '/Market/close/:marketId',
      { schema: { tags, params: marketParams, body: closeWithPasswordSchema, response: ok(marketViewSchema) } },
      async (request) => {
        const { market, user } = await requireMarket(ctx.db, request, request.params.marketId, 'owner');
        return { data: await closing.close(market, user, request.body.password) };
      },
    );

    app.post(
      '/Market/reopen/:marketId',
      { schema: { tags, params: marketParams, response: ok(marketViewSchema) } },
      async (request) => {
        const { market } = await requireMarket(ctx.db, request, request.params.marketId, 'owner', {
          whenClosed: 'allow',
        });
        return { data: await closing.reopen(market) };
      },
    );

    app.post(
      '/User/close-account',
      { schema: { tags: ['User'], body: closeWithPasswordSchema, response: ok(signedOutSchema) } },
      async (request, reply) => {
        const user = await requireUser(ctx.db, request);
        await closing.closeAccount(user, request.body.password);
        clearSessionCookie(reply);
        return { data: { signedOut: true as const } };
      },
    );
  };
}
