import {
  archiveOrderSchema,
  type ErrorBody,
  errorStatus,
  fulfillOrderSchema,
  isUuid,
  orderDetailsSchema,
  orderExportQuerySchema,
  orderListPageSchema,
  orderListQuerySchema,
  refundOrderSchema,
  translate,
} from '@shop/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rowsOf } from '../../db/client.js';
import { sql } from '../../db/sql-text.js';
import { requireMarket, requireUser } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, requestLanguage } from '../../platform/errors.js';
import { failures, ok, textOf } from '../../platform/responses.js';
import type { PaymentService } from '../payment/service.js';
import { OrderService, RefundRefusedError } from './service.js';

const marketQuery = z.object({ marketId: z.string().max(64) });
const orderParams = z.object({ orderId: z.string().max(64) });

/**
 * REFUND_FAILED carries the provider's own words beside the catalogue's message (`reason`,
 * untranslated): the merchant needs to know why the bank said no.
 */
function refundFailed(request: FastifyRequest, reply: FastifyReply, reason: string) {
  const body: ErrorBody = {
    error: { code: 'REFUND_FAILED', message: translate('REFUND_FAILED', requestLanguage(request)), reason },
  };
  return reply.status(errorStatus.REFUND_FAILED).send(body);
}

/** Orders of a market for its owner (SPEC §7 Order, Payment/reverse). */
export function orderRoutes(ctx: AppContext, payments: PaymentService): FastifyPluginAsyncZod {
  const service = new OrderService(ctx, payments.provider);
  const tags = ['Order'];
  const details = ok(orderDetailsSchema);

  /** The owner's market and the order id; a malformed id names no order. */
  async function scope(request: FastifyRequest, marketId: string, orderId: string) {
    const { user, market } = await requireMarket(ctx.db, request, marketId, 'orders');
    if (!isUuid(orderId)) throw new AppError('NOT_FOUND');
    return { owner: user, market };
  }

  async function refund(
    request: FastifyRequest,
    reply: FastifyReply,
    marketId: string,
    orderId: string,
    body: z.output<typeof refundOrderSchema> | null | undefined,
  ) {
    const { owner } = await scope(request, marketId, orderId);
    try {
      return { data: await service.refund(marketId, orderId, body ?? {}, owner) };
    } catch (error) {
      if (error instanceof RefundRefusedError) return refundFailed(request, reply, error.reason);
      throw error;
    }
  }

  return async (app) => {
    app.get(
      '/Order/market',
      { schema: { tags, querystring: orderListQuerySchema, response: ok(orderListPageSchema) } },
      async (request) => {
        const { user, market } = await requireMarket(ctx.db, request, request.query.marketId, 'orders');
        return { data: await service.list(market, user, request.query) };
      },
    );

    const csvFile = { 200: textOf('text/csv', 'The matching orders as a CSV file, streamed.'), ...failures };
    app.get(
      '/Order/export',
      { schema: { tags, querystring: orderExportQuerySchema, response: csvFile } },
      async (request, reply) => {
        const { user, market } = await requireMarket(ctx.db, request, request.query.marketId, 'orders');
        const csv = service.exportCsv(market.id, user, request.query);
        reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${market.name}-orders.csv"`);
        return reply.send(csv);
      },
    );

    app.get(
      '/Order/:orderId',
      { schema: { tags, params: orderParams, querystring: marketQuery, response: details } },
      async (request) => {
        await scope(request, request.query.marketId, request.params.orderId);
        return { data: await service.details(request.query.marketId, request.params.orderId) };
      },
    );

    app.put(
      '/Order/fulfill/:orderId',
      {
        schema: {
          tags,
          params: orderParams,
          querystring: marketQuery,
          body: fulfillOrderSchema.nullish(),
          response: details,
        },
      },
      async (request) => {
        const { marketId } = request.query;
        const { owner } = await scope(request, marketId, request.params.orderId);
        try {
          return { data: await service.fulfil(marketId, request.params.orderId, request.body ?? {}, owner) };
        } catch (error) {
          if (error instanceof AppError) throw error;
          request.log.error({ err: error, orderId: request.params.orderId }, 'fulfilment failed');
          throw new AppError('FULFILL_FAILED');
        }
      },
    );

    // Cash on delivery (issue 14): the merchant collected the order's cash.
    app.post(
      '/Order/mark-paid/:orderId',
      { schema: { tags, params: orderParams, querystring: marketQuery, response: details } },
      async (request) => {
        const { marketId } = request.query;
        const { owner } = await scope(request, marketId, request.params.orderId);
        return { data: await service.markPaid(marketId, request.params.orderId, owner) };
      },
    );

    // SPEC §7: the refund, "cancel" in the panel's words.
    app.put(
      '/Order/cancel/:orderId',
      {
        schema: {
          tags,
          params: orderParams,
          querystring: marketQuery,
          body: refundOrderSchema.nullish(),
          response: details,
        },
      },
      async (request, reply) => refund(request, reply, request.query.marketId, request.params.orderId, request.body),
    );

    // SPEC §7 Payments: the same refund, named by the order's id alone.
    app.post(
      '/Payment/reverse/:id',
      {
        schema: {
          tags: ['Payment'],
          params: z.object({ id: z.string().max(64) }),
          body: refundOrderSchema.nullish(),
          response: details,
        },
      },
      async (request, reply) => {
        await requireUser(ctx.db, request);
        const { id } = request.params;
        if (!isUuid(id)) throw new AppError('NOT_FOUND');
        const [order] = rowsOf<{ market_id: string }>(
          await ctx.db.execute(sql`select market_id from orders where id = ${id} and number is not null`),
        );
        if (!order) throw new AppError('NOT_FOUND');
        return refund(request, reply, order.market_id, id, request.body);
      },
    );

    app.put(
      '/Order/archive/:orderId',
      { schema: { tags, params: orderParams, querystring: marketQuery, body: archiveOrderSchema, response: details } },
      async (request) => {
        const { marketId } = request.query;
        const { owner } = await scope(request, marketId, request.params.orderId);
        return { data: await service.archive(marketId, request.params.orderId, request.body.archived, owner) };
      },
    );
  };
}
