import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import { createReadableStreamFromReadable } from '@react-router/node';
import {
  RENDERED_HTML,
  type RenderedResponse,
  type SiteReader,
  type SiteRequestWriter,
  STORE_PAGE_HEADER,
  STORE_PIXELS_HEADER,
  type StorefrontLoadContext,
  THEME_TEMPLATES,
  type ThemeTemplate,
  type VacancyReader,
} from '@shop/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type AppLoadContext, createRequestHandler, type ServerBuild } from 'react-router';
import { isDatabaseUnavailable } from './db/faults.js';
import { countPageView, isShopperPageRequest, type PageViewRecorder } from './modules/analytics/recorder.js';
import { CareerService } from './modules/careers/service.js';
import { SiteRequestService } from './modules/site/requests.js';
import { SiteService } from './modules/site/service.js';
import {
  INTERNAL_HEADERS,
  languageCookieFor,
  PageCache,
  type RenderedPage,
  SITE_PAGES,
} from './modules/storefront/page-cache.js';
import { StorefrontService } from './modules/storefront/service.js';
import type { AppContext } from './platform/context.js';
import { devMailboxAllowed } from './platform/dev-mailbox.js';
import { requestUrl } from './platform/http-input.js';
import { bodyFor, bodyNowFor } from './platform/kept-bodies.js';
import { webRoutePaths } from './platform/root-paths.js';
import { inlineScriptHashes, pixelsOf, storefrontPolicy } from './platform/security-headers.js';
import { bundledHandler, type Handler, WEB_BUNDLES, type WebBundle } from './web-bundles.js';

export const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web');
export const webBuildDir = path.join(webRoot, 'build');

/**
 * Serves the React Router app (SSR) from the same Fastify instance as the API: built assets as
 * static files, every other path through the server build. In dev mode Vite serves both.
 */
export async function registerWeb(
  app: FastifyInstance,
  mode: 'build' | 'dev',
  options: { maintenance: boolean; ctx: AppContext; pageViews: PageViewRecorder },
) {
  let handler: Handler;
  const storefront = new StorefrontService(options.ctx);
  const site = new SiteService(options.ctx);
  const loadContext = storefrontContext(
    options.ctx,
    storefront,
    site,
    new SiteRequestService(options.ctx),
    new CareerService(options.ctx),
  );
  const pages = new PageCache(async (owner) =>
    owner === SITE_PAGES ? site.version() : String((await storefront.catalogVersion(owner)) ?? '') || null,
  );
  const countView = pageViewCounter(options.pageViews, options.ctx.config.publicUrl.startsWith('https://'));
  if (mode === 'dev') {
    const { createServer } = await import('vite');
    const vite = await createServer({ root: webRoot, server: { middlewareMode: true }, appType: 'custom' });
    await app.register((await import('@fastify/middie')).default);
    app.use(vite.middlewares);
    app.addHook('onClose', () => vite.close());
    handler = createRequestHandler(
      () => vite.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>,
      'development',
    );
  } else {
    const builds = Object.fromEntries(
      await Promise.all(
        WEB_BUNDLES.map(async (bundle) => [
          bundle,
          (await import(path.join(webBuildDir, 'server', bundle, 'index.js'))) as ServerBuild,
        ]),
      ),
    ) as Record<WebBundle, ServerBuild>;
    // The web app's own pages (login, cp, card-success …) are reserved names (platform/root-paths.ts).
    for (const build of Object.values(builds)) {
      for (const page of webRoutePaths(build.routes)) options.ctx.rootPaths.add(page);
    }
    handler = bundledHandler(builds);
    await app.register(fastifyStatic, {
      root: path.join(webBuildDir, 'client'),
      prefix: '/',
      wildcard: false,
      index: false,
      // reply.sendFile is the private files' (platform/uploads.ts registerPrivateFiles): one decorator.
      decorateReply: false,
      // The build writes .br and .gz copies of scripts and styles (vite.config.ts).
      preCompressed: true,
      setHeaders(reply, filePath) {
        // Hashed asset names never change content: cache them for a year.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          reply.header('cache-control', 'public, max-age=31536000, immutable');
        }
      },
    });
  }

  await app.register(async (scope) => {
    // The web app reads request bodies itself (form actions): leave the stream untouched.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    scope.route({
      method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      url: '/*',
      schema: { hide: true },
      handler: async (request, reply) =>
        serve(handler, () => loadContext(request), request, reply, options.maintenance, pages, countView),
    });
  });
}

