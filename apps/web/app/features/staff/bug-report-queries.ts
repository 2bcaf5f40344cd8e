import type { BugReportPage } from '@shop/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../lib/api';
import { tags } from '../../lib/query';

const bugReportsKey = [...tags.staff, 'bug-reports'] as const;

/** GET /BugBounty/get-all: a page of the visitors' bug reports, newest first (the previous page stays while the next loads). */
export const bugReportsQuery = (query: { page: number; pageSize: number }) =>
  queryOptions({
    queryKey: [...bugReportsKey, 'list', query] as const,
    queryFn: () =>
      apiGet<BugReportPage>(
        `/BugBounty/get-all?${new URLSearchParams({ page: String(query.page), pageSize: String(query.pageSize) })}`,
      ),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
