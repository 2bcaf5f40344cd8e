import { PAGE_CACHE_HEADER } from '@shop/shared';
import { data, Outlet } from 'react-router';
import { SiteFrame } from '../../features/site/site-frame';
import { useAddTexts } from '../../lib/i18n';
import { requestLanguage } from '../../lib/request-language';
import { catalogueOf, textsOf } from '../../lib/texts.server';
import type { Route } from './+types/layout';

/**
 * The platform's public pages (issue 17): their texts, in the page's language, and their frame.
 * Nothing of the visitor is in them: the server keeps each page while the site's writing is at
 * the version it was rendered from (apps/server page-cache.ts).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const language = requestLanguage(request);
  // The legal pages need no database: while it is away they are served all the same, not kept
  // (a page that reads articles fails by itself, with the 503 page).
  const version = await context.site.version().catch(() => null);
  return data(
    { texts: textsOf(language, ['site']), catalogue: catalogueOf(language, []) },
    { headers: version === null ? {} : { [PAGE_CACHE_HEADER]: `site:${version}` } },
  );
}

/** Its pages are read, not used: no script is sent (root.tsx). */
export const handle = { scriptless: true };

/** The site's mark for the server's page cache, for every page below (they add none of their own). */
export function headers({ loaderHeaders }: Route.HeadersArgs) {
  const mark = loaderHeaders.get(PAGE_CACHE_HEADER);
  return mark ? { [PAGE_CACHE_HEADER]: mark } : {};
}

export default function SiteLayout({ loaderData }: Route.ComponentProps) {
  useAddTexts(loaderData.texts, loaderData.catalogue);
  return (
    <SiteFrame>
      <Outlet />
    </SiteFrame>
  );
}
