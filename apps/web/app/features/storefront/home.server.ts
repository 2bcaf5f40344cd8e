import type { StorefrontLoadContext } from '@shop/shared';
import { pageSeo } from './seo.server';
import type { ResolvedStore } from './store.server';

/** A store home's data: its sections with what they show, and its search-engine details. */
export async function storeHome(context: StorefrontLoadContext, store: ResolvedStore) {
  const home = await context.storefront.home(store.market);
  const first = home.sections[0];
  return {
    home,
    seo: pageSeo(store, { path: '', description: store.market.description }),
    /** The banner's first picture when the home opens with one: the page's largest paint. */
    heroImage: first?.type === 'hero' ? (first.slides[0]?.imageUrl ?? null) : null,
  };
}
