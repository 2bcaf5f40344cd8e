import type { Policy, PolicyType, SavePolicyInput } from '@shop/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiGet } from '../../lib/api';
import { tags } from '../../lib/query';

/** GET /Policy/{marketId}: the store's five policies in POLICY_TYPES order, unsaved ones empty. */
export const policiesQuery = (marketId: string) =>
  queryOptions({
    queryKey: [...tags.store, 'policies', marketId],
    queryFn: () => apiGet<Policy[]>(`/Policy/${marketId}`),
  });

/**
 * PUT /Policy/{marketId}/{type}: its answer (the text as the server keeps it) takes that policy's
 * place in the list, so the other policies' unsaved edits are left alone.
 */
export function useSavePolicy(marketId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ type, input }: { type: PolicyType; input: SavePolicyInput }) =>
      api<Policy>('PUT', `/Policy/${marketId}/${type}`, input),
    onSuccess: (saved) =>
      queryClient.setQueryData(policiesQuery(marketId).queryKey, (list) =>
        list?.map((policy) => (policy.type === saved.type ? saved : policy)),
      ),
  });
}
