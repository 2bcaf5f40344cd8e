import type { Deleted, Employee, Invitation, InviteEmployeeInput, MarketView } from '@shop/shared';
import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiGet } from '../../lib/api';
import { tags } from '../../lib/query';

/** GET /markets/{marketId}/employees: the store's people, working and invited. */
export const employeesQuery = (marketId: string) =>
  queryOptions({
    queryKey: [...tags.employees, marketId],
    queryFn: () => apiGet<Employee[]>(`/markets/${marketId}/employees`),
  });

/** GET /Invitation/{token}: what an invitation's link offers. */
export const invitationQuery = (token: string) =>
  queryOptions({
    queryKey: ['Invitation', token],
    queryFn: () => apiGet<Invitation>(`/Invitation/${token}`),
  });

function putInList(queryClient: QueryClient, marketId: string, person: Employee) {
  queryClient.setQueryData(employeesQuery(marketId).queryKey, (list) => {
    if (!list) return [person];
    return list.some((p) => p.id === person.id)
      ? list.map((p) => (p.id === person.id ? person : p))
      : [...list, person];
  });
}

/** Invites a person, or invites them again (a new link, a new week). */
export function useInviteEmployee(marketId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InviteEmployeeInput) => api<Employee>('POST', `/markets/${marketId}/employees`, input),
    onSuccess: (person) => putInList(queryClient, marketId, person),
  });
}

export function useUpdateEmployee(marketId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, level }: { id: string; level: Employee['level'] }) =>
      api<Employee>('PUT', `/markets/${marketId}/employees/${id}`, { level }),
    onSuccess: (person) => putInList(queryClient, marketId, person),
  });
}

export function useRemoveEmployee(marketId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<Deleted>('DELETE', `/markets/${marketId}/employees/${id}`),
    onSuccess: ({ id }) =>
      queryClient.setQueryData(employeesQuery(marketId).queryKey, (list) => list?.filter((p) => p.id !== id)),
  });
}

/** Accepting an invitation: the store joins the user's list of stores. */
export function useAcceptInvitation(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<MarketView>('POST', `/Invitation/${token}/accept`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tags.store }),
  });
}
