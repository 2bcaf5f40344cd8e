import { RESERVED_MARKET_NAMES } from '@shop/shared';

/**
 * The first path segments the server answers itself (`/api`, `/uploads`, `/sandbox-pay`,
 * `/login`, `/cp`, `/assets` …). A store is served at `/{name}`: a store named like one of them
 * would be shadowed by it, so no store may take one (market/service.ts).
 *
 * Derived as the server is built — every route Fastify registers (API, static files, the sandbox
 * card page) and every page of the web app's route table — on top of the names SPEC §2 keeps for
 * pages still to come (shared RESERVED_MARKET_NAMES, which the browser checks too). A route
 * added tomorrow is reserved without anyone remembering to list it.
 */
export class RootPaths {
  private readonly segments = new Set<string>(RESERVED_MARKET_NAMES);

  /** Adds the first segment of a path the server answers (`/sandbox-pay/:id` → sandbox-pay). */
  add(path: string): void {
    const first = fixedFirstSegment(path);
    if (first) this.segments.add(first);
  }

  has(name: string): boolean {
    return this.segments.has(name.toLowerCase());
  }

  /** Every reserved segment, for the tests that hold the rule. */
  list(): string[] {
    return [...this.segments].sort();
  }
}

/**
 * A path's first segment when it is a name (`/sandbox-pay/:id` → sandbox-pay); null for a
 * parameter or a wildcard (`/:marketName` is the stores themselves) and for the root.
 */
export function fixedFirstSegment(path: string): string | null {
  const first = path.replace(/^\/+/, '').split('/')[0]?.toLowerCase() ?? '';
  return !first || first.startsWith(':') || first.includes('*') ? null : first;
}

/** A route of the web app's table (React Router's server build: `routes`). */
interface WebRoute {
  id: string;
  parentId?: string;
  path?: string;
}

/** The full paths of a React Router route table: each route's path below its parents'. */
export function webRoutePaths(routes: Record<string, WebRoute | undefined>): string[] {
  const full = (route: WebRoute): string => {
    const parent = route.parentId ? routes[route.parentId] : undefined;
    const own = route.path ?? '';
    const above = parent ? full(parent) : '';
    return [above, own].filter(Boolean).join('/');
  };
  return Object.values(routes).flatMap((route) => (route ? [full(route)] : []));
}
