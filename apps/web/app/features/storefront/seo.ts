import { imageSrcSet, imageUrl } from '@shop/shared';
import type { MetaDescriptor } from 'react-router';

/** What a storefront page says about itself to search engines and link previews (DESIGN §1). */
export interface Seo {
  title: string;
  description: string;
  /** Absolute canonical URL. */
  url: string;
  /** Absolute image URL, when the page has one. */
  image?: string | null;
  type?: 'website' | 'product';
  siteName: string;
  /** JSON-LD (schema.org) for the page. */
  jsonLd?: Record<string, unknown>;
  noindex?: boolean;
}

export function seoMeta(seo: Seo | undefined): MetaDescriptor[] {
  if (!seo) return [];
  const tags: MetaDescriptor[] = [
    { title: seo.title },
    { name: 'description', content: seo.description },
    { tagName: 'link', rel: 'canonical', href: seo.url },
    { property: 'og:site_name', content: seo.siteName },
    { property: 'og:type', content: seo.type ?? 'website' },
    { property: 'og:title', content: seo.title },
    { property: 'og:description', content: seo.description },
    { property: 'og:url', content: seo.url },
    { name: 'twitter:card', content: seo.image ? 'summary_large_image' : 'summary' },
    { name: 'twitter:title', content: seo.title },
    { name: 'twitter:description', content: seo.description },
  ];
  if (seo.image) {
    tags.push({ property: 'og:image', content: seo.image }, { name: 'twitter:image', content: seo.image });
  }
  if (seo.noindex) tags.push({ name: 'robots', content: 'noindex' });
  if (seo.jsonLd) tags.push({ 'script:ld+json': seo.jsonLd });
  return tags;
}

/** The hero banner's `sizes` (sections.tsx): the preload must choose the picture the <img> will. */
export const HERO_SIZES = '(max-width: 1200px) 100vw, 1200px';

/**
 * The home's banner picture asked for from the document's head, before the scripts and styles:
 * on a slow phone it is the page's largest paint, and the body's <img> would find it later.
 */
export function heroPreload(url: string | null | undefined): MetaDescriptor[] {
  if (!url) return [];
  return [
    {
      tagName: 'link',
      rel: 'preload',
      as: 'image',
      href: imageUrl(url, 1600),
      imageSrcSet: imageSrcSet(url),
      imageSizes: HERO_SIZES,
      fetchPriority: 'high',
      // Rendered where the tree has it (not hoisted by React): the browser keeps it (entry.client.tsx).
      'data-in-tree': '',
    },
  ];
}
