import { imageUrl } from '@shop/shared';
import type { Seo } from './seo';
import type { ResolvedStore } from './store.server';

/** Absolute URL of a stored image (its 800 px rendition: large enough for link previews). */
export function absoluteImage(store: ResolvedStore, url: string | null | undefined): string | null {
  if (!url) return null;
  const path = url.startsWith('/uploads/') ? imageUrl(url, 800) : url;
  return new URL(path, store.origin).href;
}

export function pageSeo(
  store: ResolvedStore,
  page: { path: string; title?: string; description?: string | null; image?: string | null } & Partial<
    Omit<Seo, 'title' | 'description' | 'image' | 'url'>
  >,
): Seo {
  const { market } = store;
  const { path, title, description, image, ...rest } = page;
  return {
    title: title ? `${title} · ${market.name}` : market.name,
    description: description || market.description || market.name,
    url: `${store.origin}${`${store.base}${path}` || '/'}`,
    image: absoluteImage(store, image ?? market.logoUrl),
    siteName: market.name,
    ...rest,
  };
}
