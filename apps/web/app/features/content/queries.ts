import type {
  CategoryView,
  CollectionView,
  Deleted,
  MenuItemInput,
  MenuItemView,
  MenuLocation,
  Menus,
  Policy,
  SavePageInput,
  StorePage,
  StorePageSummary,
} from '@shop/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiGet } from '../../lib/api';
import { tags } from '../../lib/query';

/** The store's own pages and menus (cp/content): under the Store tag, like its policies. */
const contentKey = (marketId: string) => [...tags.store, 'content', marketId] as const;

/** GET /Content/pages/{marketId}: the pages, the one changed last first. */
export const pagesQuery = (marketId: string) =>
  queryOptions({
    queryKey: [...contentKey(marketId), 'pages'],
    queryFn: () => apiGet<StorePageSummary[]>(`/Content/pages/${marketId}`),
  });

/** GET /Content/page/{marketId}/{id}: one page with its text. */
export const pageQuery = (marketId: string, id: string) =>
  queryOptions({
    queryKey: [...contentKey(marketId), 'page', id],
    queryFn: () => apiGet<StorePage>(`/Content/page/${marketId}/${id}`),
  });

/** GET /Content/menus/{marketId}: the header's and the footer's links. */
export const menusQuery = (marketId: string) =>
  queryOptions({
    queryKey: [...contentKey(marketId), 'menus'],
    queryFn: () => apiGet<Menus>(`/Content/menus/${marketId}`),
  });

// What a link may lead to. The keys are the catalog screens' and the policies' own, so their
// lists are shared with those screens (the same calls, the same answers).
export const categoriesQuery = (marketId: string) =>
  queryOptions({
    queryKey: ['Categories', marketId],
    queryFn: () => apiGet<CategoryView[]>(`/Category/all/${marketId}`),
  });

export const collectionsQuery = (marketId: string) =>
  queryOptions({
    queryKey: ['Collections', marketId],
    queryFn: () => apiGet<CollectionView[]>(`/Collection/get-all-collections/${marketId}`),
  });

export const policiesQuery = (marketId: string) =>
  queryOptions({
    queryKey: [...tags.store, 'policies', marketId],
    queryFn: () => apiGet<Policy[]>(`/Policy/${marketId}`),
  });

/** POST /Content/page or PUT /Content/page/{id}; the list and the menus (a page's name) follow. */
export function useSavePage(marketId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: SavePageInput }) =>
      id
        ? api<StorePage>('PUT', `/Content/page/${id}`, input)
        : api<StorePage>('POST', '/Content/page', { marketId, ...input }),
    onSuccess: (page) => {
      queryClient.setQueryData(pageQuery(marketId, page.id).queryKey, page);
      return queryClient.invalidateQueries({ queryKey: contentKey(marketId) });
    },
  });
}

/** DELETE /Content/page/{id}: the page leaves the list and every menu. */
export function useDeletePage(marketId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<Deleted>('DELETE', `/Content/page/${id}`),
    onSuccess: ({ id }) => {
      queryClient.removeQueries({ queryKey: pageQuery(marketId, id).queryKey });
      return queryClient.invalidateQueries({ queryKey: contentKey(marketId) });
    },
  });
}

/** PUT /Content/menu/{marketId}/{location}: the menu's answer takes its place; the other is left alone. */
export function useSaveMenu(marketId: string, location: MenuLocation) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (items: MenuItemInput[]) =>
      api<MenuItemView[]>('PUT', `/Content/menu/${marketId}/${location}`, { items }),
    onSuccess: (saved) =>
      queryClient.setQueryData(menusQuery(marketId).queryKey, (menus) =>
        menus ? { ...menus, [location]: saved } : menus,
      ),
  });
}
