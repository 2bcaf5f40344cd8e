import { envelope, healthSchema, outboxMailSchema, publicConfigSchema } from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import { devMailboxAllowed } from '../../platform/dev-mailbox.js';
import { AppError } from '../../platform/errors.js';
import { listOutbox } from '../../platform/mail.js';
import { failures, ok } from '../../platform/responses.js';

export function systemRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const authorizeUrl = authorizeUrlOf(ctx.config.google.issuer);
  return async (app) => {
    // 503 answers the same body: what is down.
    const health = { 200: envelope(healthSchema), 503: envelope(healthSchema), ...failures };
    app.get('/health', { schema: { tags: ['System'], response: health } }, async (request, reply) => {
      // The embedded database's disk (platform/disk-space.ts): nearly full, the server still
      // serves reads (200) but refuses writes, and says so here. Its figures are in the log, not
      // on this public page.
      const disk = ctx.disk && { status: ctx.disk.low ? ('low' as const) : ('ok' as const) };
      try {
        await ctx.database.ping();
        const status = ctx.disk?.low ? ('degraded' as const) : ('ok' as const);
        return {
          data: { status, database: { kind: ctx.database.kind, status: 'ok' as const }, ...(disk && { disk }) },
        };
      } catch (error) {
        request.log.warn({ err: error }, 'health: database unreachable');
        reply.status(503);
        return {
          data: {
            status: 'degraded' as const,
            database: { kind: ctx.database.kind, status: 'unreachable' as const },
            ...(disk && { disk }),
          },
        };
      }
    });

    /** What the web needs to know about this deployment before anyone signs in. */
    app.get('/config', { schema: { tags: ['System'], response: ok(publicConfigSchema) } }, async (request) => ({
      data: {
        googleClientId: ctx.config.google.clientId ?? null,
        googleAuthorizeUrl: ctx.config.google.clientId ? await authorizeUrl() : null,
        devMailbox: devMailboxAllowed(ctx.config, request),
      },
    }));

    app.get(
      '/Dev/mailbox',
      { schema: { tags: ['System'], response: ok(z.array(outboxMailSchema)) } },
      async (request) => {
        if (!devMailboxAllowed(ctx.config, request)) throw new AppError('NOT_FOUND');
        const rows = await listOutbox(ctx.db);
        return { data: rows.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })) };
      },
    );
  };
}

/** The issuer's authorization endpoint, discovered once and kept. */
function authorizeUrlOf(issuer: string): () => Promise<string | null> {
  let cachedAuthorize: Promise<string | null> | undefined;
  return () =>
    (cachedAuthorize ??= fetch(`${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`)
      .then((r) => (r.ok ? (r.json() as Promise<{ authorization_endpoint?: string }>) : {}))
      .then((m: { authorization_endpoint?: string }) => m.authorization_endpoint ?? null)
      .catch(() => {
        cachedAuthorize = undefined;
        return null;
      }));
}
