import type { MarketView } from '@shop/shared';
import { storageKeys, stored } from './storage';

/**
 * The store the control panel works on is kept in persistent storage (SPEC §3: chooseMarket
 * holds its id, X-Store-Name its name), so it survives reloads and new tabs.
 */
export function rememberMarket(market: Pick<MarketView, 'id' | 'name'>) {
  stored.set(storageKeys.chooseMarket, market.id);
  stored.set(storageKeys.storeName, market.name);
}

/**
 * The stored choice if it is still one of the owner's stores, else the first store (which is
 * then remembered), else null: the owner has no store yet.
 */
export function resolveChosenMarket(markets: readonly MarketView[]): MarketView | null {
  const chosenId = stored.get(storageKeys.chooseMarket);
  const chosen = markets.find((m) => m.id === chosenId) ?? markets[0] ?? null;
  if (chosen && (chosen.id !== chosenId || stored.get(storageKeys.storeName) !== chosen.name)) rememberMarket(chosen);
  return chosen;
}
