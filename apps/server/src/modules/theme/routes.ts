import {
  addBannerItemSchema,
  applyTemplateSchema,
  brandingSchema,
  brandingViewSchema,
  bulkSectionsSchema,
  createPaletteSchema,
  FONT_TARGETS,
  isUuid,
  paletteSchema,
  savePaletteSchema,
  storeWithSectionsSchema,
  updateBannerItemSchema,
  uploadedImageSchema,
} from '@shop/shared';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { palettes } from '../../db/schema/index.js';
import { requireMarket } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { created, ok } from '../../platform/responses.js';
import { receiveImage } from '../media/routes.js';
import { ThemeService } from './service.js';

const marketParams = z.object({ marketId: z.string().max(64) });
const idParams = z.object({ id: z.string().max(64) });
const deletedSchema = z.strictObject({ id: z.string(), deleted: z.literal(true) });

/**
 * The theme editor's calls (SPEC §7 Market, Section, Palette, Market settings; issue 16). Every
 * one is the store's "settings" area (owner and full-access employees, decision 022). Changes to
 * palette, fonts and sections go to the draft; publish makes them the storefront's.
 */
export function themeRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const service = new ThemeService(ctx);
  return async (app) => {
    const tags = ['Section'];

    app.get(
      '/Market/get-store-with-sections/:marketId',
      { schema: { tags: ['Market'], params: marketParams, response: ok(storeWithSectionsSchema) } },
      async (request) => {
        const { market } = await requireMarket(ctx.db, request, request.params.marketId, 'settings', {
          whenClosed: 'allow',
        });
        return { data: await service.storeWithSections(market) };
      },
    );

    app.post(
      '/Section/bulk-update-sections/:marketId',
      { schema: { tags, params: marketParams, body: bulkSectionsSchema, response: ok(storeWithSectionsSchema) } },
      async (request) => {
        const { market } = await requireMarket(ctx.db, request, request.params.marketId, 'settings');
        return { data: await service.replaceSections(market, request.body) };
      },
    );

    // A banner's picture: the upload path of every image (checked, WebP renditions), for the store.
    app.post(
      '/Section/bannerItem',
      {
        schema: {
          tags,
          consumes: ['multipart/form-data'],
          querystring: z.object({ marketId: z.string().max(64) }),
          response: created(uploadedImageSchema),
        },
      },
      async (request, reply) => {
        const { user } = await requireMarket(ctx.db, request, request.query.marketId, 'settings');
        const stored = await receiveImage(ctx, request, user);
        reply.status(201);
        return { data: stored };
      },
    );

    app.post(
      '/Section/banneritem',
      { schema: { tags, body: addBannerItemSchema, response: ok(storeWithSectionsSchema) } },
      async (request) => {
        const { market } = await requireMarket(ctx.db, request, request.body.marketId, 'settings');
        return { data: await service.addBannerItem(market, request.body.sectionId, request.body.item) };
      },
    );

    app.put(
      '/Section/banneritem',
      { schema: { tags, body: updateBannerItemSchema, response: ok(storeWithSectionsSchema) } },
      async (request) => {
        const { market } = await requireMarket(ctx.db, request, request.body.marketId, 'settings');
        return { data: await service.updateBannerItem(market, request.body.item) };
      },
    );

    app.delete(
      '/Section/banneritem/:id',
      {
        schema: {
          tags,
          params: idParams,
          querystring: z.object({ marketId: z.string().max(64) }),
          response: ok(storeWithSectionsSchema),
        },
      },
      async (request) => {
        const { market } = await requireMarket(ctx.db, request, request.query.marketId, 'settings');
        if (!isUuid(request.params.id)) throw new AppError('NOT_FOUND');
        return { data: await service.deleteBannerItem(market, request.params.id) };
      },
    );

    app.post(
      '/Section/apply-template/:marketId',
      { schema: { tags, params: marketParams, body: applyTemplateSchema, response: ok(storeWithSectionsSchema) } },
      async (request) => {
        const { market } = await requireMarket(ctx.db, request, request.params.marketId, 'settings');
        return { data: await service.applyTemplate(market, request.body.template) };
      },
    );

    app.post(
      '/Section/publish/:marketId',
      { schema: { tags, params: marketParams, response: ok(storeWithSectionsSchema) } },
      async (request) => {
        const { market } = await requireMarket(ctx.db, request, request.params.marketId, 'settings');
        return { data: await service.publish(market) };
      },
    );

    app.post(
      '/Section/discard/:marketId',
      { schema: { tags, params: marketParams, response: ok(storeWithSectionsSchema) } },
      async (request) => {
        const { market } = await requireMarket(ctx.db, request, request.params.marketId, 'settings');
        return { data: await service.discard(market) };
      },
    );

    // ─── Palettes ───────────────────────────────────────────────────────────────────────────────

    app.get(
      '/Palet/market/:marketId',
      { schema: { tags: ['Palette'], params: marketParams, response: ok(z.array(paletteSchema)) } },
      async (request) => {
        const { market } = await requireMarket(ctx.db, request, request.params.marketId, 'settings', {
          whenClosed: 'allow',
        });
        return { data: await service.palettes(market.id) };
      },
    );

    app.post(
      '/Palet',
      { schema: { tags: ['Palette'], body: createPaletteSchema, response: created(paletteSchema) } },
      async (request, reply) => {
        const { market } = await requireMarket(ctx.db, request, request.body.marketId, 'settings');
        const palette = await service.createPalette(market.id, request.body);
        reply.status(201);
        return { data: palette };
      },
    );

    /** A palette's store, for the check of who may change it (unknown ids are not found). */
    async function paletteMarket(id: string): Promise<string> {
      if (!isUuid(id)) throw new AppError('NOT_FOUND');
      const [row] = await ctx.db.select({ marketId: palettes.marketId }).from(palettes).where(eq(palettes.id, id));
      if (!row) throw new AppError('NOT_FOUND');
      return row.marketId;
    }

    app.put(
      '/Palet/:id',
      { schema: { tags: ['Palette'], params: idParams, body: savePaletteSchema, response: ok(paletteSchema) } },
      async (request) => {
        const { market } = await requireMarket(ctx.db, request, await paletteMarket(request.params.id), 'settings');
        return { data: await service.updatePalette(market.id, request.params.id, request.body) };
      },
    );

    app.delete(
      '/Palet/:id',
      { schema: { tags: ['Palette'], params: idParams, response: ok(deletedSchema) } },
      async (request) => {
        const { market } = await requireMarket(ctx.db, request, await paletteMarket(request.params.id), 'settings');
        await service.deletePalette(market.id, request.params.id);
        return { data: { id: request.params.id, deleted: true as const } };
      },
    );

    // ─── Market settings ────────────────────────────────────────────────────────────────────────

    app.post(
      '/MarketSetting/palet',
      {
        schema: {
          tags: ['MarketSetting'],
          querystring: z.object({ marketId: z.string().max(64), paletId: z.string().max(64) }),
          response: ok(storeWithSectionsSchema),
        },
      },
      async (request) => {
        const { market } = await requireMarket(ctx.db, request, request.query.marketId, 'settings');
        return { data: await service.selectPalette(market, request.query.paletId) };
      },
    );

    app.post(
      '/MarketSetting/font',
      {
        schema: {
          tags: ['MarketSetting'],
          querystring: z.object({
            marketId: z.string().max(64),
            fontName: z.string().max(200),
            target: z.enum(FONT_TARGETS, { error: () => 'invalidValue' }).default('both'),
          }),
          response: ok(storeWithSectionsSchema),
        },
      },
      async (request) => {
        const { market } = await requireMarket(ctx.db, request, request.query.marketId, 'settings');
        return { data: await service.selectFont(market, request.query.fontName, request.query.target) };
      },
    );

    app.post(
      '/MarketSetting/brending',
      { schema: { tags: ['MarketSetting'], body: brandingSchema, response: ok(brandingViewSchema) } },
      async (request) => {
        const { market } = await requireMarket(ctx.db, request, request.body.marketId, 'settings');
        return { data: await service.saveBranding(market.id, request.body) };
      },
    );
  };
}
