import type { SignedOut, UpdateOwnerInput, UpdateUserInput, UserView } from '@shop/shared';
import { type FetchQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { redirect, useNavigate } from 'react-router';
import { ApiError, api, apiGet } from '../../lib/api';
import { errorText } from '../../lib/form';
import { getQueryClient, tags } from '../../lib/query';
import { storageKeys, stored } from '../../lib/storage';
import { useNotice } from '../../ui/notice';

/**
 * The signed-in user. Guards fetch it fresh (staleTime 0 through fetchQuery); screens read the
 * cached copy, so a short staleTime keeps mounting a screen from asking again.
 */
export const userQuery = queryOptions({
  queryKey: tags.user,
  queryFn: () => apiGet<UserView>('/User/get-user'),
  staleTime: 30_000,
});

export const isUnauthorized = (error: unknown) => error instanceof ApiError && error.status === 401;

/** For the browser-side loaders of signed-in pages: the data fresh, or off to sign in. */
export function fetchSignedIn<T, K extends readonly unknown[]>(options: FetchQueryOptions<T, Error, T, K>): Promise<T> {
  return getQueryClient()
    .fetchQuery({ ...options, staleTime: 0 })
    .catch((error: unknown) => {
      if (isUnauthorized(error)) throw redirect('/login');
      throw error;
    });
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateUserInput) => api<UserView>('PUT', '/User/update-user', input),
    onSuccess: (user) => queryClient.setQueryData(tags.user, user),
  });
}

export function useUpdateOwner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateOwnerInput) => api<UserView>('PUT', '/User/update-owner', input),
    onSuccess: (user) => queryClient.setQueryData(tags.user, user),
  });
}

/**
 * Signs out: the server ends the session and clears its cookie; the chosen store is forgotten
 * and the cache emptied so the next account never sees this one's data. The cache is cleared
 * only after leaving, so the screens still on view don't ask for data again.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const notice = useNotice();
  const { t } = useTranslation();
  const mutation = useMutation({
    mutationFn: () => api<SignedOut>('POST', '/User/logout'),
  });
  const run = async () => {
    try {
      await mutation.mutateAsync();
    } catch (error) {
      // Already signed out is what was wanted; any other failure leaves the session alive.
      if (!isUnauthorized(error)) return notice(errorText(error, t), 'error');
    }
    stored.set(storageKeys.chooseMarket, null);
    stored.set(storageKeys.storeName, null);
    await navigate('/login', { replace: true });
    queryClient.clear();
  };
  return { run, isPending: mutation.isPending };
}
