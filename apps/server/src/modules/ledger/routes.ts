import { balanceSchema } from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireMarket } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { ok } from '../../platform/responses.js';
import { LedgerService } from './service.js';

/** The store's money (decision 019): its balances, the owner's alone. */
export function ledgerRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const service = new LedgerService(ctx.db);
  return async (app) => {
    app.get(
      '/Balance/:marketId',
      {
        schema: { tags: ['Payments'], params: z.object({ marketId: z.string().max(64) }), response: ok(balanceSchema) },
      },
      async (request) => {
        const { market } = await requireMarket(ctx.db, request, request.params.marketId);
        return { data: await service.balance(market.id) };
      },
    );
  };
}
