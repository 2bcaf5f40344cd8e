import {
  type ArticleKind,
  articleListQuerySchema,
  articlePageSchema,
  articleSchema,
  contactRequestSchema,
  deletedSchema,
  helpRequestSchema,
  isUuid,
  saveArticleSchema,
  siteRequestPageSchema,
  siteRequestQuerySchema,
  siteRequestReceiptSchema,
  siteRequestSchema,
  staffArticlePageSchema,
  staffArticleQuerySchema,
  staffArticleSchema,
  updateSiteRequestSchema,
} from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { staffGuard } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, requestLanguage } from '../../platform/errors.js';
import { honeypotGuard } from '../../platform/honeypot.js';
import { created, ok } from '../../platform/responses.js';
import { SiteRequestService } from './requests.js';
import { SiteService } from './service.js';

const idParams = z.object({ id: z.string().max(64) });

/** An id from the path (an article's, a request's): a malformed one names nothing. */
function pathId(id: string): string {
  if (!isUuid(id)) throw new AppError('NOT_FOUND');
  return id;
}

/**
 * The platform's writing (issue 17). Visitors: SPEC §7's Blog and Tutorial calls, and the help
 * centre's (ours) — published articles only, in the language asked or the request's. The staff:
 * every article, drafts included, and its editor's writes.
 */
export function siteRoutes(ctx: AppContext, service = new SiteService(ctx)): FastifyPluginAsyncZod {
  const requests = new SiteRequestService(ctx);
  return async (app) => {
    // Visitors' requests (SPEC §7). The hidden field is looked at before the body's rules.
    app.post(
      '/HelpRequest/create-help-request',
      {
        preValidation: honeypotGuard,
        schema: { tags: ['Help'], body: helpRequestSchema, response: created(siteRequestReceiptSchema) },
      },
      async (request, reply) => {
        const receipt = await requests.submit('help', request.body, {
          ip: request.ip,
          language: requestLanguage(request),
        });
        return reply.code(201).send({ data: receipt });
      },
    );
    app.post(
      '/ContactRequest/create-contact-request',
      {
        preValidation: honeypotGuard,
        schema: { tags: ['Contact'], body: contactRequestSchema, response: created(siteRequestReceiptSchema) },
      },
      async (request, reply) => {
        const receipt = await requests.submit('contact', request.body, {
          ip: request.ip,
          language: requestLanguage(request),
        });
        return reply.code(201).send({ data: receipt });
      },
    );

    const publicKind = (kind: ArticleKind, list: string, one: string, tag: string) => {
      app.get(
        list,
        { schema: { tags: [tag], querystring: articleListQuerySchema, response: ok(articlePageSchema) } },
        async (request) => ({ data: await service.publicList(kind, request.query, requestLanguage(request)) }),
      );
      app.get(one, { schema: { tags: [tag], params: idParams, response: ok(articleSchema) } }, async (request) => {
        const found = await service.article(kind, pathId(request.params.id));
        if (!found) throw new AppError('NOT_FOUND');
        return { data: found };
      });
    };
    publicKind('blog', '/Blog/get-all-blogs', '/Blog/get-blog/:id', 'Blog');
    publicKind('tutorial', '/Tutorial/get-all-tutorials', '/Tutorial/get-tutorial/:id', 'Tutorial');
    publicKind('help', '/HelpArticle/get-all', '/HelpArticle/:id', 'Help');

    const tags = ['Staff'];
    // The staff are told apart before the body is checked: anyone else learns nothing of the
    // editor's rules (403, never a field error).
    const { preValidation, staffOf } = staffGuard(ctx.db, ctx.config);
    app.get(
      '/Staff/articles',
      { preValidation, schema: { tags, querystring: staffArticleQuerySchema, response: ok(staffArticlePageSchema) } },
      async (request) => {
        return { data: await service.staffList(request.query) };
      },
    );
    app.get(
      '/Staff/articles/:id',
      { preValidation, schema: { tags, params: idParams, response: ok(staffArticleSchema) } },
      async (request) => {
        return { data: await service.staffGet(pathId(request.params.id)) };
      },
    );
    app.post(
      '/Staff/articles',
      { preValidation, schema: { tags, body: saveArticleSchema, response: created(staffArticleSchema) } },
      async (request, reply) => {
        const staff = staffOf(request);
        return reply.code(201).send({ data: await service.create(staff, request.body) });
      },
    );
    app.put(
      '/Staff/articles/:id',
      { preValidation, schema: { tags, params: idParams, body: saveArticleSchema, response: ok(staffArticleSchema) } },
      async (request) => {
        return { data: await service.update(pathId(request.params.id), request.body) };
      },
    );
    app.get(
      '/Staff/requests',
      { preValidation, schema: { tags, querystring: siteRequestQuerySchema, response: ok(siteRequestPageSchema) } },
      async (request) => ({ data: await requests.list(request.query) }),
    );
    app.put(
      '/Staff/requests/:id',
      {
        preValidation,
        schema: { tags, params: idParams, body: updateSiteRequestSchema, response: ok(siteRequestSchema) },
      },
      async (request) => ({ data: await requests.update(pathId(request.params.id), request.body) }),
    );
    app.delete(
      '/Staff/articles/:id',
      { preValidation, schema: { tags, params: idParams, response: ok(deletedSchema) } },
      async (request) => {
        const id = pathId(request.params.id);
        await service.remove(id);
        return { data: { id, deleted: true as const } };
      },
    );
  };
}
