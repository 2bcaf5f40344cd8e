import type { CreateMarketInput, MarketView, SectorView, UpdateMarketInput } from '@shop/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiGet } from '../../lib/api';
import { rememberMarket } from '../../lib/chosen-market';
import { tags } from '../../lib/query';
import { useRootData } from '../../ui/preferences';

/** The signed-in owner's stores, oldest first (the server's order): the Store tag itself. */
export const marketsQuery = queryOptions({
  queryKey: tags.store,
  queryFn: () => apiGet<MarketView[]>('/Market/get-all-store'),
  staleTime: 30_000,
});

/** Sector names arrive in the language of the `language` cookie, hence the key. */
export const sectorsQuery = (language: string) =>
  queryOptions({
    queryKey: tags.sectors(language),
    queryFn: () => apiGet<SectorView[]>('/Sector/get-all-sectors'),
    staleTime: 10 * 60_000,
  });

export function useSectors() {
  const { language } = useRootData();
  return useQuery(sectorsQuery(language));
}

export function useCreateMarket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateMarketInput) => api<MarketView>('POST', '/Market/create-store', input),
    onSuccess: async (market) => {
      rememberMarket(market);
      await queryClient.invalidateQueries({ queryKey: tags.store });
    },
  });
}

export function useUpdateMarket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateMarketInput) => api<MarketView>('PUT', '/Market/update-store', input),
    onSuccess: async (market) => {
      // The header and the storefront address read the stored name: keep it in step with a rename.
      rememberMarket(market);
      await queryClient.invalidateQueries({ queryKey: tags.store });
    },
  });
}
