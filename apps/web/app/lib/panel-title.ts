import type { MetaDescriptor } from 'react-router';
import { locales } from './locales';
import { rootTexts, type TitleMatches, textAt } from './page-title';

/**
 * The titles of the account screens and the control panel (locales/{az,en,ru}/titles.json), in
 * the page's language. The panel bundles every namespace already (routes/panel.tsx), so reading
 * them here costs its pages nothing; none of it reaches a shopper's page.
 */
type TitleKey = `auth.${string}` | `cp.${string}` | `staff.${string}`;

function titlesOf(matches: TitleMatches) {
  const { language, common } = rootTexts(matches);
  return { titles: (locales[language].titles ?? {}) as Record<string, unknown>, common };
}

/**
 * "<page> · Control panel" for the panel's pages, "<page> · Platform staff" for the staff area's,
 * "<page> · Shop builder" for the account screens; `noindex` for what no search engine should
 * list (everything behind a sign-in).
 */
export function panelTitle(
  matches: TitleMatches,
  key: TitleKey,
  options: { noindex?: boolean } = {},
): MetaDescriptor[] {
  const { titles, common } = titlesOf(matches);
  const suffix = key.startsWith('cp.')
    ? textAt(titles, 'controlPanel')
    : key.startsWith('staff.')
      ? textAt(titles, 'staffArea')
      : textAt(common, 'brand');
  const tags: MetaDescriptor[] = [{ title: `${textAt(titles, key)} · ${suffix}` }];
  if (options.noindex ?? !key.startsWith('auth.')) tags.push({ name: 'robots', content: 'noindex' });
  return tags;
}

/** The panel's own title, for its frame (shown while a page's own title is not there yet). */
export function controlPanelTitle(matches: TitleMatches): MetaDescriptor[] {
  const { titles } = titlesOf(matches);
  return [{ title: textAt(titles, 'controlPanel') }, { name: 'robots', content: 'noindex' }];
}

/** The staff area's own title, for its frame and for its staff-only page. */
export function staffAreaTitle(matches: TitleMatches): MetaDescriptor[] {
  const { titles } = titlesOf(matches);
  return [{ title: textAt(titles, 'staffArea') }, { name: 'robots', content: 'noindex' }];
}
