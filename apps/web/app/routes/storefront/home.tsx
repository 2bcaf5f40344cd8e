import { StoreErrorBoundary } from '../../features/storefront/frame';
import { storeHome } from '../../features/storefront/home.server';
import { HomeSections } from '../../features/storefront/sections';
import { heroPreload, seoMeta } from '../../features/storefront/seo';
import { requireStore } from '../../features/storefront/store.server';
import type { Route } from './+types/home';

/**
 * The store's home at /{marketName} (SPEC §2 index): the sections its owner arranged in the theme
 * editor. At the root (a custom domain, or the platform's landing page) it is root-home.tsx: this
 * module carries no landing page into a store's first load.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  return storeHome(context, await requireStore(context, params.marketName));
}

export function meta({ data }: Route.MetaArgs) {
  return data ? [...seoMeta(data.seo), ...heroPreload(data.heroImage)] : [];
}

export default function StoreHome({ loaderData }: Route.ComponentProps) {
  return <HomeSections sections={loaderData.home.sections} />;
}

export const ErrorBoundary = StoreErrorBoundary;
