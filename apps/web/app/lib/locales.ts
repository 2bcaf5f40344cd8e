import type { Language } from '@shop/shared';

/**
 * Every interface text, every language: `locales/{az,en,ru}/{namespace}.json`, mounted as
 * `namespace.*`. Registering a namespace = adding its three JSON files; nothing else.
 *
 * This module holds them all, so only the control panel, the server and tests import it; a
 * storefront page gets just its language's `common` and `storefront` through loader data.
 */
const files = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', { eager: true, import: 'default' });

export type Texts = Record<string, Record<string, unknown>>;

export const locales: Record<Language, Texts> = { az: {}, en: {}, ru: {} };
for (const [file, texts] of Object.entries(files)) {
  const match = /\/locales\/(az|en|ru)\/([\w-]+)\.json$/.exec(file);
  if (match) locales[match[1] as Language][match[2] as string] = texts;
}
