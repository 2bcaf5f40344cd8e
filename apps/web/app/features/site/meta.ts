import type { MetaDescriptor } from 'react-router';
import type { Texts } from '../../lib/locales';
import { rootTexts, type TitleMatches, textAt } from '../../lib/page-title';

/** The site layout's loader data (routes/site/layout.tsx): the `site` texts of the page's language. */
export interface SiteData {
  texts: Texts;
}

/** The `site` texts of the matched routes (the site layout's, or a page that carries its own). */
export function siteTexts(matches: TitleMatches): Record<string, unknown> {
  for (const match of matches) {
    const site = (match?.loaderData as Partial<SiteData> | undefined)?.texts?.site;
    if (site) return site;
  }
  return {};
}

/**
 * A public page's title, description and Open Graph tags in the page's language: `title` and
 * `description` given, or those of `site.pages.{page}`.
 */
export function siteMeta(
  matches: TitleMatches,
  page: { key: string } | { title: string; description: string; image?: string | null; type?: 'article' },
): MetaDescriptor[] {
  const { common } = rootTexts(matches);
  const texts = siteTexts(matches);
  const title = 'key' in page ? textAt(texts, `pages.${page.key}.title`) : page.title;
  const description = 'key' in page ? textAt(texts, `pages.${page.key}.description`) : page.description;
  const brand = textAt(common, 'brand');
  const image = 'key' in page ? null : (page.image ?? null);
  return [
    { title: `${title} · ${brand}` },
    { name: 'description', content: description },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:site_name', content: brand },
    { property: 'og:type', content: 'key' in page ? 'website' : (page.type ?? 'website') },
    ...(image ? [{ property: 'og:image', content: image }] : []),
  ];
}
