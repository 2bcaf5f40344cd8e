import type { CustomerDetails, CustomerListItem, CustomerListQuery, Page } from '@shop/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api';
import { tags } from '../../lib/query';
import { queryString } from './list-params';

/**
 * Customers are written by orders being paid and refunded: the Customers tag sits beside the
 * Orders one, and is kept fresh for a short while only.
 */
export const customerKeys = {
  list: (query: CustomerListQuery) => [...tags.customers, query.marketId, 'list', query] as const,
  detail: (marketId: string, id: string) => [...tags.customers, marketId, 'detail', id] as const,
};

export function useCustomerList(query: CustomerListQuery) {
  return useQuery({
    queryKey: customerKeys.list(query),
    queryFn: () => apiGet<Page<CustomerListItem>>(`/Customer/all?${queryString(query)}`),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}

export function useCustomer(marketId: string, id: string) {
  return useQuery({
    queryKey: customerKeys.detail(marketId, id),
    queryFn: () => apiGet<CustomerDetails>(`/Customer/${id}?marketId=${marketId}`),
    staleTime: 10_000,
  });
}
