import {
  CUSTOMER_SORTS,
  type CustomerListQuery,
  type CustomerSort,
  customerLimits,
  EMAIL_CONSENTS,
  type EmailConsent,
  formatPhone,
} from '@shop/shared';
import { positiveParam } from '../../lib/use-list-view';

export const PAGE_SIZES = [25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = customerLimits.pageSize.default;
export const DEFAULT_SORT: CustomerSort = 'last_order_desc';

/** The customers list as the URL keeps it, so that a link opens the same view. */
export interface CustomerListView {
  search: string;
  sort: CustomerSort;
  /** Only those who agreed to the store's e-mails, or who did not; '' for everyone. */
  emailConsent: EmailConsent | '';
  page: number;
  pageSize: number;
}

/** Reads the view from the search params; anything unknown or malformed falls back to the default. */
export function readCustomerListView(params: URLSearchParams): CustomerListView {
  const sort = params.get('sort');
  const size = positiveParam(params.get('pageSize'));
  const consent = params.get('emailConsent');
  return {
    search: (params.get('search') ?? '').slice(0, customerLimits.search),
    sort: sort && (CUSTOMER_SORTS as readonly string[]).includes(sort) ? (sort as CustomerSort) : DEFAULT_SORT,
    emailConsent: consent && (EMAIL_CONSENTS as readonly string[]).includes(consent) ? (consent as EmailConsent) : '',
    page: positiveParam(params.get('page')) ?? 1,
    pageSize: size && (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
  };
}

/** The view as search params: defaults are left out so that the plain list has a plain URL. */
export function writeCustomerListView(view: CustomerListView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.search.trim()) params.set('search', view.search);
  if (view.sort !== DEFAULT_SORT) params.set('sort', view.sort);
  if (view.emailConsent) params.set('emailConsent', view.emailConsent);
  if (view.page !== 1) params.set('page', String(view.page));
  if (view.pageSize !== DEFAULT_PAGE_SIZE) params.set('pageSize', String(view.pageSize));
  return params;
}

export function toCustomerListQuery(marketId: string, view: CustomerListView): CustomerListQuery {
  return {
    marketId,
    search: view.search.trim() || undefined,
    sort: view.sort,
    emailConsent: view.emailConsent || undefined,
    page: view.page,
    pageSize: view.pageSize,
  };
}

/** The query string of an API call: only what is set. */
export function queryString(query: object): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  return params.toString();
}

/** A stored +994… number as people write it ("+994 10 234 56 78"); anything else as it is. */
export function shownPhone(phone: string): string {
  return /^\+994\d{9}$/.test(phone) ? formatPhone(phone) : phone;
}
