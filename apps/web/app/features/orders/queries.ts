import type {
  FulfillOrderInput,
  OrderDetails,
  OrderListPage,
  OrderListQuery,
  OrderSettings,
  OrderSettingsInput,
  OwnerMarket,
  RefundOrderInput,
} from '@shop/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api, apiGet } from '../../lib/api';
import { downloadFile } from '../../lib/download';
import { tags } from '../../lib/query';
import { orderQueryString } from './list-params';

type ListQuery = Omit<OrderListQuery, 'marketId'>;

/** Query keys of the Orders tag (SPEC §7): everything under ['Orders'] is refreshed after an action. */
export const orderKeys = {
  all: tags.orders,
  list: (marketId: string, query: ListQuery) => [...tags.orders, marketId, 'list', query] as const,
  detail: (marketId: string, orderId: string) => [...tags.orders, marketId, 'detail', orderId] as const,
};

/** One page of the store's orders, filtered and sorted by the server; the previous page stays while the next loads. */
export function useOrderList(marketId: string, query: ListQuery) {
  return useQuery({
    queryKey: orderKeys.list(marketId, query),
    queryFn: () => apiGet<OrderListPage>(`/Order/market?${orderQueryString(marketId, query)}`),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}

export const orderQuery = (marketId: string, orderId: string) =>
  queryOptions({
    queryKey: orderKeys.detail(marketId, orderId),
    queryFn: () => apiGet<OrderDetails>(`/Order/${orderId}?marketId=${encodeURIComponent(marketId)}`),
    staleTime: 5_000,
  });

export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/** After an action the order's page shows the server's answer at once, and every list and page asks again. */
function useOrderAction<Input>(path: 'fulfill' | 'cancel' | 'archive' | 'mark-paid') {
  const queryClient = useQueryClient();
  // Marking paid is an act, not a change of a resource's state (POST, no body).
  const method = path === 'mark-paid' ? 'POST' : 'PUT';
  return useMutation({
    mutationFn: ({ marketId, orderId, input }: { marketId: string; orderId: string; input: Input }) =>
      api<OrderDetails>(method, `/Order/${path}/${orderId}?marketId=${encodeURIComponent(marketId)}`, input),
    onSuccess: async (order, { marketId, orderId }) => {
      if (order && typeof order === 'object' && 'items' in order) {
        queryClient.setQueryData(orderKeys.detail(marketId, orderId), order);
      }
      // Customers and the dashboard count orders too.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: tags.orders }),
        queryClient.invalidateQueries({ queryKey: ['Customers'] }),
        queryClient.invalidateQueries({ queryKey: ['Analytics'] }),
      ]);
    },
  });
}

export const useFulfillOrder = () => useOrderAction<FulfillOrderInput>('fulfill');
export const useRefundOrder = () => useOrderAction<RefundOrderInput>('cancel');
export const useArchiveOrder = () => useOrderAction<{ archived: boolean }>('archive');
/** Cash on delivery: the merchant collected the cash. */
export const useMarkPaid = () => useOrderAction<undefined>('mark-paid');

/**
 * GET /Order/export: the CSV of the list's filters (all pages) arrives as a file, not the JSON
 * envelope, so it is fetched here and handed to the browser as a download.
 */
export async function downloadOrdersCsv(marketId: string, query: ListQuery): Promise<void> {
  const { page: _page, pageSize: _pageSize, ...filters } = query;
  return downloadFile(`/Order/export?${orderQueryString(marketId, filters)}`, 'orders.csv');
}

/** The store's order settings, from GET /Market/get-store-by-id (Store tag): the owner's view carries them. */
export const orderSettingsQuery = (marketId: string) =>
  queryOptions({
    queryKey: [...tags.store, marketId, 'byId'] as const,
    queryFn: () => apiGet<OwnerMarket>(`/Market/get-store-by-id/${marketId}`),
    select: ({ orderPrefix, orderSuffix, autoFulfill, nextOrderNumber }): OrderSettings => ({
      orderPrefix,
      orderSuffix,
      autoFulfill,
      nextOrderNumber,
    }),
    staleTime: 30_000,
  });

export function useSaveOrderSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: OrderSettingsInput) => api<OrderSettings>('PUT', '/Market/order-settings', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tags.store }),
  });
}
