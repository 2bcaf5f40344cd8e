import type { MarketView, SignedIn, VacancyWithCareer } from '@shop/shared';
import type { QueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { resolveChosenMarket } from '../../lib/chosen-market';
import { tags } from '../../lib/query';
import { sessionKeys, sessionStored, storageKeys, stored } from '../../lib/storage';

/**
 * Where a freshly signed-in user goes: back to the invitation they were accepting, the application
 * they were making or the store page they came from, else the remembered store's control panel,
 * else the store chooser — or, with no store, their job applications when they have some, else
 * the store's creation.
 */
export async function destinationAfterSignIn(queryClient: QueryClient, signedIn: SignedIn): Promise<string> {
  queryClient.setQueryData(tags.user, signedIn.user);
  // Signed in to accept an invitation: back to it.
  const invitation = sessionStored.get(sessionKeys.pendingInvitation);
  if (invitation) {
    sessionStored.set(sessionKeys.pendingInvitation, null);
    return `/invitation/${invitation}`;
  }
  // Signed in to apply for a vacancy (or follow an application): back to the careers page.
  const back = sessionStored.get(sessionKeys.afterSignIn);
  if (back) {
    sessionStored.set(sessionKeys.afterSignIn, null);
    if (/^\/apply(\/[\w-]+){0,2}$/.test(back)) return back;
  }
  const redirectMarket = sessionStored.get(sessionKeys.redirectMarketName);
  if (redirectMarket) {
    sessionStored.set(sessionKeys.redirectMarketName, null);
    return `/${redirectMarket}`;
  }
  const markets = await api<MarketView[]>('GET', '/Market/get-all-store');
  queryClient.setQueryData(tags.store, markets);
  if (markets.length === 0) {
    // An applicant (SPEC §6) without a store: to their applications, not to opening a store.
    const careers = await api<VacancyWithCareer[]>('GET', '/Vacancy/with-career').catch(() => []);
    return careers.some((vacancy) => vacancy.application) ? '/apply' : '/create-market';
  }
  // A remembered store (or the only one) opens directly; with several, the owner chooses.
  const remembered = markets.some((m) => m.id === stored.get(storageKeys.chooseMarket));
  if (remembered || markets.length === 1) {
    resolveChosenMarket(markets);
    return '/cp/home';
  }
  return '/choose-market';
}
