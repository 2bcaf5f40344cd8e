import { StoreErrorBoundary } from '../../features/storefront/frame';
import { storeHome } from '../../features/storefront/home.server';
import { HomeSections } from '../../features/storefront/sections';
import { heroPreload, seoMeta } from '../../features/storefront/seo';
import { resolveStore } from '../../features/storefront/store.server';
import Landing, { meta as landingMeta } from '../marketing/landing';
import type { Route } from './+types/root-home';

/**
 * The root: a store's home on its custom domain (the request's Host), the platform's landing page
 * on the platform's own host.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const store = await resolveStore(context, undefined);
  if (!store) return { landing: true as const };
  return { landing: false as const, ...(await storeHome(context, store)) };
}

export function meta({ data, matches }: Route.MetaArgs) {
  if (!data || data.landing) return landingMeta({ matches });
  return [...seoMeta(data.seo), ...heroPreload(data.heroImage)];
}

export default function RootHome({ loaderData }: Route.ComponentProps) {
  if (loaderData.landing) return <Landing />;
  return <HomeSections sections={loaderData.home.sections} />;
}

export const ErrorBoundary = StoreErrorBoundary;
