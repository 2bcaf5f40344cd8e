import {
  ABANDONED_STATUSES,
  type AbandonedListQuery,
  type AbandonedStatus,
  abandonedLimits,
  isUuid,
} from '@shop/shared';
import { positiveParam } from '../../lib/use-list-view';

export const PAGE_SIZES = [25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = abandonedLimits.pageSize.default;

/** The abandoned checkouts list as the URL keeps it; `checkout` is the one open in the drawer. */
export interface AbandonedListView {
  search: string;
  status: AbandonedStatus;
  page: number;
  pageSize: number;
  checkout: string | null;
}

export function readAbandonedListView(params: URLSearchParams): AbandonedListView {
  const status = params.get('status');
  const size = positiveParam(params.get('pageSize'));
  const checkout = params.get('checkout');
  return {
    search: (params.get('search') ?? '').slice(0, abandonedLimits.search),
    status: status && (ABANDONED_STATUSES as readonly string[]).includes(status) ? (status as AbandonedStatus) : 'all',
    page: positiveParam(params.get('page')) ?? 1,
    pageSize: size && (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
    checkout: isUuid(checkout) ? checkout : null,
  };
}

export function writeAbandonedListView(view: AbandonedListView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.search.trim()) params.set('search', view.search);
  if (view.status !== 'all') params.set('status', view.status);
  if (view.page !== 1) params.set('page', String(view.page));
  if (view.pageSize !== DEFAULT_PAGE_SIZE) params.set('pageSize', String(view.pageSize));
  if (view.checkout) params.set('checkout', view.checkout);
  return params;
}

export function toAbandonedListQuery(marketId: string, view: AbandonedListView): AbandonedListQuery {
  return {
    marketId,
    search: view.search.trim() || undefined,
    status: view.status,
    page: view.page,
    pageSize: view.pageSize,
  };
}

export function queryString(query: object): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  return params.toString();
}

/** A delay in minutes as the form shows it: in the largest unit it divides into evenly. */
export type DelayUnit = 'minutes' | 'hours' | 'days';
export const DELAY_UNITS: Record<DelayUnit, number> = { minutes: 1, hours: 60, days: 24 * 60 };

export function splitDelay(minutes: number): { amount: number; unit: DelayUnit } {
  if (minutes > 0 && minutes % DELAY_UNITS.days === 0) return { amount: minutes / DELAY_UNITS.days, unit: 'days' };
  if (minutes > 0 && minutes % DELAY_UNITS.hours === 0) return { amount: minutes / DELAY_UNITS.hours, unit: 'hours' };
  return { amount: minutes, unit: 'minutes' };
}
