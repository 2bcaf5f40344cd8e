import { bugReportInputSchema, bugReportPageSchema, bugReportQuerySchema, bugReportReceiptSchema } from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { staffGuard } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { requestLanguage } from '../../platform/errors.js';
import { honeypotGuard } from '../../platform/honeypot.js';
import { created, failures, ok, textOf } from '../../platform/responses.js';
import { BUG_FILE_KINDS, BugReportService } from './service.js';

const fileParams = z.object({ kind: z.enum(BUG_FILE_KINDS), name: z.string().max(64) });

/**
 * Bug reports (issue 17, SPEC §7 BugBounty): anyone sends one; the staff list them and open their
 * pictures, videos and voice notes (never served to anyone else).
 */
export function bugReportRoutes(ctx: AppContext, service = new BugReportService(ctx)): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['BugBounty'];
    app.post(
      '/BugBounty/create',
      {
        // The hidden field before the body's rules, as the site's other forms do.
        preValidation: honeypotGuard,
        schema: { tags, body: bugReportInputSchema, response: created(bugReportReceiptSchema) },
      },
      async (request, reply) => {
        const receipt = await service.submit(request.body, { ip: request.ip, language: requestLanguage(request) });
        return reply.code(201).send({ data: receipt });
      },
    );

    // The staff are told apart before anything else is read: anyone else gets 403 (401 unsigned).
    const { preValidation } = staffGuard(ctx.db, ctx.config);
    app.get(
      '/BugBounty/get-all',
      { preValidation, schema: { tags, querystring: bugReportQuerySchema, response: ok(bugReportPageSchema) } },
      async (request) => ({ data: await service.list(request.query) }),
    );
    app.get(
      '/BugBounty/files/:kind/:name',
      {
        preValidation,
        schema: {
          tags,
          params: fileParams,
          response: { 200: textOf('application/octet-stream', 'A report’s image, video or voice note.'), ...failures },
        },
      },
      async (request, reply) => service.sendFile(reply, request.params.kind, request.params.name),
    );
  };
}
