import {
  dashboardQuerySchema,
  dashboardSchema,
  dashboardTodoQuerySchema,
  dashboardTodoSchema,
  pageViewBeaconSchema,
} from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireMarket } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { failures, noContent, ok } from '../../platform/responses.js';
import { countPageView, isShopperRequest, type PageViewRecorder } from './recorder.js';
import { AnalyticsService } from './service.js';

/**
 * The merchant's dashboard (SPEC §7 Analytics): the owner's only; anyone else gets 404. And the
 * storefront's beacon for the pages a shopper opens without loading a document.
 */
export function analyticsRoutes(ctx: AppContext, pageViews: PageViewRecorder): FastifyPluginAsyncZod {
  const service = new AnalyticsService(ctx);
  const tags = ['Analytics'];
  return async (app) => {
    app.get(
      '/Analytics/get-dashboard',
      { schema: { tags, querystring: dashboardQuerySchema, response: ok(dashboardSchema) } },
      async (request) => {
        const { market, user } = await requireMarket(ctx.db, request, request.query.marketId, 'analytics');
        // The owner's days: the caller is the owner, so their profile's time zone.
        return { data: await service.dashboard(market.id, user.timeZone, request.query) };
      },
    );

    // Counted like a store document (web.ts): a browser's, not a prefetch, and it starts or
    // prolongs the visit. An unknown store is dropped when the counts are written; the answer
    // is the same either way, so it tells nothing about which stores exist.
    app.post(
      '/Analytics/page-view',
      { schema: { tags, body: pageViewBeaconSchema, response: { 204: noContent, ...failures } } },
      async (request, reply) => {
        if (isShopperRequest(request)) {
          countPageView(pageViews, request, reply, request.body.marketId, ctx.config.publicUrl.startsWith('https://'));
        }
        return reply.status(204).send(null);
      },
    );

    app.get(
      '/Analytics/todo',
      { schema: { tags, querystring: dashboardTodoQuerySchema, response: ok(dashboardTodoSchema) } },
      async (request) => {
        const { market } = await requireMarket(ctx.db, request, request.query.marketId, 'orders');
        return { data: await service.todo(market.id) };
      },
    );
  };
}
