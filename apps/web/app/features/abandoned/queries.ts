import type {
  AbandonedCheckout,
  AbandonedCheckoutPage,
  AbandonedListQuery,
  AbandonedSettings,
  AbandonedSettingsInput,
} from '@shop/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiGet } from '../../lib/api';
import { tags } from '../../lib/query';
import { queryString } from './list-params';

export const abandonedKeys = {
  list: (query: AbandonedListQuery) => [...tags.abandonedCheckouts, query.marketId, 'list', query] as const,
  detail: (marketId: string, id: string) => [...tags.abandonedCheckouts, marketId, 'detail', id] as const,
};

export function useAbandonedList(query: AbandonedListQuery) {
  return useQuery({
    queryKey: abandonedKeys.list(query),
    queryFn: () => apiGet<AbandonedCheckoutPage>(`/AbandonedCheckout/all?${queryString(query)}`),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}

/** One checkout, for the drawer when the list's page does not hold it (a shared link). */
export function useAbandonedCheckout(marketId: string, id: string | null, enabled: boolean) {
  return useQuery({
    queryKey: abandonedKeys.detail(marketId, id ?? ''),
    queryFn: () => apiGet<AbandonedCheckout>(`/AbandonedCheckout/${id}?marketId=${marketId}`),
    enabled: enabled && Boolean(id),
    staleTime: 10_000,
  });
}

export function useSaveReminderSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AbandonedSettingsInput) => api<AbandonedSettings>('PUT', '/Market/abandoned-settings', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tags.abandonedCheckouts }),
  });
}
