import {
  createPageSchema,
  deletedSchema,
  isUuid,
  menuLocationSchema,
  menuSchema,
  menusSchema,
  saveMenuSchema,
  savePageSchema,
  storePageSchema,
  storePagesSchema,
} from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireMarket, requireUser } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { created, ok } from '../../platform/responses.js';
import { ContentService } from './service.js';

/**
 * The store's own pages and navigation menus (SPEC §2 cp/content; issue 16): the owner's reads
 * and writes, in the settings part of the store (decision 022). Shoppers get them with the store's
 * pages, rendered on the server (StorefrontReader: the market's menus, `page`).
 */
export function contentRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const service = new ContentService(ctx);
  const tags = ['Content'];
  const marketParams = z.object({ marketId: z.string().max(64) });
  const idParams = z.object({ id: z.string().max(64) });

  /** The store of a page named by its id alone, for one allowed to change the store's settings. */
  const pageMarket = async (request: Parameters<typeof requireUser>[1], id: string) => {
    if (!isUuid(id)) throw new AppError('NOT_FOUND');
    // Signed in first: an anonymous caller is told to sign in, not whether the page exists.
    await requireUser(ctx.db, request);
    return (await requireMarket(ctx.db, request, await service.marketOfPage(id), 'settings')).market;
  };

  return async (app) => {
    app.get(
      '/Content/pages/:marketId',
      { schema: { tags, params: marketParams, response: ok(storePagesSchema) } },
      async (request) => {
        const { market } = await requireMarket(ctx.db, request, request.params.marketId, 'settings');
        return { data: await service.pages(market.id) };
      },
    );

    app.get(
      '/Content/page/:marketId/:id',
      {
        schema: {
          tags,
          params: z.object({ marketId: z.string().max(64), id: z.string().max(64) }),
          response: ok(storePageSchema),
        },
      },
      async (request) => {
        const { market } = await requireMarket(ctx.db, request, request.params.marketId, 'settings');
        if (!isUuid(request.params.id)) throw new AppError('NOT_FOUND');
        return { data: await service.page(market.id, request.params.id) };
      },
    );

    app.post(
      '/Content/page',
      { schema: { tags, body: createPageSchema, response: created(storePageSchema) } },
      async (request, reply) => {
        const { marketId, ...input } = request.body;
        const { market } = await requireMarket(ctx.db, request, marketId, 'settings');
        const page = await service.create(market.id, input);
        reply.status(201);
        return { data: page };
      },
    );

    app.put(
      '/Content/page/:id',
      { schema: { tags, params: idParams, body: savePageSchema, response: ok(storePageSchema) } },
      async (request) => {
        const market = await pageMarket(request, request.params.id);
        return { data: await service.update(market.id, request.params.id, request.body) };
      },
    );

    app.delete(
      '/Content/page/:id',
      { schema: { tags, params: idParams, response: ok(deletedSchema) } },
      async (request) => {
        const market = await pageMarket(request, request.params.id);
        await service.remove(market.id, request.params.id);
        return { data: { id: request.params.id, deleted: true as const } };
      },
    );

    app.get(
      '/Content/menus/:marketId',
      { schema: { tags, params: marketParams, response: ok(menusSchema) } },
      async (request) => {
        const { market } = await requireMarket(ctx.db, request, request.params.marketId, 'settings');
        return { data: await service.menus(market.id) };
      },
    );

    app.put(
      '/Content/menu/:marketId/:location',
      {
        schema: {
          tags,
          params: z.object({ marketId: z.string().max(64), location: menuLocationSchema }),
          body: saveMenuSchema,
          response: ok(menuSchema),
        },
      },
      async (request) => {
        const { market } = await requireMarket(ctx.db, request, request.params.marketId, 'settings');
        return { data: await service.saveMenu(market.id, request.params.location, request.body) };
      },
    );
  };
}
