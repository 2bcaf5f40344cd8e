import {
  bulkProductsSchema,
  bulkResultSchema,
  createProductSchema,
  deletedSchema,
  importPreviewSchema,
  isUuid,
  productListPageSchema,
  productListQuerySchema,
  productViewSchema,
  updateProductSchema,
} from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { marketForViewer, requireMarket } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { keptJson, sendKeptJson } from '../../platform/kept-bodies.js';
import { created, failures, ok, textOf } from '../../platform/responses.js';
import { exportProductsCsv, importProductsCsv } from './csv.js';
import { ProductService } from './service.js';

const marketParam = z.object({ marketId: z.string().max(64) });
const productParams = z.object({ marketId: z.string().max(64), id: z.string().max(64) });

export function productRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const service = new ProductService(ctx);
  const tags = ['Products'];

  return async (app) => {
    app.get(
      '/Products/all/:marketId',
      {
        schema: { tags, params: marketParam, querystring: productListQuerySchema, response: ok(productListPageSchema) },
      },
      async (request, reply) => {
        const { market, viewer } = await marketForViewer(ctx.db, request, request.params.marketId, 'catalog');
        // Kept as its bytes: a hit is neither serialised nor compressed again.
        const answer = await service.listAnswer(market, request.query, viewer, (data) => keptJson(reply, { data }));
        return sendKeptJson(request, reply, answer);
      },
    );

    app.get(
      '/Products/:marketId/:id',
      { schema: { tags, params: productParams, response: ok(productViewSchema) } },
      async (request) => {
        const { market, viewer } = await marketForViewer(ctx.db, request, request.params.marketId, 'catalog');
        if (!isUuid(request.params.id)) throw new AppError('NOT_FOUND');
        return { data: await service.get(market.id, request.params.id, viewer) };
      },
    );

    app.post(
      '/Products/create',
      { schema: { tags, body: createProductSchema, response: created(productViewSchema) } },
      async (request, reply) => {
        const { market } = await requireMarket(ctx.db, request, request.body.marketId, 'catalog');
        reply.status(201);
        return { data: await service.create(market.id, request.body) };
      },
    );

    app.put(
      '/Products/update',
      { schema: { tags, body: updateProductSchema, response: ok(productViewSchema) } },
      async (request) => {
        const { market } = await requireMarket(ctx.db, request, request.body.marketId, 'catalog');
        const { id, ...data } = request.body;
        return { data: await service.update(market.id, id, data) };
      },
    );

    app.delete(
      '/Products/:marketId/:id',
      { schema: { tags, params: productParams, response: ok(deletedSchema) } },
      async (request) => {
        const { market } = await requireMarket(ctx.db, request, request.params.marketId, 'catalog');
        if (!isUuid(request.params.id)) throw new AppError('NOT_FOUND');
        await service.remove(market.id, request.params.id);
        return { data: { id: request.params.id, deleted: true as const } };
      },
    );

    app.post(
      '/Products/bulk',
      { schema: { tags, body: bulkProductsSchema, response: ok(bulkResultSchema) } },
      async (request) => {
        const { market } = await requireMarket(ctx.db, request, request.body.marketId, 'catalog');
        return { data: await service.bulk(market.id, request.body.ids, request.body.action) };
      },
    );

    const csvFile = {
      200: textOf('text/csv', 'The products as a CSV file (the import reads the same columns).'),
      ...failures,
    };
    app.get(
      '/Products/export/:marketId',
      { schema: { tags, params: marketParam, response: csvFile } },
      async (request, reply) => {
        const { market } = await requireMarket(ctx.db, request, request.params.marketId, 'catalog');
        const csv = await exportProductsCsv(ctx, market.id);
        reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${market.name}-products.csv"`);
        return csv;
      },
    );

    app.post(
      '/Products/import/:marketId',
      {
        schema: {
          tags,
          params: marketParam,
          querystring: z.object({ dryRun: z.enum(['true', 'false']).default('true') }),
          consumes: ['multipart/form-data'],
          response: ok(importPreviewSchema),
        },
      },
      async (request) => {
        const { market } = await requireMarket(ctx.db, request, request.params.marketId, 'catalog');
        const file = await request.file({ limits: { fileSize: 5 * 1024 * 1024, files: 1 } }).catch(() => undefined);
        if (!file) throw new AppError('VALIDATION_FAILED', { file: 'required' });
        const bytes = await file.toBuffer().catch(() => {
          throw new AppError('FILE_TOO_LARGE');
        });
        return { data: await importProductsCsv(ctx, market.id, bytes, request.query.dryRun === 'true') };
      },
    );
  };
}
