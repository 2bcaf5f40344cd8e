import { mkdir } from 'node:fs/promises';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import { limits } from '@shop/shared';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, LogController } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { pino } from 'pino';
import type { Config } from './config.js';
import { openDatabase } from './db/client.js';
import { seedSectors } from './db/seed.js';
import { abandonedRoutes } from './modules/abandoned/routes.js';
import { AbandonedCheckoutService } from './modules/abandoned/service.js';
import { PageViewRecorder } from './modules/analytics/recorder.js';
import { analyticsRoutes } from './modules/analytics/routes.js';
import { basketRoutes } from './modules/basket/routes.js';
import { categoryRoutes } from './modules/category/routes.js';
import { checkoutRoutes } from './modules/checkout/routes.js';
import { CheckoutService } from './modules/checkout/service.js';
import { collectionRoutes } from './modules/collection/routes.js';
import { customerRoutes } from './modules/customer/routes.js';
import { inventoryRoutes } from './modules/inventory/routes.js';
import { marketRoutes } from './modules/market/routes.js';
import { mediaRoutes } from './modules/media/routes.js';
import { removeUnusedMedia, UNUSED_MEDIA_TTL_MS } from './modules/media/service.js';
import { orderRoutes } from './modules/order/routes.js';
import { paymentRoutes } from './modules/payment/routes.js';
import { registerSandboxPage } from './modules/payment/sandbox-page.js';
import { PaymentService } from './modules/payment/service.js';
import { productRoutes } from './modules/product/routes.js';
import { shippingRoutes } from './modules/shipping/routes.js';
import { systemRoutes } from './modules/system/routes.js';
import { userRoutes } from './modules/user/routes.js';
import type { AppContext } from './platform/context.js';
import { AppError, registerErrorHandler, rejectNulCharacters, sendError } from './platform/errors.js';
import { schedule } from './platform/jobs.js';
import { createMailer } from './platform/mail.js';
import { RateLimits } from './platform/rate-limit.js';
import { localStorage } from './platform/storage.js';
import { registerWeb } from './web.js';

export interface BuildOptions {
  /** Serve the web app: from its build, through Vite (dev), or not at all (API tests). */
  web?: 'build' | 'dev' | 'none';
  /** Run the periodic jobs (the server does; API tests call them directly). */
  jobs?: boolean;
}

export interface BuiltApp {
  app: FastifyInstance;
  ctx: AppContext;
}

