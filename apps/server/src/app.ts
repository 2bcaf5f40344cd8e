import { mkdir } from 'node:fs/promises';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import { limits } from '@shop/shared';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, LogController } from 'fastify';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { pino } from 'pino';
import { z } from 'zod';
import type { Config } from './config.js';
import { openDatabase } from './db/client.js';
import { seedSectors } from './db/seed.js';
import { abandonedRoutes } from './modules/abandoned/routes.js';
import { AbandonedCheckoutService } from './modules/abandoned/service.js';
import { PageViewRecorder } from './modules/analytics/recorder.js';
import { analyticsRoutes } from './modules/analytics/routes.js';
import { basketRoutes } from './modules/basket/routes.js';
import { bugReportRoutes } from './modules/bug-report/routes.js';
import { careerRoutes } from './modules/careers/routes.js';
import { categoryRoutes } from './modules/category/routes.js';
import { checkoutRoutes } from './modules/checkout/routes.js';
import { CheckoutService } from './modules/checkout/service.js';
import { collectionRoutes } from './modules/collection/routes.js';
import { contentRoutes } from './modules/content/routes.js';
import { customerRoutes } from './modules/customer/routes.js';
import { discountRoutes } from './modules/discount/routes.js';
import { DiscountService } from './modules/discount/service.js';
import { domainRoutes } from './modules/domain/routes.js';
import { DomainService } from './modules/domain/service.js';
import { employeeRoutes } from './modules/employee/routes.js';
import { inventoryRoutes } from './modules/inventory/routes.js';
import { ledgerRoutes } from './modules/ledger/routes.js';
import { LedgerService } from './modules/ledger/service.js';
import { ClosingService } from './modules/market/closing.js';
import { closingRoutes } from './modules/market/closing-routes.js';
import { marketRoutes } from './modules/market/routes.js';
import { mediaRoutes } from './modules/media/routes.js';
import { deriveRendition, removeUnusedMedia, UNUSED_MEDIA_TTL_MS } from './modules/media/service.js';
import { orderRoutes } from './modules/order/routes.js';
import { OrderService } from './modules/order/service.js';
import { paymentRoutes } from './modules/payment/routes.js';
import { registerSandboxPage } from './modules/payment/sandbox-page.js';
import { PaymentService } from './modules/payment/service.js';
import { payoutRoutes } from './modules/payout/routes.js';
import { PayoutService } from './modules/payout/service.js';
import { policyRoutes } from './modules/policy/routes.js';
import { productRoutes } from './modules/product/routes.js';
import { shippingRoutes } from './modules/shipping/routes.js';
import { siteRoutes } from './modules/site/routes.js';
import { storefrontRoutes } from './modules/storefront/routes.js';
import { subscriptionRoutes } from './modules/subscription/routes.js';
import { SubscriptionService } from './modules/subscription/service.js';
import { systemRoutes } from './modules/system/routes.js';
import { registerStoreFonts } from './modules/theme/fonts.js';
import { registerStoreIcons } from './modules/theme/icons.js';
import { themeRoutes } from './modules/theme/routes.js';
import { userRoutes } from './modules/user/routes.js';
import { Changes } from './platform/changes.js';
import type { AppContext } from './platform/context.js';
import { DiskSpaceGuard } from './platform/disk-space.js';
import {
  AppError,
  DISK_FULL_RETRY_AFTER_SECONDS,
  registerErrorHandler,
  rejectNulCharacters,
  sendError,
  sendUnavailable,
} from './platform/errors.js';
import { registerJsonParser, rejectInvalidHost } from './platform/http-input.js';
import { jobWorkers, schedule } from './platform/jobs.js';
import { createMailer } from './platform/mail.js';
import { ObjectStorage, registerObjectUploads } from './platform/object-storage.js';
import { registerPreferences } from './platform/preferences.js';
import { LocalPrivateFiles } from './platform/private-files.js';
import { BucketPrivateFiles } from './platform/private-files-bucket.js';
import { RateLimits } from './platform/rate-limit.js';
import { failures } from './platform/responses.js';
import { RootPaths } from './platform/root-paths.js';
import { baselineHeaders } from './platform/security-headers.js';
import { responseSerializerCompiler } from './platform/serializer.js';
import { isDraining } from './platform/shutdown.js';
import { localStorage, uploadCacheControl } from './platform/storage.js';
import { PostgresUploadLocker } from './platform/upload-locks.js';
import { registerPrivateFiles, Uploads } from './platform/uploads.js';
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
  const log: FastifyBaseLogger = pino({ level: config.logLevel });
  const database = await openDatabase(config.database, log);
  await database.migrate();
  await seedSectors(database.db);
  const changes = await Changes.start(database, log);

  const rateLimits = new RateLimits(config.rateLimitMultiplier);
  // Pictures and visitors' private files in a bucket when STORAGE_URL names one (any process
  // serves any picture, takes any chunk of an upload and sends any kept file), else on local disk
  // (decision 026).
  const objects = config.storage.kind === 's3' ? new ObjectStorage(config.storage) : null;
  const uploads = await new Uploads(
    { limits: rateLimits, log },
    config.storage.kind === 's3' ? new BucketPrivateFiles(config.storage) : new LocalPrivateFiles(config.privateDir),
    // Several processes can share PostgreSQL (and a bucket): an upload's lock is theirs to share.
    config.database.kind === 'postgres' ? new PostgresUploadLocker(config.database.url, log) : undefined,
  ).start();
  const ctx: AppContext = {
    log,
    config,
    database,
    db: database.db,
    changes,
    mailer: createMailer(config, database.db, log),
    limits: rateLimits,
    storage: objects ?? localStorage(config.uploadsDir),
    rootPaths: new RootPaths(),
    uploads,
  };
  // The embedded database must never run out of disk (platform/disk-space.ts); PostgreSQL's
  // disk is PostgreSQL's to watch, and it fails a write cleanly when full.
  if (config.database.kind === 'pglite' && config.database.dataDir && config.diskReserveBytes > 0) {
    ctx.disk = await new DiskSpaceGuard(config.dataDir, config.diskReserveBytes, log).start();
  }

  const app = Fastify({
    loggerInstance: log,
    // Two log lines per request cost more than the request itself on the hot paths; errors are
    // still logged by the error handler, and debug level brings the request lines back.
    logController: new LogController({
      disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace',
    }),
    bodyLimit: 1024 * 1024,
    // Node's server takes a slow request forever as Fastify configures it (requestTimeout 0) and
    // checks unfinished headers every 30 s: a client trickling bytes would hold its connection
    // for good. Both limits are checked at a quarter of the shorter one, so they hold closely.
    requestTimeout: config.timeouts.requestMs,
    http: {
      // Here too: Node checks the headers' limit against the request's when it makes the server.
      requestTimeout: config.timeouts.requestMs,
      headersTimeout: config.timeouts.headersMs,
      connectionsCheckingInterval: Math.min(30_000, Math.ceil(config.timeouts.headersMs / 4)),
    },
    // Rate limits key on the client address: X-Forwarded-For counts only from trusted proxies.
    trustProxy: config.trustProxy,
    // A URL Fastify can't even decode never reaches the error handler: give it the envelope too.
    frameworkErrors: (_error, request, reply) => sendError(request, reply, new AppError('VALIDATION_FAILED')),
  }).withTypeProvider<ZodTypeProvider>();

  // Every path the server answers (API, static files, the sandbox page, the web app's pages in
  // web.ts) is reserved: no store may be named like its first segment (platform/root-paths.ts).
  app.addHook('onRoute', (route) => ctx.rootPaths.add(route.url));
  app.setValidatorCompiler(validatorCompiler);
  // Answers are written through their routes' response schemas (decision 015).
  app.setSerializerCompiler(responseSerializerCompiler({ validate: config.validateResponses }));
  registerErrorHandler(app, { onDiskFull: () => void ctx.disk?.check() });
  registerJsonParser(app);
  app.addHook('onRequest', rejectInvalidHost);
  const baseline = baselineHeaders(config.publicUrl.startsWith('https://'));
  app.addHook('onSend', async (_request, reply) => {
    // Baseline protections for every answer (platform/security-headers.ts); a store page brings
    // its own, stricter Content-Security-Policy (web.ts).
    for (const [name, value] of baseline) if (!reply.hasHeader(name)) reply.header(name, value);
    // Shutting down (platform/shutdown.ts): each answer ends its connection, so the client's next
    // request opens a new one (refused here, taken by another process) instead of racing the close.
    if (isDraining(app.server)) reply.header('connection', 'close');
  });
  app.addHook('onClose', async () => {
    await changes.stop();
    await database.close();
  });
  const disk = ctx.disk;
  if (disk) {
    app.addHook('onClose', async () => disk.close());
    // Disk nearly full: anything but a read is refused, before its body is read; reads, health
    // and pages go on. GETs that write a row or two fit in the reserve.
    app.addHook('onRequest', async (request, reply) => {
      if (disk.low && request.method !== 'GET' && request.method !== 'HEAD' && request.method !== 'OPTIONS') {
        return sendUnavailable(request, reply, 'STORAGE_FULL', DISK_FULL_RETRY_AFTER_SECONDS);
      }
    });
  }

  await app.register(fastifyCookie);
  // HTML and JSON go out compressed to clients that take it (brotli at quality 4, the plugin's
  // default for answers made per request; gzip otherwise); cached store pages are compressed once,
  // when kept (storefront/page-cache.ts), and built assets ship pre-compressed. Request bodies are
  // never compressed by our clients: no decompression hooks on every request (a gzip body is then
  // a body that does not parse, 400).
  await app.register(fastifyCompress, { encodings: ['br', 'gzip'], threshold: 1024, globalDecompression: false });
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
  const subscriptions = new SubscriptionService(ctx, payments.provider);
  const domains = new DomainService(ctx);
  const closing = new ClosingService(ctx, new OrderService(ctx, payments.provider));
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
      await api.register(policyRoutes(ctx));
      await api.register(contentRoutes(ctx));
      await api.register(siteRoutes(ctx));
      await api.register(bugReportRoutes(ctx));
      await api.register(careerRoutes(ctx));
      await api.register(async (scope) => ctx.uploads.register(scope));
      await api.register(themeRoutes(ctx));
      await api.register(domainRoutes(ctx, domains));
      await api.register(employeeRoutes(ctx));
      await api.register(closingRoutes(ctx, closing));
      await api.register(discountRoutes(ctx));
      await api.register(storefrontRoutes(ctx));
      await api.register(basketRoutes(ctx));
      await api.register(checkoutRoutes(ctx));
      await api.register(paymentRoutes(ctx, payments, subscriptions));
      await api.register(orderRoutes(ctx, payments));
      await api.register(customerRoutes(ctx));
      await api.register(abandonedRoutes(ctx));
      await api.register(analyticsRoutes(ctx, pageViews));
      await api.register(ledgerRoutes(ctx));
      await api.register(payoutRoutes(ctx));
      await api.register(subscriptionRoutes(ctx, subscriptions));
      // The document itself: an OpenAPI object, not part of what it describes.
      api.get(
        '/docs',
        { schema: { hide: true, response: { 200: z.record(z.string(), z.unknown()) } } },
        async () => app.swagger() as Record<string, unknown>,
      );
      // Unknown API paths answer with the envelope even when the web app takes every other path.
      api.route({
        method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
        url: '/*',
        schema: { hide: true, response: failures },
        handler: async () => {
          throw new AppError('NOT_FOUND');
        },
      });
    },
    { prefix: '/api' },
  );

  // A rendition of a width added since its picture was uploaded is made on its first request.
  const derive = (key: string) => deriveRendition(ctx, key);
  if (objects) {
    registerObjectUploads(app, objects, derive);
    app.addHook('onClose', async () => objects.close());
  } else {
    await mkdir(config.uploadsDir, { recursive: true });
    await app.register(
      async (uploads) => {
        await uploads.register(fastifyStatic, {
          root: config.uploadsDir,
          prefix: '/',
          decorateReply: false,
          // Content-hashed names are kept a year, older ones a week (uploadCacheControl).
          cacheControl: false,
          setHeaders: (reply, file) => reply.header('cache-control', uploadCacheControl(file)),
        });
        uploads.setNotFoundHandler(async (request, reply) => {
          // A malformed escape never gets here: the router answers it 400.
          const key = decodeURIComponent(request.url.slice('/uploads/'.length).split('?')[0] ?? '');
          const made = request.method === 'GET' ? await derive(key) : null;
          if (!made) throw new AppError('NOT_FOUND');
          return reply.header('cache-control', uploadCacheControl(key)).type('image/webp').send(made);
        });
      },
      { prefix: '/uploads' },
    );
  }

  app.addHook('onClose', async () => uploads.close());
  // Private files on disk are sent by reply.sendFile; from a bucket they are streamed.
  if (!objects) await registerPrivateFiles(app, config.privateDir);
  registerStoreFonts(app);
  registerStoreIcons(app, ctx);
  registerPreferences(app);

  if (ctx.config.payments.provider === 'sandbox') registerSandboxPage(app, ctx, payments, subscriptions);

  if (options.jobs) {
    // Every minute: units of checkouts whose 15-minute hold ran out go back on sale.
    const checkouts = new CheckoutService(ctx);
    const stopHolds = schedule(ctx, 'release-expired-holds', 60 * 1000, () => checkouts.releaseExpired());
    app.addHook('onClose', async () => stopHolds());
    // Every minute (ABANDONED_JOB_MS): abandoned checkouts paid after all are marked recovered,
    // and each abandoned checkout past its market's delay gets its one reminder e-mail.
    const abandoned = new AbandonedCheckoutService(ctx);
    const stopReminders = schedule(ctx, 'abandoned-checkout-reminders', config.abandonedJobMs, () => abandoned.run());
    app.addHook('onClose', async () => stopReminders());
    // Every minute: confirmations the mail server did not take when their order was paid.
    const stopConfirmations = schedule(ctx, 'order-confirmations', 60 * 1000, () => payments.sendDueConfirmations());
    app.addHook('onClose', async () => stopConfirmations());
    // Every minute: pop-ups and bundles past their end are switched off (shoppers never see them
    // after the end either way: status is computed at every read).
    const discounts = new DiscountService(ctx);
    const stopEnded = schedule(ctx, 'switch-off-ended-discounts', 60 * 1000, () => discounts.switchOffEnded());
    app.addHook('onClose', async () => stopEnded());
    // Hourly: on Wednesdays (Baku), paid orders fulfilled a week before move from pending to
    // available (the settlement), then stores whose payout period has come are paid out (any
    // other day it does nothing). Every 10 minutes, payouts due to arrive are asked about.
    const ledger = new LedgerService(ctx.db, jobWorkers(ctx));
    const payouts = new PayoutService(ctx);
    const stopSettlement = schedule(ctx, 'settlement', 60 * 60 * 1000, async () => {
      const now = new Date();
      await ledger.settle(now);
      await payouts.createDue(now);
    });
    app.addHook('onClose', async () => stopSettlement());
    const stopPayouts = schedule(ctx, 'payouts', 10 * 60 * 1000, () => payouts.advance(new Date()));
    app.addHook('onClose', async () => stopPayouts());
    // Hourly: the subscription's months due and failed charges due a retry are charged.
    const stopBilling = schedule(ctx, 'billing', 60 * 60 * 1000, () => subscriptions.chargeDue(new Date()));
    app.addHook('onClose', async () => stopBilling());
    // Every minute: custom domains whose DNS records are due another look (issue 15).
    const stopDomainChecks = schedule(ctx, 'domain-checks', 60 * 1000, () => domains.checkDue(new Date()));
    app.addHook('onClose', async () => stopDomainChecks());
    // Hourly: stores and accounts closed two years ago are purged, their accounting record kept.
    const stopPurge = schedule(ctx, 'purge-closed', 60 * 60 * 1000, () => closing.purgeDue(new Date()));
    app.addHook('onClose', async () => stopPurge());
    // Hourly: uploads nothing refers to a day after upload are removed.
    const stop = schedule(ctx, 'remove-unused-media', 60 * 60 * 1000, () =>
      removeUnusedMedia(ctx, new Date(Date.now() - UNUSED_MEDIA_TTL_MS)),
    );
    app.addHook('onClose', async () => stop());
    // Hourly: visitors' uploads no application or bug report named within a day are removed.
    const stopUploads = schedule(ctx, 'remove-stale-uploads', 60 * 60 * 1000, () =>
      ctx.uploads.removeStale(new Date(Date.now() - UNUSED_MEDIA_TTL_MS)),
    );
    app.addHook('onClose', async () => stopUploads());
  }

  if (options.web && options.web !== 'none') {
    await registerWeb(app, options.web, { maintenance: config.maintenance, ctx, pageViews });
  }
  return { app, ctx };
}
