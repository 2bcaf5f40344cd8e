import {
  bankDetailsSchema,
  payoutListPageSchema,
  payoutListQuerySchema,
  payoutSettingsSchema,
  saveBankDetailsSchema,
  savePayoutSettingsSchema,
} from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireMarket } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { ok } from '../../platform/responses.js';
import { PayoutService } from './service.js';

/** Where and how often the store's payouts go: its bank details and payout period, the owner's alone. */
export function payoutRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const service = new PayoutService(ctx);
  const params = z.object({ marketId: z.string().max(64) });
  return async (app) => {
    app.get(
      '/BankDetails/:marketId',
      { schema: { tags: ['Payments'], params, response: ok(bankDetailsSchema) } },
      async (request) => {
        const { market } = await requireMarket(ctx.db, request, request.params.marketId);
        return { data: await service.bankDetails(market.id) };
      },
    );
    app.put(
      '/BankDetails/:marketId',
      { schema: { tags: ['Payments'], params, body: saveBankDetailsSchema, response: ok(bankDetailsSchema) } },
      async (request) => {
        const { user, market } = await requireMarket(ctx.db, request, request.params.marketId);
        return { data: await service.saveBankDetails(user, market, request.body) };
      },
    );
    app.get(
      '/PayoutSettings/:marketId',
      { schema: { tags: ['Payments'], params, response: ok(payoutSettingsSchema) } },
      async (request) => {
        const { market } = await requireMarket(ctx.db, request, request.params.marketId);
        return { data: await service.settings(market.id) };
      },
    );
    app.put(
      '/PayoutSettings/:marketId',
      { schema: { tags: ['Payments'], params, body: savePayoutSettingsSchema, response: ok(payoutSettingsSchema) } },
      async (request) => {
        const { market } = await requireMarket(ctx.db, request, request.params.marketId);
        return { data: await service.saveSettings(market.id, request.body.period) };
      },
    );
    app.get(
      '/Payout/list/:marketId',
      {
        schema: { tags: ['Payments'], params, querystring: payoutListQuerySchema, response: ok(payoutListPageSchema) },
      },
      async (request) => {
        const { market } = await requireMarket(ctx.db, request, request.params.marketId);
        return { data: await service.list(market.id, request.query) };
      },
    );
  };
}
