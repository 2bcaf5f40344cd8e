import type {
  Balance,
  BankDetails,
  ExportFormat,
  PayoutListPage,
  PayoutListQuery,
  PayoutPeriod,
  PayoutReport,
  PayoutSettings,
  SaveBankDetailsInput,
} from '@shop/shared';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiGet } from '../../lib/api';
import { downloadFile } from '../../lib/download';
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

/** A query string of the values that are set. */
function queryString(query: Record<string, unknown>): string {
  return new URLSearchParams(
    Object.entries(query)
      .filter(([, value]) => value !== undefined && value !== null && value !== '')
      .map(([key, value]) => [key, String(value)]),
  ).toString();
}

/** GET /Payout/list/{marketId}: a page of the store's payouts (the previous page stays while the next loads). */
export const payoutListQuery = (marketId: string, query: PayoutListQuery) =>
  queryOptions({
    queryKey: [...tags.store, 'payouts', marketId, query],
    queryFn: () => apiGet<PayoutListPage>(`/Payout/list/${marketId}?${queryString(query)}`),
    placeholderData: keepPreviousData,
  });

/** GET /PaymentReport/{marketId}?payoutId=: one payout, its history and a page of its lines. */
export const payoutReportQuery = (marketId: string, payoutId: string, page: number) =>
  queryOptions({
    queryKey: [...tags.store, 'payout-report', marketId, payoutId, page],
    queryFn: () => apiGet<PayoutReport>(`/PaymentReport/${marketId}?${queryString({ payoutId, page, pageSize: 50 })}`),
    placeholderData: keepPreviousData,
  });

/** The payouts the list's filters match (all pages) as a CSV or XLSX file: the 13 columns. */
export function downloadPayouts(marketId: string, query: PayoutListQuery, format: ExportFormat): Promise<void> {
  const { page: _page, pageSize: _pageSize, ...filters } = query;
  return downloadFile(`/PaymentReport/${marketId}?${queryString({ ...filters, format })}`, `payouts.${format}`);
}

/** One payout's lines (its reconciliation report) as a file. */
export function downloadPayoutLines(marketId: string, payoutId: string, format: ExportFormat): Promise<void> {
  return downloadFile(`/PaymentReport/${marketId}?${queryString({ payoutId, format })}`, `payout.${format}`);
}
