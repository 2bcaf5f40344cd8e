import {
  ANALYTICS,
  ANALYTICS_KINDS,
  type AnalyticsIds,
  type AnalyticsKind,
  addAnalyticsIdSchemas,
  analyticsIdsSchema,
  type FieldErrors,
} from '@shop/shared';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { markets } from '../../db/schema/index.js';
import { type MarketRow, requireMarket, requireUser } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, fieldsFromIssues } from '../../platform/errors.js';
import { ok } from '../../platform/responses.js';
import { bumpCatalogVersion } from './hooks.js';

/**
 * Analytics pixels of a store (SPEC §2 cp analytics-integration, §7 Market add-*-id, §8
 * Analytics). The ids are public — they are in every storefront page — so the public store
 * lookup carries them too; only the owner sets or removes them.
 */
export function analyticsIdsOf(market: MarketRow): AnalyticsIds {
  return {
    facebookPixelId: market.facebookPixelId,
    yandexMetricaId: market.yandexMetricaId,
    googleAnalyticsId: market.googleAnalyticsId,
    clarityId: market.clarityId,
  };
}

/** The store's analytics integration (cp/analytics-integration); the dashboard's figures are modules/analytics. */
export class AnalyticsIntegrationService {
  constructor(private readonly ctx: AppContext) {}

  /** Sets (or, with null, removes) one kind's id and returns all four. */
  async set(market: MarketRow, kind: AnalyticsKind, value: string | null): Promise<AnalyticsIds> {
    const [updated] = (await this.ctx.db
      .update(markets)
      .set({ [ANALYTICS[kind].field]: value, updatedAt: new Date() })
      .where(eq(markets.id, market.id))
      .returning()) as [MarketRow];
    // Store pages carry the services (and their hosts in the page's CSP): kept copies start again.
    await bumpCatalogVersion(this.ctx, market.id);
    return analyticsIdsOf(updated);
  }
}

/**
 * The error of a body the schema refused. A missing or blank market or id is the whole error of
 * SPEC §8 ("Market ID or Pixel ID is missing"), not a generic validation failure; a malformed id
 * is a field error with the format's message.
 */
export function analyticsInputError(kind: AnalyticsKind, body: unknown): AppError {
  const result = addAnalyticsIdSchemas[kind].safeParse(body ?? {});
  const fields: FieldErrors = result.success ? {} : fieldsFromIssues(result.error.issues);
  const { missing } = ANALYTICS[kind];
  return new AppError(Object.values(fields).includes(missing) ? missing : 'VALIDATION_FAILED', fields);
}

/** A path segment that can't name a market: blank is "Market ID is missing", the rest 404 later. */
const marketIdParam = z.string().max(64);

export function analyticsIntegrationRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const analytics = new AnalyticsIntegrationService(ctx);
  const tags = ['Market'];

  return async (app) => {
    for (const kind of ANALYTICS_KINDS) {
      const { path, field } = ANALYTICS[kind];
      app.post(
        path,
        // The schema documents the body; the handler answers its failures with SPEC §8's messages.
        {
          schema: { tags, body: addAnalyticsIdSchemas[kind], response: ok(analyticsIdsSchema) },
          attachValidation: true,
        },
        async (request) => {
          if (request.validationError) {
            // Only a signed-in merchant learns what is wrong with a body.
            await requireUser(ctx.db, request);
            throw analyticsInputError(kind, request.body);
          }
          const body = request.body as Record<string, string>;
          const { market } = await requireMarket(ctx.db, request, body.marketId!, 'settings');
          return { data: await analytics.set(market, kind, body[field]!) };
        },
      );
    }

    app.get(
      '/Market/get-analytics-ids/:marketId',
      { schema: { tags, params: z.object({ marketId: marketIdParam }), response: ok(analyticsIdsSchema) } },
      async (request) => {
        const marketId = request.params.marketId.trim();
        if (!marketId) {
          await requireUser(ctx.db, request);
          throw new AppError('MARKET_ID_MISSING');
        }
        const { market } = await requireMarket(ctx.db, request, marketId, 'settings');
        return { data: analyticsIdsOf(market) };
      },
    );

    app.delete(
      '/Market/analytics-id/:marketId/:kind',
      {
        schema: {
          tags,
          params: z.object({ marketId: marketIdParam, kind: z.string().max(32) }),
          response: ok(analyticsIdsSchema),
        },
      },
      async (request) => {
        const marketId = request.params.marketId.trim();
        const kind = request.params.kind as AnalyticsKind;
        if (!marketId || !ANALYTICS_KINDS.includes(kind)) {
          await requireUser(ctx.db, request);
          if (!marketId) throw new AppError('MARKET_ID_MISSING');
          throw new AppError('VALIDATION_FAILED', { kind: 'invalidValue' });
        }
        const { market } = await requireMarket(ctx.db, request, marketId, 'settings');
        return { data: await analytics.set(market, kind, null) };
      },
    );
  };
}
