import type { BundleView, CodeView, Deleted, DiscountInput, DiscountView, PopupView } from '@shop/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiGet } from '../../lib/api';
import { tags } from '../../lib/query';

/** The store's pop-ups, newest first (the owner sees every one, whatever its state). */
export const popupsQuery = (marketId: string) =>
  queryOptions({
    queryKey: [...tags.discounts, marketId, 'popups'],
    queryFn: () => apiGet<PopupView[]>(`/Discount/popups?marketId=${marketId}`),
    staleTime: 10_000,
  });

export const discountQuery = (id: string) =>
  queryOptions({
    queryKey: [...tags.discounts, 'one', id],
    queryFn: () => apiGet<DiscountView>(`/Discount/${id}`),
  });

/** POST /Discount, or PUT /Discount/{id} with `id`. */
export function useSaveDiscount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: DiscountInput }) =>
      id ? api<DiscountView>('PUT', `/Discount/${id}`, input) : api<DiscountView>('POST', '/Discount', input),
    onSuccess: (saved) => {
      queryClient.setQueryData(discountQuery(saved.id).queryKey, saved);
      return queryClient.invalidateQueries({ queryKey: tags.discounts });
    },
  });
}

export function useDeleteDiscount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<Deleted>('DELETE', `/Discount/${id}`),
    onSuccess: ({ id }) => {
      queryClient.removeQueries({ queryKey: discountQuery(id).queryKey });
      return queryClient.invalidateQueries({ queryKey: tags.discounts });
    },
  });
}

/** The store's bundles, newest first, each with its products and prices. */
export const bundlesQuery = (marketId: string) =>
  queryOptions({
    queryKey: [...tags.discounts, marketId, 'bundles'],
    queryFn: () => apiGet<BundleView[]>(`/Discount/bundles?marketId=${marketId}`),
    staleTime: 10_000,
  });

/** The store's discount codes (the owner's list, `kind=code`), newest first. */
export const codesQuery = (marketId: string) =>
  queryOptions({
    queryKey: [...tags.discounts, marketId, 'codes'],
    queryFn: () => apiGet<CodeView[]>(`/Discount/?marketId=${marketId}&kind=code`),
    staleTime: 10_000,
  });
