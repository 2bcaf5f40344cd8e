import { PAGE_CACHE_HEADER } from '@shop/shared';
import { data } from 'react-router';
import { StoreErrorBoundary } from '../../features/storefront/frame';
import { storeHome } from '../../features/storefront/home.server';
import { HomeSections } from '../../features/storefront/sections';
import { heroPreload, seoMeta } from '../../features/storefront/seo';
import { resolveStore } from '../../features/storefront/store.server';
import { requestLanguage } from '../../lib/request-language';
import { textsOf } from '../../lib/texts.server';
import Landing, { landingMeta } from '../marketing/landing';
import type { Route } from './+types/root-home';

/**
 * The root: a store's home on its custom domain (the request's Host), the platform's landing page
 * on the platform's own host — with its texts and the origin its link preview names.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const store = await resolveStore(context, undefined);
  if (!store) {
    const texts = textsOf(requestLanguage(request), ['site', 'landing']);
    // Nothing of the visitor is in it: the server keeps it as the site's other pages (site layout).
    // It needs no database: while the database is away it is served all the same, just not kept.
    const version = await context.site.version().catch(() => null);
    return data(
      // Read, not used: the landing sends no script (root.tsx).
      { landing: true as const, scriptless: true, texts, origin: context.origin },
      { headers: version === null ? {} : { [PAGE_CACHE_HEADER]: `site:${version}` } },
    );
  }
  return { landing: false as const, ...(await storeHome(context, store)) };
}

/** The store's marks (the frame's), or the landing's own mark for the server's page cache. */
export function headers({ parentHeaders, loaderHeaders }: Route.HeadersArgs) {
  const merged = new Headers(parentHeaders);
  const mark = loaderHeaders.get(PAGE_CACHE_HEADER);
  if (mark) merged.set(PAGE_CACHE_HEADER, mark);
  return merged;
}

export function meta({ data, matches }: Route.MetaArgs) {
  if (!data || data.landing) return landingMeta(matches, data ?? undefined);
  return [...seoMeta(data.seo), ...heroPreload(data.heroImage)];
}

export default function RootHome({ loaderData }: Route.ComponentProps) {
  if (loaderData.landing) return <Landing texts={loaderData.texts} />;
  return <HomeSections sections={loaderData.home.sections} />;
}

export const ErrorBoundary = StoreErrorBoundary;