/**
 * What the web app's loaders get (React Router load context): the storefront's reads and, when
 * the request's Host is a verified, active custom domain of a market (DESIGN §1), that market —
 * whose storefront is then served at the root.
 */
function storefrontContext(
  ctx: AppContext,
  storefront: StorefrontService,
  site: SiteReader,
  requests: SiteRequestWriter,
  vacancies: VacancyReader,
) {
  const publicUrl = new URL(ctx.config.publicUrl);
  const platformOrigin = publicUrl.origin;
  return async (request: FastifyRequest): Promise<StorefrontLoadContext> => {
    const host = request.hostname.toLowerCase();
    const domainMarket =
      host === publicUrl.hostname || host === 'localhost' || host === '127.0.0.1' || host === '[::1]'
        ? null
        : await storefront.marketByHost(host);
    const failure: { error?: unknown } = {};
    const context: StorefrontLoadContext = {
      storefront: watchedReads(storefront, failure),
      site: watchedReads(site, failure),
      requests: watchedReads(requests, failure),
      vacancies: watchedReads(vacancies, failure),
      clientIp: request.ip,
      domainMarket,
      platformOrigin,
      origin: domainMarket ? `${request.protocol}://${request.host}` : platformOrigin,
      host,
      // Behind Caddy a domain is HTTPS (the request reaches us as http); a platform run on plain
      // http (a machine of one's own, the tests) keeps its domains on http.
      domainOrigin: (domain) => `${publicUrl.protocol === 'https:' ? 'https' : request.protocol}://${domain}`,
      devMailbox: devMailboxAllowed(ctx.config, request),
      previewToken: previewTokenOf(request),
      previewTemplate: previewTemplateOf(request),
    };
    databaseFailures.set(context, failure);
    return context;
  };
}

function previewTemplateOf(request: FastifyRequest): ThemeTemplate | null {
  const value = (request.query as Record<string, unknown> | undefined)?.template;
  return THEME_TEMPLATES.find((template) => template === value) ?? null;
}

function previewTokenOf(request: FastifyRequest): string | null {
  const value = (request.query as Record<string, unknown> | undefined)?.preview;
  return typeof value === 'string' && value.length <= 64 ? value : null;
}

/**
 * A loader whose read failed because the database is out of reach ends in the web app's error
 * page with status 500, and the error itself stays inside React Router. The reads of each request
 * are watched so that `serve` can tell: that page is replaced by a 503 (platform/errors.ts).
 */
const databaseFailures = new WeakMap<StorefrontLoadContext, { error?: unknown }>();

function watchedReads<Reader extends object>(reader: Reader, failure: { error?: unknown }): Reader {
  return new Proxy(reader, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        const result: unknown = value.apply(target, args);
        if (!(result instanceof Promise)) return result;
        return result.catch((error: unknown) => {
          if (isDatabaseUnavailable(error)) failure.error ??= error;
          throw error;
        });
      };
    },
  });
}

