import { limits } from '@shop/shared';
import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api';

/** Query keys grouped by the spec's cache tags (SPEC §7): a mutation invalidates its tag. */
export const tags = {
  user: ['User'] as const,
  store: ['Store'] as const,
  sectors: (language: string) => ['Sectors', language] as const,
  mailbox: ['Mailbox'] as const,
  shippingTariffs: ['ShippingTariffs'] as const,
  /** Order lists and details (cp/orders, cp/order-details): refreshed after fulfil, refund, archive. */
  orders: ['Orders'] as const,
  /** cp/customers and a customer's page. */
  customers: ['Customers'] as const,
  /** cp/abandoned-checkouts and its reminder setting. */
  abandonedCheckouts: ['AbandonedCheckouts'] as const,
  /** cp/home and cp/analytics: the dashboard's figures and to-do list. */
  analytics: ['Analytics'] as const,
  /** cp/pop-up, its editors and (later) bundles and codes: every discount of the store. */
  discounts: ['Discounts'] as const,
  /** cp/domains: the store's custom domains and their DNS checks. */
  domains: ['Domains'] as const,
  /** cp/employees: the store's people and invitations. */
  employees: ['Employees'] as const,
  /** cp/customize-store: the store's theme draft and sections (SPEC §7 StoreWithSections). */
  storeWithSections: ['StoreWithSections'] as const,
  /** The store's palettes, presets and its own (SPEC §7 Palettes). */
  palettes: ['Palettes'] as const,
  /** The staff area: every store's page and ledger as the platform's staff see them. */
  staff: ['Staff'] as const,
};

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        gcTime: limits.queryGcTimeMs,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        // A 4xx will not change by asking again.
        retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
      },
    },
  });
}

let browserClient: QueryClient | undefined;
/** One client for the browser's lifetime; a fresh one per server render. */
export function getQueryClient() {
  if (typeof window === 'undefined') return createQueryClient();
  browserClient ??= createQueryClient();
  return browserClient;
}
