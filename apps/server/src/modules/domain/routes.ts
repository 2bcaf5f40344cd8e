import { createDomainSchema, deletedSchema, domainSchema, updateDomainSchema } from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireMarket } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { created, ok } from '../../platform/responses.js';
import type { DomainService } from './service.js';

const marketParams = z.object({ marketId: z.string().max(64) });
const domainParams = z.object({ marketId: z.string().max(64), id: z.string().max(64) });

/** The store's custom domains (SPEC §7 Domains), the owner's; and the TLS proxy's question. */
export function domainRoutes(ctx: AppContext, service: DomainService): FastifyPluginAsyncZod {
  const tags = ['Domains'];
  return async (app) => {
    app.get(
      '/markets/:marketId/domains',
      { schema: { tags, params: marketParams, response: ok(z.array(domainSchema)) } },
      async (request) => {
        const { market } = await requireMarket(ctx.db, request, request.params.marketId, 'owner');
        return { data: await service.list(market.id) };
      },
    );

    app.post(
      '/markets/:marketId/domains',
      { schema: { tags, params: marketParams, body: createDomainSchema, response: created(domainSchema) } },
      async (request, reply) => {
        const { market } = await requireMarket(ctx.db, request, request.params.marketId, 'owner');
        return reply.code(201).send({ data: await service.add(market.id, request.body) });
      },
    );

    app.put(
      '/markets/:marketId/domains/:id',
      { schema: { tags, params: domainParams, body: updateDomainSchema, response: ok(domainSchema) } },
      async (request) => {
        const { market } = await requireMarket(ctx.db, request, request.params.marketId, 'owner');
        return { data: await service.update(market.id, domainId(request.params.id), request.body) };
      },
    );

    app.delete(
      '/markets/:marketId/domains/:id',
      { schema: { tags, params: domainParams, response: ok(deletedSchema) } },
      async (request) => {
        const { market } = await requireMarket(ctx.db, request, request.params.marketId, 'owner');
        const id = domainId(request.params.id);
        await service.remove(market.id, id);
        return { data: { id, deleted: true as const } };
      },
    );

    // "Check now" (ours): the merchant created the records and need not wait for the job.
    app.post(
      '/markets/:marketId/domains/:id/check',
      { schema: { tags, params: domainParams, response: ok(domainSchema) } },
      async (request) => {
        const { market } = await requireMarket(ctx.db, request, request.params.marketId, 'owner');
        return { data: await service.checkNow(market.id, domainId(request.params.id)) };
      },
    );

    // Caddy's on-demand TLS asks before it gets a certificate for a name (deploy/Caddyfile):
    // 200 for a verified domain that is on, 404 for anything else.
    app.get(
      '/Domains/ask',
      {
        schema: {
          tags,
          querystring: z.object({ domain: z.string().max(300) }),
          response: ok(z.strictObject({ domain: z.string(), serves: z.literal(true) })),
        },
      },
      async (request) => {
        const domain = request.query.domain.trim().toLowerCase();
        if (!(await service.serves(domain))) throw new AppError('NOT_FOUND');
        return { data: { domain, serves: true as const } };
      },
    );
  };
}

function domainId(id: string): string {
  if (!z.uuid().safeParse(id).success) throw new AppError('NOT_FOUND');
  return id;
}
