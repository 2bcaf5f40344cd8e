import type { StorefrontLoadContext } from '@shop/shared';
import { pageSeo } from './seo.server';
import type { ResolvedStore } from './store.server';

/** A store home's data: its sections with what they show, and its search-engine details. */
export async function storeHome(context: StorefrontLoadContext, store: ResolvedStore) {
  return {
    home: await context.storefront.home(store.market),
    seo: pageSeo(store, { path: '', description: store.market.description }),
  };
}
