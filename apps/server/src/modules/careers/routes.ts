import {
  applicationInputSchema,
  applicationReceiptSchema,
  deletedSchema,
  isUuid,
  saveVacancySchema,
  staffApplicationPageSchema,
  staffApplicationQuerySchema,
  staffApplicationSchema,
  staffVacancySchema,
  updateApplicationSchema,
  vacancyListQuerySchema,
  vacancySchema,
  vacancySummarySchema,
  vacancyWithCareerSchema,
} from '@shop/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireUser, staffGuard, type UserRow } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, requestLanguage } from '../../platform/errors.js';
import { refuseTrapped } from '../../platform/honeypot.js';
import { created, ok } from '../../platform/responses.js';
import { CareerService } from './service.js';

const idParams = z.object({ id: z.string().max(64) });

/** An id from the path: a malformed one names nothing. */
function pathId(id: string): string {
  if (!isUuid(id)) throw new AppError('NOT_FOUND');
  return id;
}

/**
 * Careers (issue 17). Visitors: SPEC §7 GET /Vacancy, /Vacancy/{id}, /Vacancy/with-career (the
 * signed-in applicant's profile) and POST /Career (signed in: SPEC §6). The staff: vacancies'
 * editor and the applications' inbox, with each CV.
 */
export function careerRoutes(ctx: AppContext, service = new CareerService(ctx)): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['Careers'];
    app.get(
      '/Vacancy',
      { schema: { tags, querystring: vacancyListQuerySchema, response: ok(z.array(vacancySummarySchema)) } },
      async (request) => ({ data: await service.list(request.query.language ?? requestLanguage(request)) }),
    );
    app.get(
      '/Vacancy/with-career',
      { schema: { tags, querystring: vacancyListQuerySchema, response: ok(z.array(vacancyWithCareerSchema)) } },
      async (request) => {
        const user = await currentUser(ctx.db, request);
        return { data: await service.withCareer(user, request.query.language ?? requestLanguage(request)) };
      },
    );
    app.get('/Vacancy/:id', { schema: { tags, params: idParams, response: ok(vacancySchema) } }, async (request) => {
      const found = await service.get(pathId(request.params.id));
      if (!found) throw new AppError('NOT_FOUND');
      return { data: found };
    });
    // The applicant signs in first (their profile follows the status: 401 before any field's
    // rule); the hidden field is looked at before the body's rules, as the site's other forms do.
    const applicants = new WeakMap<FastifyRequest, UserRow>();
    const signedInApplicant = async (request: FastifyRequest) => {
      applicants.set(request, await requireUser(ctx.db, request));
      refuseTrapped(request.body);
    };
    app.post(
      '/Career',
      {
        preValidation: signedInApplicant,
        schema: { tags, body: applicationInputSchema, response: created(applicationReceiptSchema) },
      },
      async (request, reply) => {
        const user = applicants.get(request) as UserRow;
        const receipt = await service.apply(user, request.body, { ip: request.ip, language: requestLanguage(request) });
        return reply.code(201).send({ data: receipt });
      },
    );

    const staffTags = ['Staff'];
    const { preValidation } = staffGuard(ctx.db, ctx.config);
    app.get(
      '/Staff/vacancies',
      { preValidation, schema: { tags: staffTags, response: ok(z.array(staffVacancySchema)) } },
      async () => ({ data: await service.staffList() }),
    );
    app.get(
      '/Staff/vacancies/:id',
      { preValidation, schema: { tags: staffTags, params: idParams, response: ok(staffVacancySchema) } },
      async (request) => ({ data: await service.staffGet(pathId(request.params.id)) }),
    );
    app.post(
      '/Staff/vacancies',
      { preValidation, schema: { tags: staffTags, body: saveVacancySchema, response: created(staffVacancySchema) } },
      async (request, reply) => reply.code(201).send({ data: await service.create(request.body) }),
    );
    app.put(
      '/Staff/vacancies/:id',
      {
        preValidation,
        schema: { tags: staffTags, params: idParams, body: saveVacancySchema, response: ok(staffVacancySchema) },
      },
      async (request) => ({ data: await service.update(pathId(request.params.id), request.body) }),
    );
    app.delete(
      '/Staff/vacancies/:id',
      { preValidation, schema: { tags: staffTags, params: idParams, response: ok(deletedSchema) } },
      async (request) => {
        const id = pathId(request.params.id);
        await service.remove(id);
        return { data: { id, deleted: true as const } };
      },
    );
    app.get(
      '/Staff/applications',
      {
        preValidation,
        schema: { tags: staffTags, querystring: staffApplicationQuerySchema, response: ok(staffApplicationPageSchema) },
      },
      async (request) => ({ data: await service.applications(request.query) }),
    );
    app.put(
      '/Staff/applications/:id',
      {
        preValidation,
        schema: {
          tags: staffTags,
          params: idParams,
          body: updateApplicationSchema,
          response: ok(staffApplicationSchema),
        },
      },
      async (request) => ({ data: await service.setStatus(pathId(request.params.id), request.body.status) }),
    );
    app.get(
      '/Staff/applications/:id/cv',
      { preValidation, schema: { tags: staffTags, params: idParams } },
      async (request, reply) => service.sendCv(reply, pathId(request.params.id)),
    );
  };
}
