import type { Config } from '@react-router/dev/config';

/**
 * Two server builds (decision 029): the storefront's routes — a store at /{name} and at a custom
 * domain's root, the payment result pages, the catch-all — and the platform's (site, account,
 * panel, staff). React Router matches a request against every route of its build, builds its
 * static router from all of them and matches again for the page's partial manifest: with the
 * whole table, route work was over a tenth of a storefront page's first render. The server
 * (apps/server/src/web-bundles.ts) sends each request to the build that has its route.
 */
const STOREFRONT_ROUTES = new Set(['store', 'domain', 'routes/storefront/store-texts', 'routes/marketing/catch-all']);

export default {
  appDirectory: 'app',
  buildDirectory: 'build',
  ssr: true,
  serverBundles: ({ branch }) => (branch.some((route) => STOREFRONT_ROUTES.has(route.id)) ? 'store' : 'platform'),
} satisfies Config;
