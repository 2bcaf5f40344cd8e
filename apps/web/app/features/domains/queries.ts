import type { CreateDomainInput, Deleted, Domain, UpdateDomainInput } from '@shop/shared';
import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiGet } from '../../lib/api';
import { tags } from '../../lib/query';

/** GET /markets/{marketId}/domains: the store's custom domains, oldest first. */
export const domainsQuery = (marketId: string) =>
  queryOptions({
    queryKey: [...tags.domains, marketId],
    queryFn: () => apiGet<Domain[]>(`/markets/${marketId}/domains`),
  });

/** One domain as the server answered it takes its place in the list (or joins it, when new). */
function putInList(queryClient: QueryClient, marketId: string, domain: Domain) {
  queryClient.setQueryData(domainsQuery(marketId).queryKey, (list) => {
    if (!list) return [domain];
    return list.some((d) => d.id === domain.id)
      ? list.map((d) => (d.id === domain.id ? domain : d))
      : [...list, domain];
  });
}

export function useAddDomain(marketId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateDomainInput) => api<Domain>('POST', `/markets/${marketId}/domains`, input),
    onSuccess: (domain) => putInList(queryClient, marketId, domain),
  });
}

/**
 * Switching on or off and making primary: making one primary takes it from another, and
 * switching the primary off ends it, so the whole list is read again afterwards.
 */
export function useUpdateDomain(marketId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: UpdateDomainInput }) =>
      api<Domain>('PUT', `/markets/${marketId}/domains/${id}`, input),
    onSuccess: (domain) => putInList(queryClient, marketId, domain),
    onSettled: () => queryClient.invalidateQueries({ queryKey: domainsQuery(marketId).queryKey }),
  });
}

/** "Check now": the records are looked up at once and the answer says what was found. */
export function useCheckDomain(marketId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<Domain>('POST', `/markets/${marketId}/domains/${id}/check`),
    onSuccess: (domain) => putInList(queryClient, marketId, domain),
  });
}

export function useDeleteDomain(marketId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<Deleted>('DELETE', `/markets/${marketId}/domains/${id}`),
    onSuccess: ({ id }) =>
      queryClient.setQueryData(domainsQuery(marketId).queryKey, (list) => list?.filter((d) => d.id !== id)),
  });
}
