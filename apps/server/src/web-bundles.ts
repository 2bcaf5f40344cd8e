import {
  type AppLoadContext,
  createRequestHandler,
  matchRoutes,
  type RouteObject,
  type ServerBuild,
} from 'react-router';
import { fixedFirstSegment, webRoutePaths } from './platform/root-paths.js';

export type Handler = (request: Request, context: AppLoadContext) => Promise<Response>;

/** The web app's server builds (apps/web/react-router.config.ts `serverBundles`, decision 029). */
export const WEB_BUNDLES = ['store', 'platform'] as const;
export type WebBundle = (typeof WEB_BUNDLES)[number];

/** React Router's own path for lazy route discovery (`routeDiscovery.manifestPath`'s default). */
const MANIFEST_PATH = '/__manifest';

/** The page a path asks for: a client navigation's data (`/cp/products.data`, `/_root.data`) is its page's. */
function pageOf(pathname: string): string {
  return pathname.endsWith('.data') ? pathname.slice(0, -'.data'.length).replace(/^\/_root$/, '/') : pathname;
}

/** The first segment of a page's path (`/cp/products` → cp, `/` → ''). */
function firstSegment(page: string): string {
  const end = page.indexOf('/', 1);
  const segment = page.slice(1, end === -1 ? undefined : end);
  try {
    return decodeURIComponent(segment).toLowerCase();
  } catch {
    // A malformed escape is no page of the platform's: the storefront's build answers it.
    return segment.toLowerCase();
  }
}

/**
 * One request handler over the two builds. The platform's pages (site, account, panel, staff)
 * each begin with a fixed segment of their own; everything else — a store at /{name}, a custom
 * domain's pages at the root, the payment result pages, the root itself, unknown paths — is the
 * storefront's build, whose catch-all answers what no one has. A platform path that matches no
 * platform page (`/cp/no-such-screen`) goes there too: without a route of its own, the platform
 * build would render its root's error boundary without the root's loader, and so without texts.
 */
export function bundledHandler(builds: Record<WebBundle, ServerBuild>): Handler {
  const handlers = {
    store: createRequestHandler(builds.store, 'production'),
    platform: createRequestHandler(builds.platform, 'production'),
  } satisfies Record<WebBundle, Handler>;
  const platformSegments = segmentsOf(builds.platform);
  for (const segment of segmentsOf(builds.store)) {
    // Two builds answering one segment would make the split decide a page the route table did not.
    if (platformSegments.has(segment)) throw new Error(`Both web builds have pages under /${segment}`);
  }
  const platformRoutes = routeTree(builds.platform);
  const bundleOf = (pathname: string): WebBundle => {
    const page = pageOf(pathname);
    // Only a platform segment's paths pay for matching: a store's pages are decided by the first test.
    if (!platformSegments.has(firstSegment(page))) return 'store';
    try {
      return matchRoutes(platformRoutes, page) ? 'platform' : 'store';
    } catch {
      return 'store';
    }
  };

  return async (request, context) => {
    const url = new URL(request.url);
    if (url.pathname !== MANIFEST_PATH) return handlers[bundleOf(url.pathname)](request, context);
    // Route discovery asks for the routes of the links a page shows, perhaps of both builds: each
    // build answers for its own paths, and the answer is their routes together.
    const byBundle = new Map<WebBundle, string[]>();
    for (const path of (url.searchParams.get('paths') ?? '').split(',').filter(Boolean)) {
      const bundle = bundleOf(path.startsWith('/') ? path : `/${path}`);
      byBundle.set(bundle, [...(byBundle.get(bundle) ?? []), path]);
    }
    if (byBundle.size <= 1) return handlers[byBundle.keys().next().value ?? 'store'](request, context);
    const answers = await Promise.all(
      [...byBundle].map(([bundle, paths]) => {
        const asked = new URL(url);
        asked.searchParams.set('paths', paths.join(','));
        return handlers[bundle](new Request(asked, request), context);
      }),
    );
    // A version that is not the build's (a reload is due) or a refused request: as either said it.
    const refused = answers.find((answer) => answer.status !== 200);
    if (refused) return refused;
    const routes = Object.assign({}, ...(await Promise.all(answers.map((answer) => answer.json()))));
    const headers = new Headers(answers[0]?.headers);
    headers.delete('content-length');
    return Response.json(routes, { headers });
  };
}

/** The fixed first segments of a build's pages (`cp`, `login` …; not `:marketName` or `*`). */
function segmentsOf(build: ServerBuild): Set<string> {
  return new Set(webRoutePaths(build.routes).flatMap((path) => fixedFirstSegment(path) ?? []));
}

/** A build's route table as React Router's nested route objects (the build lists them flat). */
function routeTree(build: ServerBuild): RouteObject[] {
  const routes = Object.values(build.routes).flatMap((route) => (route ? [route] : []));
  const node = (id: string): RouteObject => {
    const route = build.routes[id]!;
    const children = routes.filter((child) => child.parentId === id).map((child) => node(child.id));
    return route.index
      ? { id, index: true, path: route.path, caseSensitive: route.caseSensitive }
      : { id, path: route.path, caseSensitive: route.caseSensitive, ...(children.length ? { children } : {}) };
  };
  return routes.filter((route) => !route.parentId).map((route) => node(route.id));
}