/** Builds the whole server: database (migrated), platform services, API and web. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<BuiltApp> {
  const database = await openDatabase(config.database);
  await database.migrate();
  await seedSectors(database.db);

  const log: FastifyBaseLogger = pino({ level: config.logLevel });
  const ctx: AppContext = {
    log,
    config,
    database,
    db: database.db,
    mailer: createMailer(config, database.db),
    limits: new RateLimits(config.rateLimitMultiplier),
    storage: localStorage(config.uploadsDir),
  };

  const app = Fastify({
    loggerInstance: log,
    // Two log lines per request cost more than the request itself on the hot paths; errors are
    // still logged by the error handler, and debug level brings the request lines back.
    logController: new LogController({
      disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace',
    }),
    bodyLimit: 1024 * 1024,
    // Rate limits key on the client address: X-Forwarded-For counts only from trusted proxies.
    trustProxy: config.trustProxy,
    // A URL Fastify can't even decode never reaches the error handler: give it the envelope too.
    frameworkErrors: (_error, request, reply) => sendError(request, reply, new AppError('VALIDATION_FAILED')),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  app.addHook('onSend', async (_request, reply) => {
    // Baseline protections for every answer: no type sniffing, no framing by other sites, and
    // no full URLs (which may carry codes or ids) leaking to other origins.
    reply.header('x-content-type-options', 'nosniff');
    reply.header('x-frame-options', 'SAMEORIGIN');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
  });
  app.addHook('onClose', () => database.close());

  await app.register(fastifyCookie);
  await app.register(fastifyMultipart, { limits: { fileSize: limits.imageUpload.maxBytes, files: 1, fields: 10 } });
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Shop builder API', version: '1.0.0', description: 'Every call of SPEC §7 under /api.' },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          cookie: { type: 'apiKey', in: 'cookie', name: 'token' },
        },
      },
      security: [{ bearer: [] }, { cookie: [] }],
    },
    transform: jsonSchemaTransform,
  });

  const payments = new PaymentService(ctx);
  // Store pages (documents, and the storefront's beacons for the rest) are counted in memory and
  // written every few seconds; what is left is written at close, before the database closes
  // (onClose hooks run last-added first).
  const pageViews = new PageViewRecorder(ctx).start();
  app.addHook('onClose', () => pageViews.close());

  await app.register(
    async (api) => {
      api.addHook('preValidation', async (request) => rejectNulCharacters(request));
      if (config.maintenance) {
        // Maintenance: the API says so (health still answers, for the load balancer).
        api.addHook('onRequest', async (request) => {
          if (!request.url.startsWith('/api/health')) throw new AppError('SERVICE_UNAVAILABLE', undefined, 600);
        });
      }
      await api.register(systemRoutes(ctx));
      await api.register(userRoutes(ctx));
      await api.register(marketRoutes(ctx));
      await api.register(mediaRoutes(ctx));
      await api.register(categoryRoutes(ctx));
      await api.register(productRoutes(ctx));
      await api.register(collectionRoutes(ctx));
      await api.register(inventoryRoutes(ctx));
      await api.register(shippingRoutes(ctx));
      await api.register(basketRoutes(ctx));
      await api.register(checkoutRoutes(ctx));
      await api.register(paymentRoutes(payments));
      await api.register(orderRoutes(ctx, payments));
      await api.register(customerRoutes(ctx));
      await api.register(abandonedRoutes(ctx));
      await api.register(analyticsRoutes(ctx, pageViews));
      api.get('/docs', { schema: { hide: true } }, async () => app.swagger());
      // Unknown API paths answer with the envelope even when the web app takes every other path.
      api.route({
        method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
        url: '/*',
        schema: { hide: true },
        handler: async () => {
          throw new AppError('NOT_FOUND');
        },
      });
    },
    { prefix: '/api' },
  );

  await mkdir(config.uploadsDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: config.uploadsDir,
    prefix: '/uploads/',
    decorateReply: false,
    maxAge: '7d',
    immutable: true,
  });

  if (ctx.config.payments.provider === 'sandbox') registerSandboxPage(app, ctx, payments);

  if (options.jobs) {
    // Every minute: units of checkouts whose 15-minute hold ran out go back on sale.
    const checkouts = new CheckoutService(ctx);
    const stopHolds = schedule(ctx, 'release-expired-holds', 60 * 1000, () => checkouts.releaseExpired());
    app.addHook('onClose', async () => stopHolds());
    // Every minute: abandoned checkouts paid after all are marked recovered, and each abandoned
    // checkout past its market's delay gets its one reminder e-mail.
    const abandoned = new AbandonedCheckoutService(ctx);
    const stopReminders = schedule(ctx, 'abandoned-checkout-reminders', 60 * 1000, () => abandoned.run());
    app.addHook('onClose', async () => stopReminders());
    // Every minute: confirmations the mail server did not take when their order was paid.
    const stopConfirmations = schedule(ctx, 'order-confirmations', 60 * 1000, () => payments.sendDueConfirmations());
    app.addHook('onClose', async () => stopConfirmations());
    // Hourly: uploads nothing refers to a day after upload are removed.
    const stop = schedule(ctx, 'remove-unused-media', 60 * 60 * 1000, () =>
      removeUnusedMedia(ctx, new Date(Date.now() - UNUSED_MEDIA_TTL_MS)),
    );
    app.addHook('onClose', async () => stop());
  }

  if (options.web && options.web !== 'none') {
    await registerWeb(app, options.web, { maintenance: config.maintenance, ctx, pageViews });
  }
  return { app, ctx };
}
