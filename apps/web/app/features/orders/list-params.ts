import {
  FULFILLMENT_STATUSES,
  ORDER_SORTS,
  ORDER_VIEWS,
  type OrderListQuery,
  type OrderSort,
  type OrderView,
  orderLimits,
  PAYMENT_STATUSES,
} from '@shop/shared';
import { positiveParam } from '../../lib/use-list-view';

export const PAGE_SIZES = [25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = orderLimits.pageSize.default;

export type PaymentFilter = (typeof PAYMENT_STATUSES)[number];
export type FulfillmentFilter = (typeof FULFILLMENT_STATUSES)[number];

/** The orders list as the URL keeps it (cp/orders?view=open&…), so that a link opens the same view. */
export interface OrderListView {
  view: OrderView;
  search: string;
  paymentStatus: PaymentFilter | null;
  fulfillmentStatus: FulfillmentFilter | null;
  /** Days (YYYY-MM-DD) in the store's time zone, both ends included. */
  from: string | null;
  to: string | null;
  sort: OrderSort;
  page: number;
  pageSize: number;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function oneOf<T extends string>(values: readonly T[], value: string | null): T | null {
  return value !== null && (values as readonly string[]).includes(value) ? (value as T) : null;
}

/** A real calendar day: "2026-02-30" is not one. */
export function isDay(value: string | null | undefined): value is string {
  if (!value || !DAY.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** Reads the view from the search params; anything unknown or malformed falls back to the default. */
export function readOrderListView(params: URLSearchParams): OrderListView {
  const size = positiveParam(params.get('pageSize'));
  let from = params.get('from');
  let to = params.get('to');
  from = isDay(from) ? from : null;
  to = isDay(to) ? to : null;
  // Dates in the wrong order are the same range the right way round.
  if (from && to && from > to) [from, to] = [to, from];
  return {
    view: oneOf(ORDER_VIEWS, params.get('view')) ?? 'all',
    search: (params.get('search') ?? '').slice(0, orderLimits.search),
    paymentStatus: oneOf(PAYMENT_STATUSES, params.get('paymentStatus')),
    fulfillmentStatus: oneOf(FULFILLMENT_STATUSES, params.get('fulfillmentStatus')),
    from,
    to,
    sort: oneOf(ORDER_SORTS, params.get('sort')) ?? 'newest',
    page: positiveParam(params.get('page')) ?? 1,
    pageSize: size && (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
  };
}

/** The view as search params: defaults are left out so that the plain list has a plain URL. */
export function writeOrderListView(view: OrderListView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.view !== 'all') params.set('view', view.view);
  if (view.search.trim()) params.set('search', view.search);
  if (view.paymentStatus) params.set('paymentStatus', view.paymentStatus);
  if (view.fulfillmentStatus) params.set('fulfillmentStatus', view.fulfillmentStatus);
  if (view.from) params.set('from', view.from);
  if (view.to) params.set('to', view.to);
  if (view.sort !== 'newest') params.set('sort', view.sort);
  if (view.page !== 1) params.set('page', String(view.page));
  if (view.pageSize !== DEFAULT_PAGE_SIZE) params.set('pageSize', String(view.pageSize));
  return params;
}

/** The API's query (GET /Order/market) for the view, without the store. */
export function toOrderListQuery(view: OrderListView): Omit<OrderListQuery, 'marketId'> {
  return {
    view: view.view,
    search: view.search.trim() || undefined,
    paymentStatus: view.paymentStatus ?? undefined,
    fulfillmentStatus: view.fulfillmentStatus ?? undefined,
    from: view.from ?? undefined,
    to: view.to ?? undefined,
    sort: view.sort,
    page: view.page,
    pageSize: view.pageSize,
  };
}

/** Whether anything narrows the list beyond its view (the sort and paging do not). */
export function isFiltered(view: OrderListView): boolean {
  return Boolean(view.search.trim() || view.paymentStatus || view.fulfillmentStatus || view.from || view.to);
}

/** Query string of a list or export call: the store first, then what differs from the API's defaults. */
export function orderQueryString(marketId: string, query: Omit<OrderListQuery, 'marketId'>): string {
  const params = new URLSearchParams({ marketId });
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  return params.toString();
}
