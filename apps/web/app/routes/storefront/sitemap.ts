import { requireStore } from '../../features/storefront/store.server';
import type { Route } from './+types/sitemap';

const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] as string,
  );

/** The store's sitemap (DESIGN §1): home, about, categories, collections, products. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const store = await requireStore(context, params.marketName);
  const entries = await context.storefront.sitemap(store.market);
  const urls = entries
    .map((entry) => {
      const loc = escapeXml(`${store.origin}${`${store.base}${entry.path}` || '/'}`);
      const lastmod = entry.updatedAt ? `<lastmod>${entry.updatedAt}</lastmod>` : '';
      return `<url><loc>${loc}</loc>${lastmod}</url>`;
    })
    .join('\n');
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(xml, {
    headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=300' },
  });
}
