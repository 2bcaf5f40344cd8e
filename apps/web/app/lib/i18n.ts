import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@shop/shared';
import { createInstance, type i18n } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Texts } from './locales';

/**
 * Interface texts (i18next). Registering a namespace: add `locales/{az,en,ru}/{namespace}.json`
 * — `lib/locales.ts` picks every file up and the namespace's texts are its name, a dot, the key.
 *
 * Which texts a page carries, so that a shopper's page does not download every language:
 * - the root: `common` of the page's language, from the root loader;
 * - the storefront: its `storefront` namespace and the messages it shows (the `messages:`
 *   namespace, SPEC §8), from the storefront layout's loader;
 * - the panel (auth, cp, dev pages): every namespace and the whole catalogue, bundled
 *   (routes/panel.tsx).
 */
export function createI18n(language: Language, texts: Texts): i18n {
  const instance = createInstance();
  void instance.init({
    lng: language,
    fallbackLng: false,
    resources: { [language]: { translation: texts, messages: {} } },
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
    // No advertisement in the shopper's console.
    showSupportNotice: false,
  });
  return instance;
}

/**
 * The server renders hundreds of pages a second; the texts of a language never change while it
 * runs, so each language has one instance there (the browser has one per page language), holding
 * every bundle any page added (`addServerTexts`).
 */
const serverInstances = new Map<Language, i18n>();
export function pageI18n(language: Language, texts: Texts): i18n {
  if (typeof window !== 'undefined') return createI18n(language, texts);
  const instance = serverInstance(language);
  addBundles(instance, texts);
  return instance;
}

function serverInstance(language: Language): i18n {
  let instance = serverInstances.get(language);
  if (!instance) {
    instance = createI18n(language, {});
    keepTranslations(instance);
    serverInstances.set(language, instance);
  }
  return instance;
}

/** Kept translations of one server instance at most: interpolated values make keys without end. */
const KEPT_TRANSLATIONS = 20_000;

/**
 * The server's translations, kept by key and options: every page asks the same few hundred, and
 * i18next resolves each anew (a label with a count — the cart button's — costs ~30 µs: its plural
 * and "zero" keys looked up in turn; 5 % of a store page's first render). Only calls whose options
 * are plain values are kept; everything is forgotten when a bundle is added (the texts changed).
 */
function keepTranslations(instance: i18n): void {
  // i18next's overloads are many; the kept calls pass key and options through unchanged.
  const translate = instance.t.bind(instance) as unknown as (key: unknown, options?: unknown) => unknown;
  const kept = new Map<string, unknown>();
  // The resource store's own events (the instance does not pass them on).
  instance.store.on('added', () => kept.clear());
  instance.store.on('removed', () => kept.clear());
  instance.t = ((key: unknown, options?: unknown) => {
    const id = translationId(key, options);
    if (id === null) return translate(key, options);
    if (kept.has(id)) return kept.get(id);
    const value = translate(key, options);
    if (kept.size >= KEPT_TRANSLATIONS) kept.clear();
    kept.set(id, value);
    return value;
  }) as i18n['t'];
}

/** A call's identity when its key and options are plain values (strings, numbers, booleans); else null. */
function translationId(key: unknown, options: unknown): string | null {
  const plain = (value: unknown) =>
    value === undefined || value === null || ['string', 'number', 'boolean'].includes(typeof value);
  const part = (value: unknown): string | null => {
    if (plain(value)) return `${typeof value}:${String(value)}`;
    if (Array.isArray(value) && value.every((item) => typeof item === 'string')) return `[${value.join('\u0000')}]`;
    return null;
  };
  const head = part(key);
  if (head === null) return null;
  if (options === undefined) return head;
  if (typeof options !== 'object' || options === null) return null;
  let id = head;
  for (const name of Object.keys(options).sort()) {
    const value = part((options as Record<string, unknown>)[name]);
    if (value === null) return null;
    id += `\u0001${name}=${value}`;
  }
  return id;
}

/**
 * Texts the server's page renders need that its loader data does not carry (the storefront's,
 * which the browser loads as a cacheable file: `loadStoreTexts`). Server code only.
 */
export function addServerTexts(language: Language, texts: Texts, catalogue?: Record<string, string>): void {
  addBundles(serverInstance(language), texts, catalogue);
}

const added = new WeakMap<i18n, Set<object>>();

/**
 * Adds namespaces (and messages) to the page's i18n instance before the children render.
 * Idempotent per instance and texts object: loader data and bundled texts keep their identity.
 */
export function useAddTexts(texts: Texts | undefined, catalogue?: Record<string, string>) {
  const { i18n } = useTranslation();
  addBundles(i18n, texts, catalogue);
}

function addBundles(i18n: i18n, texts: Texts | undefined, catalogue?: Record<string, string>) {
  let seen = added.get(i18n);
  if (!seen) {
    seen = new Set();
    added.set(i18n, seen);
  }
  // An empty selection (a page without loader data) is nothing to add, nor to remember.
  if (texts && !seen.has(texts) && Object.keys(texts).length > 0) {
    seen.add(texts);
    i18n.addResourceBundle(i18n.language, 'translation', texts, true, true);
  }
  if (catalogue && !seen.has(catalogue)) {
    seen.add(catalogue);
    i18n.addResourceBundle(i18n.language, 'messages', catalogue, true, true);
  }
}

export function languageOf(value: string | null | undefined): Language {
  return isLanguage(value) ? value : DEFAULT_LANGUAGE;
}

/**
 * The storefront's texts in the browser (decision 028). They are a file named by its content
 * (features/storefront/store-texts.server.ts), not part of each store page's loader data: a
 * shopper's browser loads them once and keeps them. The document's are loaded before it is
 * hydrated (entry.client.tsx, from the store layout's preload of them); another language's, or a
 * store reached from a page without them, by the store layout's client loader.
 */
export interface StoreTexts {
  texts: Texts;
  catalogue: Record<string, string>;
}

const storeTexts = new Map<string, StoreTexts>();
const storeTextsLoads = new Map<string, Promise<unknown>>();

export const storeTextsAt = (url: string | undefined) => (url ? storeTexts.get(url) : undefined);

export function loadStoreTexts(url: string): Promise<unknown> {
  let load = storeTextsLoads.get(url);
  if (!load) {
    load = fetch(url)
      .then((response) => (response.ok ? response.json() : Promise.reject(new Error(`${response.status}`))))
      .then((texts: StoreTexts) => storeTexts.set(url, texts));
    storeTextsLoads.set(url, load);
    // A failed load is tried again by the next page that needs it.
    load.catch(() => storeTextsLoads.delete(url));
  }
  return load;
}

/** The texts the document preloads, before it is hydrated (a page outside a store has none). */
export function loadDocumentStoreTexts(): Promise<unknown> {
  const url = document.querySelector('link[rel="preload"][href^="/store-texts/"]')?.getAttribute('href');
  return url ? loadStoreTexts(url).catch(() => {}) : Promise.resolve();
}
