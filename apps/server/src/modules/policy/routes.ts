import { policiesSchema, policySchema, policyTypeSchema, savePolicySchema } from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireMarket } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { ok } from '../../platform/responses.js';
import { PolicyService } from './service.js';

/**
 * A store's policies (SPEC §3, §2 cp/policies; issue 15): the owner's reads and writes. Shoppers
 * read them on the storefront's pages, rendered on the server (StorefrontReader.policy).
 */
export function policyRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const service = new PolicyService(ctx);
  const tags = ['Policy'];
  return async (app) => {
    app.get(
      '/Policy/:marketId',
      { schema: { tags, params: z.object({ marketId: z.string().max(64) }), response: ok(policiesSchema) } },
      async (request) => {
        const { market } = await requireMarket(ctx.db, request, request.params.marketId, 'settings');
        return { data: await service.list(market.id) };
      },
    );

    app.put(
      '/Policy/:marketId/:type',
      {
        schema: {
          tags,
          params: z.object({ marketId: z.string().max(64), type: policyTypeSchema }),
          body: savePolicySchema,
          response: ok(policySchema),
        },
      },
      async (request) => {
        const { market } = await requireMarket(ctx.db, request, request.params.marketId, 'settings');
        return { data: await service.save(market.id, request.params.type, request.body) };
      },
    );
  };
}