async function serve(
  handler: Handler,
  /** The loaders' context, made only when a page is rendered: a kept page's hit needs none. */
  contextFor: () => Promise<StorefrontLoadContext>,
  request: FastifyRequest,
  reply: FastifyReply,
  maintenance: boolean,
  pages: PageCache,
  countView: (request: FastifyRequest, reply: FastifyReply, marketId: string) => void,
) {
  // In maintenance mode every page is the maintenance page, with 503 so that crawlers come back.
  const path =
    maintenance && request.method === 'GET' && !request.url.startsWith('/maintenance') ? '/maintenance' : undefined;
  let context: StorefrontLoadContext | undefined;
  const render = async (signal?: AbortSignal): Promise<RenderedPage> => {
    context ??= await contextFor();
    // The web app declares AppLoadContext as StorefrontLoadContext (features/storefront/store.server.ts).
    const fetchRequest = toFetchRequest(request, context.origin, signal, path);
    const response: RenderedResponse = await handler(fetchRequest, context as unknown as AppLoadContext);
    // Pages are rendered whole (app/entry.server.tsx): one buffer, one write, handed beside the
    // Response; anything else (a resource route's answer, a redirect) is its body.
    const body =
      response[RENDERED_HTML] ?? (response.body ? Buffer.from(await response.arrayBuffer()) : Buffer.alloc(0));
    // A store page runs its own inline scripts and its store's analytics services, nothing else.
    // Here, so that a page the cache renders again in the background carries it too.
    if (response.headers.has(STORE_PAGE_HEADER) && response.headers.get('content-type')?.startsWith('text/html')) {
      const pixels = pixelsOf(response.headers.get(STORE_PIXELS_HEADER));
      response.headers.set('content-security-policy', storefrontPolicy(pixels, inlineScriptHashes(body)));
    }
    return { status: response.status, headers: response.headers, body };
  };

  const cacheKey = maintenance ? undefined : pages.keyOf(request);
  const cached = cacheKey ? await pages.get(cacheKey, () => render()) : undefined;
  if (cached) {
    reply.status(cached.status);
    for (const [key, value] of cached.headers) reply.header(key, value);
    const cookie = languageCookieFor(request);
    if (cookie) reply.header('set-cookie', cookie);
    // A store's page seen counts for its store; the platform's own pages count for no one.
    if (cached.status === 200 && cached.owner !== SITE_PAGES) countView(request, reply, cached.owner);
    const { body, encoding } = bodyFor(cached, request.headers['accept-encoding']);
    reply.header('vary', 'Accept-Encoding');
    if (encoding) reply.header('content-encoding', encoding);
    return reply.send(body);
  }

  const controller = new AbortController();
  reply.raw.on('close', () => controller.abort());
  const page = await render(controller.signal);
  const unavailable = context && databaseFailures.get(context)?.error;
  if (page.status >= 500 && unavailable) throw unavailable;
  const kept = cacheKey ? pages.set(cacheKey, page) : undefined;
  reply.status(maintenance ? 503 : page.status);
  if (maintenance) reply.header('retry-after', '600');
  for (const [key, value] of page.headers) {
    if (key !== 'set-cookie' && !INTERNAL_HEADERS.has(key)) reply.header(key, value);
  }
  const cookies = page.headers.getSetCookie();
  if (cookies.length) reply.header('set-cookie', cookies);
  // Every store page names its market, reusable or not (the checkout).
  const marketId = page.headers.get(STORE_PAGE_HEADER);
  if (marketId && !maintenance && page.status === 200 && cacheKey) countView(request, reply, marketId);
  if (!kept) return reply.send(page.body);
  // Kept: compressed once, now, for this client and every later one (not again on the way).
  const { body, encoding } = bodyNowFor(kept, request.headers['accept-encoding']);
  reply.header('vary', 'Accept-Encoding');
  if (encoding) reply.header('content-encoding', encoding);
  return reply.send(body);
}

/**
 * Counts a store page seen by a shopper's browser (analytics/recorder.ts) and starts or prolongs
 * their visit cookie. Called after the page cache: the cached page is the same for everyone, the
 * visit cookie is this visitor's own.
 */
function pageViewCounter(recorder: PageViewRecorder, secure: boolean) {
  return (request: FastifyRequest, reply: FastifyReply, marketId: string) => {
    if (isShopperPageRequest(request)) countPageView(recorder, request, reply, marketId, secure);
  };
}

function toFetchRequest(
  request: FastifyRequest,
  fallbackOrigin: string,
  signal: AbortSignal | undefined,
  path = request.url,
): Request {
  const url = requestUrl(request, path, fallbackOrigin);
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else headers.set(key, value);
  }
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  return new Request(url, {
    method: request.method,
    headers,
    signal,
    ...(hasBody ? { body: createReadableStreamFromReadable(request.raw), duplex: 'half' } : {}),
  } as RequestInit);
}
