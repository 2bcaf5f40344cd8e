import type {
  Balance,
  BankDetails,
  PayoutListPage,
  PayoutListQuery,
  PayoutPeriod,
  PayoutSettings,
  SaveBankDetailsInput,
} from '@shop/shared';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiGet } from '../../lib/api';
import { tags } from '../../lib/query';

/** GET /Balance/{marketId}: the store's balances, sums of its ledger. */
export const balanceQuery = (marketId: string) =>
  queryOptions({
    queryKey: [...tags.store, 'balance', marketId],
    queryFn: () => apiGet<Balance>(`/Balance/${marketId}`),
  });

/** GET /BankDetails/{marketId}: where payouts go (null until saved). */
export const bankDetailsQuery = (marketId: string) =>
  queryOptions({
    queryKey: [...tags.store, 'bank-details', marketId],
    queryFn: () => apiGet<BankDetails>(`/BankDetails/${marketId}`),
  });

/** PUT /BankDetails/{marketId}: its answer (the saved version) is the new cache entry. */
export function useSaveBankDetails(marketId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveBankDetailsInput) => api<BankDetails>('PUT', `/BankDetails/${marketId}`, input),
    onSuccess: (details) => queryClient.setQueryData(bankDetailsQuery(marketId).queryKey, details),
  });
}

/** GET /PayoutSettings/{marketId}: how often the store is paid out. */
export const payoutSettingsQuery = (marketId: string) =>
  queryOptions({
    queryKey: [...tags.store, 'payout-settings', marketId],
    queryFn: () => apiGet<PayoutSettings>(`/PayoutSettings/${marketId}`),
  });

/** PUT /PayoutSettings/{marketId}: its answer is the new cache entry. */
export function useSavePayoutPeriod(marketId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (period: PayoutPeriod) => api<PayoutSettings>('PUT', `/PayoutSettings/${marketId}`, { period }),
    onSuccess: (settings) => queryClient.setQueryData(payoutSettingsQuery(marketId).queryKey, settings),
  });
}

/** GET /Payout/list/{marketId}: a page of the store's payouts (the previous page stays while the next loads). */
export const payoutListQuery = (marketId: string, query: PayoutListQuery) =>
  queryOptions({
    queryKey: [...tags.store, 'payouts', marketId, query],
    queryFn: () => {
      const params = new URLSearchParams(
        Object.entries(query)
          .filter(([, value]) => value !== undefined && value !== '')
          .map(([key, value]) => [key, String(value)]),
      );
      return apiGet<PayoutListPage>(`/Payout/list/${marketId}?${params}`);
    },
    placeholderData: keepPreviousData,
  });
