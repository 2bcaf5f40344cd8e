import type { CreateTariffInput, Deleted, ShippingTariff, UpdateTariffInput } from '@shop/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiGet } from '../../lib/api';
import { tags } from '../../lib/query';

/** The owner's rates, inactive ones included, in the order they were added. */
export const shippingTariffsQuery = (marketId: string) =>
  queryOptions({
    queryKey: [...tags.shippingTariffs, marketId],
    queryFn: () => apiGet<ShippingTariff[]>(`/ShippingTariff/get-all/${marketId}`),
    staleTime: 15_000,
  });

export function useSaveTariff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateTariffInput | UpdateTariffInput) =>
      'id' in input
        ? api<ShippingTariff>('PUT', '/ShippingTariff/update', input)
        : api<ShippingTariff>('POST', '/ShippingTariff/create', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tags.shippingTariffs }),
  });
}

/**
 * The list's on/off switch: shown switched at once, put back if the server refuses. The whole
 * rate is sent (PUT is a replacement), as saved.
 */
export function useToggleTariff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateTariffInput) => api<ShippingTariff>('PUT', '/ShippingTariff/update', input),
    onMutate: async (input) => {
      const { queryKey } = shippingTariffsQuery(input.marketId);
      await queryClient.cancelQueries({ queryKey });
      const before = queryClient.getQueryData(queryKey);
      queryClient.setQueryData(queryKey, (list) =>
        list?.map((tariff) => (tariff.id === input.id ? { ...tariff, active: Boolean(input.active) } : tariff)),
      );
      return { before };
    },
    onError: (_error, input, context) => {
      if (context?.before) queryClient.setQueryData(shippingTariffsQuery(input.marketId).queryKey, context.before);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: tags.shippingTariffs }),
  });
}

export function useDeleteTariff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ marketId, id }: { marketId: string; id: string }) =>
      api<Deleted>('DELETE', `/ShippingTariff/delete/${id}/${marketId}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tags.shippingTariffs }),
  });
}
