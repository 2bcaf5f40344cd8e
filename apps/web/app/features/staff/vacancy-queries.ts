import type {
  ApplicationStatus,
  Deleted,
  SaveVacancyInput,
  StaffApplication,
  StaffApplicationPage,
  StaffVacancy,
} from '@shop/shared';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiGet } from '../../lib/api';
import { tags } from '../../lib/query';

const vacanciesKey = [...tags.staff, 'vacancies'] as const;
const applicationsKey = [...tags.staff, 'applications'] as const;

/** What the applications' inbox asks for: the URL's view (null: every vacancy, every status). */
export interface StaffApplicationsQuery {
  vacancyId: string | null;
  status: ApplicationStatus | null;
  page: number;
  pageSize: number;
}

export const vacancyKeys = {
  list: [...vacanciesKey, 'list'] as const,
  one: (id: string) => [...vacanciesKey, 'one', id] as const,
};

export const applicationKeys = {
  all: applicationsKey,
  list: (query: StaffApplicationsQuery) => [...applicationsKey, 'list', query] as const,
  received: [...applicationsKey, 'received'] as const,
};

/** GET /Staff/vacancies: every vacancy, drafts too, with how many applied (a handful: no pages). */
export const staffVacanciesQuery = () =>
  queryOptions({
    queryKey: vacancyKeys.list,
    queryFn: () => apiGet<StaffVacancy[]>('/Staff/vacancies'),
    staleTime: 10_000,
  });

/** GET /Staff/vacancies/{id}: one vacancy with its description, draft or not. */
export const staffVacancyQuery = (id: string) =>
  queryOptions({
    queryKey: vacancyKeys.one(id),
    queryFn: () => apiGet<StaffVacancy>(`/Staff/vacancies/${id}`),
  });

/**
 * POST /Staff/vacancies or PUT /Staff/vacancies/{id}. The answer is the vacancy as the editor
 * opens it next; the list (and the inbox's vacancy filter, which reads it) follows.
 */
export function useSaveVacancy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: SaveVacancyInput }) =>
      id
        ? api<StaffVacancy>('PUT', `/Staff/vacancies/${id}`, input)
        : api<StaffVacancy>('POST', '/Staff/vacancies', input),
    onSuccess: (vacancy) => {
      queryClient.setQueryData(vacancyKeys.one(vacancy.id), vacancy);
      return queryClient.invalidateQueries({ queryKey: vacancyKeys.list });
    },
  });
}

/** DELETE /Staff/vacancies/{id}: refused (VACANCY_HAS_APPLICATIONS) once anyone applied. */
export function useDeleteVacancy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<Deleted>('DELETE', `/Staff/vacancies/${id}`),
    onSuccess: ({ id }) => {
      queryClient.removeQueries({ queryKey: vacancyKeys.one(id) });
      return queryClient.invalidateQueries({ queryKey: vacancyKeys.list });
    },
  });
}

function applicationsPath(query: StaffApplicationsQuery): string {
  const params = new URLSearchParams({ page: String(query.page), pageSize: String(query.pageSize) });
  if (query.vacancyId) params.set('vacancyId', query.vacancyId);
  if (query.status) params.set('status', query.status);
  return `/Staff/applications?${params}`;
}

/** GET /Staff/applications: a page of the inbox, newest first (the previous page stays while the next loads). */
export const staffApplicationsQuery = (query: StaffApplicationsQuery) =>
  queryOptions({
    queryKey: applicationKeys.list(query),
    queryFn: () => apiGet<StaffApplicationPage>(applicationsPath(query)),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });

/**
 * The number of applications nobody has looked at yet, for the staff area's navigation: every
 * page of the inbox carries it, so the smallest one is asked for.
 */
export const receivedApplicationsQuery = () =>
  queryOptions({
    queryKey: applicationKeys.received,
    queryFn: async () =>
      (await apiGet<StaffApplicationPage>(applicationsPath({ vacancyId: null, status: null, page: 1, pageSize: 1 })))
        .received,
    staleTime: 30_000,
  });

/** PUT /Staff/applications/{id}: the application's new status; the inbox and its count follow. */
export function useUpdateApplicationStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: ApplicationStatus }) =>
      api<StaffApplication>('PUT', `/Staff/applications/${id}`, { status }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: applicationKeys.all }),
  });
}
