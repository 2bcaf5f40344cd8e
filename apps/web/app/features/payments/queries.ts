import type { PaymentSettings, SavePaymentSettingsInput, Subscription } from '@shop/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiGet } from '../../lib/api';
import { tags } from '../../lib/query';

/** GET /PaymentSettings/{marketId}: the card provider the store takes payment through, and its methods. */
export const paymentSettingsQuery = (marketId: string) =>
  queryOptions({
    queryKey: [...tags.store, 'payment-settings', marketId],
    queryFn: () => apiGet<PaymentSettings>(`/PaymentSettings/${marketId}`),
    staleTime: 60_000,
  });

/** GET /Subscription/{marketId}: the store's plan, its state, the saved card and the charges. */
export const subscriptionQuery = (marketId: string) =>
  queryOptions({
    queryKey: [...tags.store, 'subscription', marketId],
    queryFn: () => apiGet<Subscription>(`/Subscription/${marketId}`),
  });

/** POST /MarketCard/start: the browser then goes to the provider's page to save the card. */
export function useStartCard(marketId: string) {
  return useMutation({
    mutationFn: () => api<{ redirectUrl: string }>('POST', '/MarketCard/start', { marketId }),
    onSuccess: ({ redirectUrl }) => window.location.assign(redirectUrl),
  });
}

/** POST /Subscription/pay/{marketId}: the month owed, charged to the saved card now. */
export function usePaySubscription(marketId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<{ paid: boolean; subscription: Subscription }>('POST', `/Subscription/pay/${marketId}`),
    onSuccess: ({ subscription }) => queryClient.setQueryData(subscriptionQuery(marketId).queryKey, subscription),
  });
}

/** PUT /PaymentSettings/{marketId}: its answer is the new cache entry. */
export function useSavePaymentSettings(marketId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SavePaymentSettingsInput) => api<PaymentSettings>('PUT', `/PaymentSettings/${marketId}`, input),
    onSuccess: (settings) => queryClient.setQueryData(paymentSettingsQuery(marketId).queryKey, settings),
  });
}
