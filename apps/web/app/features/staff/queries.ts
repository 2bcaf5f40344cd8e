import type { Adjustment, CreateAdjustmentInput, StaffLedger, StaffMarketPage } from '@shop/shared';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiGet } from '../../lib/api';
import { tags } from '../../lib/query';

/** What the stores list asks for: the URL's view, with the search trimmed. */
export interface StaffMarketsQuery {
  search?: string;
  page: number;
  pageSize: number;
}

export const staffKeys = {
  markets: (query: StaffMarketsQuery) => [...tags.staff, 'markets', query] as const,
  ledger: (marketId: string) => [...tags.staff, 'ledger', marketId] as const,
};

/** GET /Staff/markets: a page of stores by name or owner's e-mail (the previous page stays while the next loads). */
export const staffMarketsQuery = (query: StaffMarketsQuery) =>
  queryOptions({
    queryKey: staffKeys.markets(query),
    queryFn: () => {
      const params = new URLSearchParams({ page: String(query.page), pageSize: String(query.pageSize) });
      if (query.search) params.set('search', query.search);
      return apiGet<StaffMarketPage>(`/Staff/markets?${params}`);
    },
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });

/** GET /Staff/markets/{marketId}/adjustments: the store, its balances and its adjustments. */
export const staffLedgerQuery = (marketId: string) =>
  queryOptions({
    queryKey: staffKeys.ledger(marketId),
    queryFn: () => apiGet<StaffLedger>(`/Staff/markets/${marketId}/adjustments`),
  });

/** POST /Staff/markets/{marketId}/adjustments; the store's balances and list are asked for again after. */
export function useCreateAdjustment(marketId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateAdjustmentInput) =>
      api<Adjustment>('POST', `/Staff/markets/${marketId}/adjustments`, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKeys.ledger(marketId) }),
  });
}
