import type { Language, PolicyType, SocialNetwork, StoreMenus } from '@shop/shared';
import { createContext, useCallback, useContext } from 'react';
import { storageKeys, stored } from './storage';

/** What every storefront page knows about its store (from the storefront layout's loader). */
export interface StoreInfo {
  id: string;
  name: string;
  description: string | null;
  logoUrl: string | null;
  faviconUrl: string | null;
  /** Its profiles on social networks (the footer; WhatsApp also as the chat button). */
  social: StoreSocialLink[];
  look: StoreLook;
  /** '' on the store's custom domain, '/{marketName}' on the platform's host. */
  base: string;
  language: Language;
  /** The policies it shows (issue 15): the footer and the checkout link them. */
  policies: PolicyType[];
  /** Its header and footer menus (cp/content); an empty one shows the store's own links. */
  menus: StoreMenus;
}

/** The store's palette and fonts as applied: CSS variables and @font-face rules (look.server.ts). */
export interface StoreLook {
  style: Record<string, string>;
  fontCss: string;
}

export interface StoreSocialLink {
  network: SocialNetwork;
  url: string;
}

export const StoreContext = createContext<StoreInfo | null>(null);

/** The store of the page; null on the platform's own host outside /{marketName}. */
export function useStore(): StoreInfo | null {
  return useContext(StoreContext);
}

/**
 * Every link inside a store goes through this: `/x` on the store's custom domain,
 * `/{marketName}/x` on the platform's host. `''` is the store's home.
 */
export function storePath(base: string, path = ''): string {
  return `${base}${path}` || '/';
}

export function useStorePath(): (path?: string) => string {
  const store = useStore();
  const base = store?.base ?? '';
  return useCallback((path = '') => storePath(base, path), [base]);
}

/** A store's home on this host: `/` (its custom domain) or `/{marketName}`; nothing else is followed. */
const STORE_HOME = /^\/(?:[a-z0-9-]{1,63})?$/;

/** Remembers the store the visitor browses, for the pages outside any store (payment results). */
export function rememberStore(base: string) {
  const home = storePath(base);
  if (STORE_HOME.test(home) && stored.get(storageKeys.lastStore) !== home) stored.set(storageKeys.lastStore, home);
}

/**
 * Where a visitor outside any store is led back to: the store last browsed in this browser, else
 * the store chosen in the control panel (X-Store-Name), else null — the landing page then.
 */
export function rememberedStoreHome(): string | null {
  const last = stored.get(storageKeys.lastStore);
  if (last && STORE_HOME.test(last)) return last;
  const chosen = stored.get(storageKeys.storeName);
  return chosen && STORE_HOME.test(`/${chosen}`) ? `/${chosen}` : null;
}
