import type { Texts } from './locales';

/**
 * The storefront's texts in the browser. They are a file named by its content
 * (features/storefront/store-texts.server.ts), not part of each store page's loader data: a
 * shopper's browser loads them once and keeps them, and every page is ~15 KB lighter. The
 * document's texts are loaded before it is hydrated (entry.client.tsx, from the store layout's
 * preload of them); another language's, or a store reached from a page without them, by the
 * store layout's client loader.
 */
export interface StoreTexts {
  texts: Texts;
  catalogue: Record<string, string>;
}

const loaded = new Map<string, StoreTexts>();
const loading = new Map<string, Promise<void>>();

export function storeTextsAt(url: string | undefined): StoreTexts | undefined {
  return url === undefined ? undefined : loaded.get(url);
}

export function loadStoreTexts(url: string): Promise<void> {
  if (loaded.has(url)) return Promise.resolve();
  let pending = loading.get(url);
  if (!pending) {
    pending = fetch(url)
      .then((response) => {
        if (!response.ok) throw new Error(`store texts: ${response.status}`);
        return response.json() as Promise<StoreTexts>;
      })
      .then((texts) => {
        loaded.set(url, texts);
      })
      .finally(() => loading.delete(url));
    loading.set(url, pending);
  }
  return pending;
}

/** The texts the document preloads, before it is hydrated (a page outside a store has none). */
export function loadDocumentStoreTexts(): Promise<void> {
  const url = document
    .querySelector<HTMLLinkElement>('link[rel="preload"][href^="/store-texts/"]')
    ?.getAttribute('href');
  return url ? loadStoreTexts(url).catch(() => {}) : Promise.resolve();
}
