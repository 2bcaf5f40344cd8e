import { dashboardQuerySchema, dashboardTodoQuerySchema } from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireMarket } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AnalyticsService } from './service.js';

/** The merchant's dashboard (SPEC §7 Analytics): the owner's only; anyone else gets 404. */
export function analyticsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const service = new AnalyticsService(ctx);
  const tags = ['Analytics'];
  return async (app) => {
    app.get('/Analytics/get-dashboard', { schema: { tags, querystring: dashboardQuerySchema } }, async (request) => {
      const { market, user } = await requireMarket(ctx.db, request, request.query.marketId);
      // The owner's days: the caller is the owner, so their profile's time zone.
      return { data: await service.dashboard(market.id, user.timeZone, request.query) };
    });

    app.get('/Analytics/todo', { schema: { tags, querystring: dashboardTodoQuerySchema } }, async (request) => {
      const { market } = await requireMarket(ctx.db, request, request.query.marketId);
      return { data: await service.todo(market.id) };
    });
  };
}
