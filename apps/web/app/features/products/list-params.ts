import { catalogLimits, isUuid, PRODUCT_SORTS, type ProductListQuery, type ProductSort, STATUSES } from '@shop/shared';
import { positiveParam } from '../../lib/use-list-view';

export const PAGE_SIZES = [12, 24, 48, 96] as const;
export const DEFAULT_PAGE_SIZE = catalogLimits.pageSize.default;

/** The list's view as the URL keeps it, so that a link opens the same view. */
export interface ListView {
  search: string;
  status: (typeof STATUSES)[number] | null;
  categoryId: string | null;
  collectionId: string | null;
  stock: 'in' | 'out' | null;
  sort: ProductSort;
  page: number;
  pageSize: number;
}

function oneOf<T extends string>(values: readonly T[], value: string | null): T | null {
  return value !== null && (values as readonly string[]).includes(value) ? (value as T) : null;
}

/** Reads the view from the search params; anything unknown or malformed falls back to the default. */
export function readListView(params: URLSearchParams): ListView {
  const id = (key: string) => {
    const value = params.get(key);
    return isUuid(value) ? value : null;
  };
  const size = positiveParam(params.get('pageSize'));
  return {
    search: (params.get('search') ?? '').slice(0, 100),
    status: oneOf(STATUSES, params.get('status')),
    categoryId: id('categoryId'),
    collectionId: id('collectionId'),
    stock: oneOf(['in', 'out'] as const, params.get('stock')),
    sort: oneOf(PRODUCT_SORTS, params.get('sort')) ?? 'newest',
    page: positiveParam(params.get('page')) ?? 1,
    pageSize: size && (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
  };
}

/** The view as search params: defaults are left out so that the plain list has a plain URL. */
export function writeListView(view: ListView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.search.trim()) params.set('search', view.search);
  if (view.status) params.set('status', view.status);
  if (view.categoryId) params.set('categoryId', view.categoryId);
  if (view.collectionId) params.set('collectionId', view.collectionId);
  if (view.stock) params.set('stock', view.stock);
  if (view.sort !== 'newest') params.set('sort', view.sort);
  if (view.page !== 1) params.set('page', String(view.page));
  if (view.pageSize !== DEFAULT_PAGE_SIZE) params.set('pageSize', String(view.pageSize));
  return params;
}

/** The API's query for the view. */
export function toListQuery(view: ListView): ProductListQuery {
  return {
    search: view.search.trim() || undefined,
    status: view.status ?? undefined,
    categoryId: view.categoryId ?? undefined,
    collectionId: view.collectionId ?? undefined,
    stock: view.stock ?? undefined,
    sort: view.sort,
    page: view.page,
    pageSize: view.pageSize,
  };
}

/** Whether anything narrows the list (the sort and paging do not). */
export function isFiltered(view: ListView): boolean {
  return Boolean(view.search.trim() || view.status || view.categoryId || view.collectionId || view.stock);
}
