import type { SiteRequest, SiteRequestKind, SiteRequestPage, SiteRequestStatus } from '@shop/shared';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiGet } from '../../lib/api';
import { tags } from '../../lib/query';

/** What the inbox asks for: the URL's view (null: every kind, every status). */
export interface StaffRequestsQuery {
  kind: SiteRequestKind | null;
  status: SiteRequestStatus | null;
  page: number;
  pageSize: number;
}

const requestsKey = [...tags.staff, 'requests'] as const;

export const requestKeys = {
  all: requestsKey,
  list: (query: StaffRequestsQuery) => [...requestsKey, 'list', query] as const,
  unanswered: [...requestsKey, 'unanswered'] as const,
};

function requestsPath(query: StaffRequestsQuery): string {
  const params = new URLSearchParams({ page: String(query.page), pageSize: String(query.pageSize) });
  if (query.kind) params.set('kind', query.kind);
  if (query.status) params.set('status', query.status);
  return `/Staff/requests?${params}`;
}

/** GET /Staff/requests: a page of the inbox, newest first (the previous page stays while the next loads). */
export const staffRequestsQuery = (query: StaffRequestsQuery) =>
  queryOptions({
    queryKey: requestKeys.list(query),
    queryFn: () => apiGet<SiteRequestPage>(requestsPath(query)),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });

/**
 * The number of new requests, for the staff area's navigation: every answer of the list carries
 * it, so the smallest page is asked for.
 */
export const unansweredRequestsQuery = () =>
  queryOptions({
    queryKey: requestKeys.unanswered,
    queryFn: async () => {
      const { unanswered } = await apiGet<SiteRequestPage>(
        requestsPath({ kind: null, status: 'new', page: 1, pageSize: 1 }),
      );
      return unanswered.help + unanswered.contact;
    },
    staleTime: 30_000,
  });

/** PUT /Staff/requests/{id}: answered, closed or new again; the inbox and its count follow. */
export function useUpdateRequestStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: SiteRequestStatus }) =>
      api<SiteRequest>('PUT', `/Staff/requests/${id}`, { status }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: requestKeys.all }),
  });
}
