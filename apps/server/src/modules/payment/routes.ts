import {
  checkoutSchema,
  isUuid,
  paymentCallbackSchema,
  paymentStartedSchema,
  startPaymentSchema,
  uniqueCodeSchema,
} from '@shop/shared';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../platform/errors.js';
import { ok } from '../../platform/responses.js';
import type { PaymentService } from './service.js';

const text = z.string().max(200);

/** The shop's origin as the shopper reached it (platform or custom domain): results return there. */
export function requestOrigin(request: { protocol: string; host: string }) {
  return `${request.protocol}://${request.host}`;
}

/** Form posts (provider results, the sandbox card form) read as plain objects, in this scope only. */
export function acceptForms(scope: FastifyInstance) {
  scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
}

export function paymentRoutes(payments: PaymentService): FastifyPluginAsyncZod {
  return async (app) => {
    // Providers post their results as a form (Epoint) or JSON.
    acceptForms(app);

    app.post(
      '/Payment/start',
      { schema: { tags: ['Payment'], body: startPaymentSchema, response: ok(paymentStartedSchema) } },
      async (request) => ({
        data: await payments.start(request.body, requestOrigin(request)),
      }),
    );

    app.post(
      '/Payment/result/:provider',
      {
        schema: {
          tags: ['Payment'],
          params: z.object({ provider: text }),
          body: z.unknown(),
          response: ok(paymentCallbackSchema),
        },
      },
      async (request) => {
        const applied = await payments.handleCallback(request.params.provider, request.body);
        return { data: { received: true as const, applied: applied !== null } };
      },
    );

    app.get(
      '/Order/status/:orderId',
      {
        schema: {
          tags: ['Order'],
          params: z.object({ orderId: text }),
          querystring: z.object({ uniqueCode: text }),
          response: ok(checkoutSchema),
        },
      },
      async (request) => {
        if (!isUuid(request.params.orderId)) throw new AppError('NOT_FOUND');
        if (!uniqueCodeSchema.safeParse(request.query.uniqueCode).success) throw new AppError('NOT_FOUND');
        return { data: await payments.orderStatus(request.params.orderId, request.query.uniqueCode) };
      },
    );
  };
}
