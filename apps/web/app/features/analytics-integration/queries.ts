import { ANALYTICS, type AnalyticsIds, type AnalyticsKind } from '@shop/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiGet } from '../../lib/api';
import { tags } from '../../lib/query';

/** The store's pixel ids: under the Store tag, so whatever refreshes the store refreshes them. */
export const analyticsIdsQuery = (marketId: string) =>
  queryOptions({
    queryKey: [...tags.store, 'analytics', marketId],
    queryFn: () => apiGet<AnalyticsIds>(`/Market/get-analytics-ids/${marketId}`),
  });

/** Every call answers with all four ids: that answer is the new cache entry. */
function useAnswerIsCache() {
  const queryClient = useQueryClient();
  return (marketId: string, ids: AnalyticsIds) => queryClient.setQueryData(analyticsIdsQuery(marketId).queryKey, ids);
}

/** POST /Market/add-…-id: sets one kind's id. */
export function useSaveAnalyticsId(kind: AnalyticsKind) {
  const store = useAnswerIsCache();
  return useMutation({
    mutationFn: ({ marketId, value }: { marketId: string; value: string }) =>
      api<AnalyticsIds>('POST', ANALYTICS[kind].path, { marketId, [ANALYTICS[kind].field]: value }),
    onSuccess: (ids, { marketId }) => store(marketId, ids),
  });
}

/** DELETE /Market/analytics-id/{marketId}/{kind}: removes one kind's id. */
export function useRemoveAnalyticsId(kind: AnalyticsKind) {
  const store = useAnswerIsCache();
  return useMutation({
    mutationFn: ({ marketId }: { marketId: string }) =>
      api<AnalyticsIds>('DELETE', `/Market/analytics-id/${marketId}/${kind}`),
    onSuccess: (ids, { marketId }) => store(marketId, ids),
  });
}
