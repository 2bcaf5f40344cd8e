import type { Dashboard, DashboardTodo } from '@shop/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api';
import { tags } from '../../lib/query';
import type { DashboardRange } from './range';

/** Query keys under the Analytics tag (SPEC §7): order actions refresh them. */
export const dashboardKeys = {
  all: tags.analytics,
  dashboard: (marketId: string, startDate: string, endDate: string) =>
    [...tags.analytics, marketId, 'dashboard', startDate, endDate] as const,
  todo: (marketId: string) => [...tags.analytics, marketId, 'todo'] as const,
};

/** The figures of a range; the previous range's stay on screen while another loads. */
export function useDashboard(marketId: string, range: DashboardRange) {
  const { startDate, endDate } = range;
  return useQuery({
    queryKey: dashboardKeys.dashboard(marketId, startDate, endDate),
    queryFn: () =>
      apiGet<Dashboard>(
        `/Analytics/get-dashboard?marketId=${encodeURIComponent(marketId)}&startDate=${startDate}&endDate=${endDate}`,
      ),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

export function useDashboardTodo(marketId: string) {
  return useQuery({
    queryKey: dashboardKeys.todo(marketId),
    queryFn: () => apiGet<DashboardTodo>(`/Analytics/todo?marketId=${encodeURIComponent(marketId)}`),
    staleTime: 15_000,
  });
}
