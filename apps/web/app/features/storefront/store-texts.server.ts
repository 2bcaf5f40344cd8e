import { createHash } from 'node:crypto';
import type { Language } from '@shop/shared';
import { addServerTexts } from '../../lib/i18n';
import type { Texts } from '../../lib/locales';
import { catalogueOf, textsOf } from '../../lib/texts.server';
import { STOREFRONT_MESSAGES } from './store.server';

/** The storefront's texts of one language: its namespace and the messages it shows (SPEC §8). */
export interface StoreTexts {
  texts: Texts;
  catalogue: Record<string, string>;
}

const byLanguage = new Map<Language, { texts: StoreTexts; json: string; url: string }>();

function storeTexts(language: Language) {
  let found = byLanguage.get(language);
  if (!found) {
    const texts: StoreTexts = {
      texts: textsOf(language, ['storefront']),
      catalogue: catalogueOf(language, STOREFRONT_MESSAGES),
    };
    const json = JSON.stringify(texts);
    // Named by their content: a browser keeps them for good, a new build's texts have a new name.
    const hash = createHash('sha256').update(json).digest('base64url').slice(0, 12);
    found = { texts, json, url: `/store-texts/${language}-${hash}.json` };
    byLanguage.set(language, found);
  }
  return found;
}

/**
 * Where the browser loads the storefront's texts from, once for every store page it will see
 * (lib/i18n.ts loadStoreTexts) — they are not in each page's loader data. The server's render of the
 * page gets them here.
 */
export function storeTextsUrl(language: Language): string {
  const found = storeTexts(language);
  addServerTexts(language, found.texts.texts, found.texts.catalogue);
  return found.url;
}

/** The file a `storeTextsUrl` names, or null for a name that is not (or no longer) one. */
export function storeTextsFile(name: string): string | null {
  const match = /^(az|en|ru)-[\w-]{12}\.json$/.exec(name);
  if (!match) return null;
  const found = storeTexts(match[1] as Language);
  return found.url === `/store-texts/${name}` ? found.json : null;
}
