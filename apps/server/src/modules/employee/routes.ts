import {
  deletedSchema,
  employeeSchema,
  invitationSchema,
  inviteEmployeeSchema,
  marketViewSchema,
  updateEmployeeSchema,
} from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireMarket, requireUser } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, requestLanguage } from '../../platform/errors.js';
import { created, ok } from '../../platform/responses.js';
import { EmployeeService } from './service.js';

const marketParams = z.object({ marketId: z.string().max(64) });
const employeeParams = z.object({ marketId: z.string().max(64), id: z.string().max(64) });
/** An invitation's token is 43 characters of base64url; anything else names none. */
const tokenParams = z.object({ token: z.string().max(200) });
const tokenOf = (token: string) => {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) throw new AppError('NOT_FOUND');
  return token;
};

/**
 * A store's employees (decision 022): the owner's list, invitations, levels and removals; and the
 * invited person's view and acceptance of their link.
 */
export function employeeRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const service = new EmployeeService(ctx);
  const tags = ['Employees'];
  return async (app) => {
    app.get(
      '/markets/:marketId/employees',
      { schema: { tags, params: marketParams, response: ok(z.array(employeeSchema)) } },
      async (request) => {
        const { market } = await requireMarket(ctx.db, request, request.params.marketId, 'owner');
        return { data: await service.list(market.id) };
      },
    );

    app.post(
      '/markets/:marketId/employees',
      { schema: { tags, params: marketParams, body: inviteEmployeeSchema, response: created(employeeSchema) } },
      async (request, reply) => {
        const { market, user } = await requireMarket(ctx.db, request, request.params.marketId, 'owner');
        const invited = await service.invite(market, user, request.body, requestLanguage(request));
        return reply.code(201).send({ data: invited });
      },
    );

    app.put(
      '/markets/:marketId/employees/:id',
      { schema: { tags, params: employeeParams, body: updateEmployeeSchema, response: ok(employeeSchema) } },
      async (request) => {
        const { market } = await requireMarket(ctx.db, request, request.params.marketId, 'owner');
        return { data: await service.update(market.id, request.params.id, request.body.level) };
      },
    );

    app.delete(
      '/markets/:marketId/employees/:id',
      { schema: { tags, params: employeeParams, response: ok(deletedSchema) } },
      async (request) => {
        const { market } = await requireMarket(ctx.db, request, request.params.marketId, 'owner');
        await service.remove(market.id, request.params.id);
        return { data: { id: request.params.id, deleted: true as const } };
      },
    );

    // The invited person's: what the link offers (anyone holding it), and accepting it (signed in).
    app.get(
      '/Invitation/:token',
      { schema: { tags, params: tokenParams, response: ok(invitationSchema) } },
      async (request) => ({ data: await service.invitation(tokenOf(request.params.token)) }),
    );

    app.post(
      '/Invitation/:token/accept',
      { schema: { tags, params: tokenParams, response: ok(marketViewSchema) } },
      async (request) => {
        const user = await requireUser(ctx.db, request);
        return { data: await service.accept(tokenOf(request.params.token), user) };
      },
    );
  };
}
