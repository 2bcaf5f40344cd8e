import {
  adjustmentSchema,
  balanceSchema,
  createAdjustmentSchema,
  isUuid,
  staffLedgerSchema,
  staffMarketPageSchema,
  staffMarketQuerySchema,
} from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireMarket, staffGuard } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { created, ok } from '../../platform/responses.js';
import { AdjustmentService } from './adjustments.js';
import { LedgerService } from './service.js';

const marketParams = z.object({ marketId: z.string().max(64) });

/**
 * The store's money (decision 019): its balances, the owner's alone; and the platform's staff's
 * corrections of it (adjustments), theirs alone — every other signed-in caller gets 403.
 */
export function ledgerRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const service = new LedgerService(ctx.db);
  const adjustments = new AdjustmentService(ctx);
  // The staff are told apart before the request's rules are checked (403, never a field error).
  const { preValidation, staffOf } = staffGuard(ctx.db, ctx.config);
  return async (app) => {
    app.get(
      '/Balance/:marketId',
      { schema: { tags: ['Payments'], params: marketParams, response: ok(balanceSchema) } },
      async (request) => {
        const { market } = await requireMarket(ctx.db, request, request.params.marketId, 'owner');
        return { data: await service.balance(market.id) };
      },
    );

    app.get(
      '/Staff/markets',
      {
        preValidation,
        schema: { tags: ['Staff'], querystring: staffMarketQuerySchema, response: ok(staffMarketPageSchema) },
      },
      async (request) => {
        return { data: await adjustments.markets(request.query) };
      },
    );

    app.get(
      '/Staff/markets/:marketId/adjustments',
      { preValidation, schema: { tags: ['Staff'], params: marketParams, response: ok(staffLedgerSchema) } },
      async (request) => {
        return { data: await adjustments.ofMarket(staffMarketId(request.params.marketId)) };
      },
    );

    app.post(
      '/Staff/markets/:marketId/adjustments',
      {
        preValidation,
        schema: {
          tags: ['Staff'],
          params: marketParams,
          body: createAdjustmentSchema,
          response: created(adjustmentSchema),
        },
      },
      async (request, reply) => {
        const staff = staffOf(request);
        const adjustment = await adjustments.adjust(staff, staffMarketId(request.params.marketId), request.body);
        return reply.code(201).send({ data: adjustment });
      },
    );
  };
}

/** A store the staff name: any store, but a malformed id is none. */
function staffMarketId(marketId: string): string {
  if (!isUuid(marketId)) throw new AppError('NOT_FOUND');
  return marketId;
}
