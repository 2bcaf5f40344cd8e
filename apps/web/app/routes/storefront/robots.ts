import { requireStore } from '../../features/storefront/store.server';
import type { Route } from './+types/robots';

/** The store's robots.txt: everything but checkout, and where its sitemap is. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const store = await requireStore(context, params.marketName);
  const text = [
    'User-agent: *',
    `Disallow: ${store.base}/checkout/`,
    `Allow: ${store.base || '/'}`,
    '',
    `Sitemap: ${store.origin}${store.base}/sitemap.xml`,
    '',
  ].join('\n');
  return new Response(text, {
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=300' },
  });
}
