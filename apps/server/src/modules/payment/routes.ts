import {
  checkoutSchema,
  FEE_PLANS,
  isUuid,
  type PaymentSettings,
  paymentCallbackSchema,
  paymentSettingsSchema,
  paymentStartedSchema,
  savePaymentSettingsSchema,
  startPaymentSchema,
  uniqueCodeSchema,
} from '@shop/shared';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireMarket } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { isCardRegistrationResult } from '../../platform/payments/provider.js';
import { ok } from '../../platform/responses.js';
import type { SubscriptionService } from '../subscription/service.js';
import { cashOnDeliveryOf, saveCashOnDelivery } from './cash.js';
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

export function paymentRoutes(
  ctx: AppContext,
  payments: PaymentService,
  subscriptions: SubscriptionService,
): FastifyPluginAsyncZod {
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
        // One result URL serves the provider's every result (Epoint has one per merchant): a
        // saved card's names a card and no order of ours.
        const applied = isCardRegistrationResult(request.body)
          ? await subscriptions.handleCardCallback(request.params.provider, request.body)
          : await payments.handleCallback(request.params.provider, request.body);
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

    // The owner's: how the store takes payment (cp/payments).
    const settingsOf = async (marketId: string): Promise<PaymentSettings> => {
      const provider = payments.provider.name;
      const cashOnDelivery = await cashOnDeliveryOf(ctx.db, marketId);
      return {
        provider,
        live: provider === 'epoint',
        methods: [
          { method: 'card', enabled: true },
          { method: 'cash', enabled: cashOnDelivery.enabled },
        ],
        fee: FEE_PLANS.standard,
        cashOnDelivery,
      };
    };
    const params = z.object({ marketId: text });
    app.get(
      '/PaymentSettings/:marketId',
      { schema: { tags: ['Payment'], params, response: ok(paymentSettingsSchema) } },
      async (request) => {
        const { market } = await requireMarket(ctx.db, request, request.params.marketId, 'owner');
        return { data: await settingsOf(market.id) };
      },
    );
    app.put(
      '/PaymentSettings/:marketId',
      {
        schema: { tags: ['Payment'], params, body: savePaymentSettingsSchema, response: ok(paymentSettingsSchema) },
      },
      async (request) => {
        const { market } = await requireMarket(ctx.db, request, request.params.marketId, 'owner');
        await saveCashOnDelivery(ctx.db, market.id, request.body.cashOnDelivery);
        return { data: await settingsOf(market.id) };
      },
    );
  };
}
