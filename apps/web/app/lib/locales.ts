import type { Language } from '@shop/shared';

/**
 * Every interface text, every language: `locales/{az,en,ru}/{namespace}.json`, mounted as
 * `namespace.*`. Registering a namespace = adding its three JSON files; nothing else.
 *
 * The control panel takes all of these into its code, so the public site's long texts (its
 * pages, legal documents, landing, careers: site-locales.ts) are left out here and reach their pages
 * through loader data only (texts.server.ts reads both). A storefront page gets just its
 * language's `common` and `storefront` the same way.
 */
const files = import.meta.glob<Record<string, unknown>>(
  [
    '../locales/*/*.json',
    '!../locales/*/site.json',
    '!../locales/*/legal.json',
    '!../locales/*/landing.json',
    '!../locales/*/showcase.json',
    '!../locales/*/careers.json',
  ],
  { eager: true, import: 'default' },
);

export type Texts = Record<string, Record<string, unknown>>;

export function byLanguage(glob: Record<string, Record<string, unknown>>): Record<Language, Texts> {
  const texts: Record<Language, Texts> = { az: {}, en: {}, ru: {} };
  for (const [file, namespace] of Object.entries(glob)) {
    const match = /\/locales\/(az|en|ru)\/([\w-]+)\.json$/.exec(file);
    if (match) texts[match[1] as Language][match[2] as string] = namespace;
  }
  return texts;
}

export const locales: Record<Language, Texts> = byLanguage(files);
