import type {
  AdjustStockInput,
  CategoryInput,
  CategoryView,
  CollectionInput,
  CollectionView,
  Deleted,
  InventoryRow,
  Page,
  ProductListItem,
  ReleasedHolds,
  ReleaseHoldsInput,
  StockAdjustment,
} from '@shop/shared';
import { catalogLimits } from '@shop/shared';
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { api, apiGet } from '../../lib/api';

/**
 * Query keys of the catalog screens, grouped by the spec's cache tags (SPEC §7: Categories,
 * Collections, Products) plus Inventory; a mutation invalidates the tags whose data it changes.
 * The first element is the tag, so `{ queryKey: ['Products'] }` reaches every product query,
 * including the product screens' own.
 */
export const catalogTags = {
  categories: ['Categories'] as const,
  collections: ['Collections'] as const,
  products: ['Products'] as const,
  inventory: ['Inventory'] as const,
};

const q = (params: Record<string, string | number | undefined>) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params))
    if (value !== undefined && value !== '') search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
};

// ---- Categories -----------------------------------------------------------------------------

export const categoriesQuery = (marketId: string) =>
  queryOptions({
    queryKey: [...catalogTags.categories, marketId],
    queryFn: () => apiGet<CategoryView[]>(`/Category/all/${marketId}`),
    staleTime: 15_000,
  });

export const categoryQuery = (marketId: string, id: string) =>
  queryOptions({
    queryKey: [...catalogTags.categories, marketId, id],
    queryFn: () => apiGet<CategoryView>(`/Category/${marketId}/${id}`),
  });

export type UpdateCategoryInput = CategoryInput & { id: string };

export function useSaveCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CategoryInput | UpdateCategoryInput) =>
      'id' in input
        ? api<CategoryView>('PUT', '/Category/update', input)
        : api<CategoryView>('POST', '/Category/create', input),
    onSuccess: (category) => {
      queryClient.setQueryData(categoryQuery(category.marketId, category.id).queryKey, category);
      return queryClient.invalidateQueries({ queryKey: catalogTags.categories });
    },
  });
}

export function useDeleteCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ marketId, id }: { marketId: string; id: string }) =>
      api<Deleted>('DELETE', `/Category/${marketId}/${id}`),
    onSuccess: ({ id }, { marketId }) => {
      queryClient.removeQueries({ queryKey: categoryQuery(marketId, id).queryKey });
      return queryClient.invalidateQueries({ queryKey: catalogTags.categories });
    },
  });
}

// ---- Collections ----------------------------------------------------------------------------

export const collectionsQuery = (marketId: string) =>
  queryOptions({
    queryKey: [...catalogTags.collections, marketId],
    queryFn: () => apiGet<CollectionView[]>(`/Collection/get-all-collections/${marketId}`),
    staleTime: 15_000,
  });

export const collectionQuery = (marketId: string, id: string) =>
  queryOptions({
    queryKey: [...catalogTags.collections, marketId, id],
    queryFn: () => apiGet<CollectionView>(`/Collection/get-collection-by-id/${id}/${marketId}`),
  });

/** The largest page the product list serves; a collection's members come in pages of it. */
const MEMBER_PAGE = catalogLimits.pageSize.max;

/**
 * The products of one collection (for their titles and pictures), through the product list's
 * collection filter: only the members travel, never the whole catalog. Under the Products tag,
 * since a rename or a new picture of a product changes them.
 */
export const collectionMembersQuery = (marketId: string, collectionId: string) =>
  queryOptions({
    queryKey: [...catalogTags.products, marketId, 'collection-members', collectionId],
    queryFn: async () => {
      const items: ProductListItem[] = [];
      for (let page = 1; ; page += 1) {
        const result = await apiGet<Page<ProductListItem>>(
          `/Products/all/${marketId}${q({ collectionId, page, pageSize: MEMBER_PAGE })}`,
        );
        items.push(...result.items);
        if (result.items.length < MEMBER_PAGE || items.length >= result.total) return items;
      }
    },
  });

/** The collection editor's product search: one page of 24 at a time, searched on the server. */
export const PICKER_PAGE_SIZE = 24;

export const productPickerQuery = (marketId: string, search: string) =>
  infiniteQueryOptions({
    queryKey: [...catalogTags.products, marketId, 'picker', search],
    queryFn: ({ pageParam }) =>
      apiGet<Page<ProductListItem>>(
        `/Products/all/${marketId}${q({ search: search || undefined, page: pageParam, pageSize: PICKER_PAGE_SIZE })}`,
      ),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });

export type UpdateCollectionInput = CollectionInput & { id: string };

export function useSaveCollection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CollectionInput | UpdateCollectionInput) =>
      'id' in input
        ? api<CollectionView>('PUT', '/Collection/update-collection', input)
        : api<CollectionView>('POST', '/Collection/create-collection-and-product-collection', input),
    onSuccess: (collection) => {
      queryClient.setQueryData(collectionQuery(collection.marketId, collection.id).queryKey, collection);
      // Membership is also what the product list's collection filter answers.
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: catalogTags.collections }),
        queryClient.invalidateQueries({ queryKey: catalogTags.products }),
      ]);
    },
  });
}

export function useDeleteCollection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ marketId, id }: { marketId: string; id: string }) =>
      api<Deleted>('DELETE', `/Collection/delete-collection/${id}/${marketId}`),
    onSuccess: ({ id }, { marketId }) => {
      queryClient.removeQueries({ queryKey: collectionQuery(marketId, id).queryKey });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: catalogTags.collections }),
        queryClient.invalidateQueries({ queryKey: catalogTags.products }),
      ]);
    },
  });
}

// ---- Inventory ------------------------------------------------------------------------------

export type StockLevel = 'low' | 'out';
export interface InventoryFilter {
  search: string;
  level: StockLevel | undefined;
  page: number;
}
export const INVENTORY_PAGE_SIZE = 50;

export const inventoryQuery = (marketId: string, { search, level, page }: InventoryFilter) =>
  queryOptions({
    queryKey: [...catalogTags.inventory, marketId, { search, level, page }],
    queryFn: () =>
      apiGet<Page<InventoryRow>>(
        `/Inventory/${marketId}${q({ search: search || undefined, level, page, pageSize: INVENTORY_PAGE_SIZE })}`,
      ),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });

export function useAdjustStock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AdjustStockInput) => api<StockAdjustment>('POST', '/Inventory/adjust', input),
    // Stock shows on the product screens too (list, editor).
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: catalogTags.inventory }),
        queryClient.invalidateQueries({ queryKey: catalogTags.products }),
      ]),
  });
}

/** Gives back now every unit held by the checkouts that hold this SKU → POST /Inventory/release-holds. */
export function useReleaseHolds() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReleaseHoldsInput) => api<ReleasedHolds>('POST', '/Inventory/release-holds', input),
    // Held and available show on the product editor too.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: catalogTags.inventory }),
        queryClient.invalidateQueries({ queryKey: catalogTags.products }),
      ]),
  });
}
