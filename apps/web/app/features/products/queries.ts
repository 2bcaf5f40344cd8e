import type {
  BulkResult,
  CategoryView,
  CollectionView,
  Deleted,
  ImportPreview,
  Page,
  ProductInput,
  ProductListItem,
  ProductListQuery,
  ProductView,
  UpdateProductInput,
} from '@shop/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api, apiGet } from '../../lib/api';
import { downloadFile } from '../../lib/download';

/**
 * Query keys of the Products tag (SPEC §7): everything under ['Products'] is refreshed after a
 * product changes. Categories and collections are read here under their own tags, so that
 * their screens' changes refresh these lists too.
 */
export const productKeys = {
  all: ['Products'] as const,
  market: (marketId: string) => ['Products', marketId] as const,
  list: (marketId: string, query: ProductListQuery) => ['Products', marketId, 'list', query] as const,
  detail: (marketId: string, id: string) => ['Products', marketId, 'detail', id] as const,
  categories: (marketId: string) => ['Categories', marketId, 'all'] as const,
  collections: (marketId: string) => ['Collections', marketId, 'all'] as const,
};

/** The list's query string: only what differs from the API's defaults. */
function queryString(query: ProductListQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** One page of the catalogue, filtered and sorted by the server; the previous page stays while the next loads. */
export function useProductList(marketId: string, query: ProductListQuery) {
  return useQuery({
    queryKey: productKeys.list(marketId, query),
    queryFn: () => apiGet<Page<ProductListItem>>(`/Products/all/${marketId}${queryString(query)}`),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}

export const productQuery = (marketId: string, id: string) =>
  queryOptions({
    queryKey: productKeys.detail(marketId, id),
    queryFn: () => apiGet<ProductView>(`/Products/${marketId}/${id}`),
    staleTime: 10_000,
  });

export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

export function useCategories(marketId: string) {
  return useQuery({
    queryKey: productKeys.categories(marketId),
    queryFn: () => apiGet<CategoryView[]>(`/Category/all/${marketId}`),
    staleTime: 30_000,
  });
}

export function useCollections(marketId: string) {
  return useQuery({
    queryKey: productKeys.collections(marketId),
    queryFn: () => apiGet<CollectionView[]>(`/Collection/get-all-collections/${marketId}`),
    staleTime: 30_000,
  });
}

/**
 * After any product change: the product lists and details, and the counts that categories and
 * collections show.
 */
function useRefreshCatalog() {
  const queryClient = useQueryClient();
  /** `except`: a product just deleted, which the screen still on view must not ask for again. */
  return (except?: readonly unknown[]) =>
    Promise.all([
      queryClient.invalidateQueries({
        queryKey: productKeys.all,
        predicate: (query) => !except || JSON.stringify(query.queryKey) !== JSON.stringify(except),
      }),
      queryClient.invalidateQueries({ queryKey: ['Categories'] }),
      queryClient.invalidateQueries({ queryKey: ['Collections'] }),
    ]);
}

export function useCreateProduct() {
  const refresh = useRefreshCatalog();
  return useMutation({
    mutationFn: (input: ProductInput) => api<ProductView>('POST', '/Products/create', input),
    onSuccess: () => refresh(),
  });
}

export function useUpdateProduct() {
  const queryClient = useQueryClient();
  const refresh = useRefreshCatalog();
  return useMutation({
    mutationFn: (input: UpdateProductInput) => api<ProductView>('PUT', '/Products/update', input),
    onSuccess: async (product) => {
      queryClient.setQueryData(productKeys.detail(product.marketId, product.id), product);
      await refresh();
    },
  });
}

export function useDeleteProduct() {
  const refresh = useRefreshCatalog();
  return useMutation({
    mutationFn: ({ marketId, id }: { marketId: string; id: string }) =>
      api<Deleted>('DELETE', `/Products/${marketId}/${id}`),
    onSuccess: (_, { marketId, id }) => refresh(productKeys.detail(marketId, id)),
  });
}

export type BulkAction = 'activate' | 'deactivate' | 'delete';

export function useBulkProducts() {
  const refresh = useRefreshCatalog();
  return useMutation({
    mutationFn: (input: { marketId: string; ids: string[]; action: BulkAction }) =>
      api<BulkResult>('POST', '/Products/bulk', input),
    onSuccess: () => refresh(),
  });
}

/** What POST /Products/import answers: the plan, and every row that stops it. */
export function useImportProducts() {
  const refresh = useRefreshCatalog();
  return useMutation({
    mutationFn: ({ marketId, file, dryRun }: { marketId: string; file: File; dryRun: boolean }) => {
      const body = new FormData();
      body.append('file', file);
      return api<ImportPreview>('POST', `/Products/import/${marketId}?dryRun=${dryRun}`, body);
    },
    onSuccess: (preview) => {
      if (preview.applied) return refresh();
    },
  });
}

/**
 * GET /Products/export/{marketId}: the CSV arrives as a file (not the JSON envelope), so it is
 * fetched here and handed to the browser as a download.
 */
export async function downloadProductsCsv(marketId: string): Promise<void> {
  return downloadFile(`/Products/export/${marketId}`, 'products.csv');
}
