import { type Language, type MessageKey, messages } from '@shop/shared';
import { locales, type Texts } from './locales';
import { siteLocales } from './site-locales';

const memo = new Map<string, unknown>();
/** Texts are constants: each selection is built once (and keeps its identity, see useAddTexts). */
function once<T>(key: string, build: () => T): T {
  if (!memo.has(key)) memo.set(key, build());
  return memo.get(key) as T;
}

/** The message catalogue (SPEC §8) in one language, whole or only some keys. */
export function catalogueOf(language: Language, keys?: readonly MessageKey[]): Record<string, string> {
  return once(`messages:${language}:${keys?.join() ?? '*'}`, () =>
    Object.fromEntries((keys ?? (Object.keys(messages) as MessageKey[])).map((key) => [key, messages[key][language]])),
  );
}

/** Some namespaces of one language, for a page's loader data (only what the page shows ships). */
export function textsOf(language: Language, namespaces: readonly string[]): Texts {
  return once(`texts:${language}:${namespaces.join()}`, () =>
    Object.fromEntries(namespaces.map((ns) => [ns, locales[language][ns] ?? siteLocales[language][ns] ?? {}])),
  );
}
