import { canAccess, type MarketAccess, type MarketArea } from '@shop/shared';

/**
 * The part of the store each panel screen belongs to (decision 022), as the server's routes do:
 * the sidebar and the settings tabs show a screen only to whom it opens, and the panel's frame
 * refuses the others with a page that says why. Longest prefix first is not needed: no screen's
 * path begins with another's.
 */
const SCREEN_AREAS: [path: string, area: MarketArea][] = [
  ['/cp/home', 'store'],
  ['/cp/orders', 'orders'],
  ['/cp/order-details', 'orders'],
  ['/cp/customers', 'orders'],
  ['/cp/abandoned-checkouts', 'orders'],
  ['/cp/products', 'catalog'],
  ['/cp/add-product', 'catalog'],
  ['/cp/edit-product', 'catalog'],
  ['/cp/categories', 'catalog'],
  ['/cp/add-category', 'catalog'],
  ['/cp/edit-category', 'catalog'],
  ['/cp/collections', 'catalog'],
  ['/cp/add-collection', 'catalog'],
  ['/cp/edit-collection', 'catalog'],
  ['/cp/inventory', 'catalog'],
  ['/cp/pop-up', 'catalog'],
  ['/cp/add-pop-up', 'catalog'],
  ['/cp/edit-pop-up', 'catalog'],
  ['/cp/bundle', 'catalog'],
  ['/cp/select-bundle', 'catalog'],
  ['/cp/create-bundle-1', 'catalog'],
  ['/cp/create-bundle-2', 'catalog'],
  ['/cp/edit-bundle', 'catalog'],
  ['/cp/discount-codes', 'catalog'],
  ['/cp/analytics', 'analytics'],
  ['/cp/general', 'settings'],
  ['/cp/settings', 'settings'],
  ['/cp/shipping-and-delivery', 'settings'],
  ['/cp/policies', 'settings'],
  ['/cp/content', 'settings'],
  ['/cp/customize-store', 'settings'],
  ['/cp/analytics-integration', 'settings'],
  ['/cp/payments', 'owner'],
  ['/cp/balance-payout', 'owner'],
  ['/cp/payout-details', 'owner'],
  ['/cp/domains', 'owner'],
  ['/cp/employees', 'owner'],
];

/** The area of a panel path (its query aside); the panel's own index belongs to everyone. */
export function screenArea(pathname: string): MarketArea {
  const path = pathname.split('?')[0] ?? '';
  const found = SCREEN_AREAS.find(([prefix]) => path === prefix || path.startsWith(`${prefix}/`));
  return found?.[1] ?? 'store';
}

/** Whether `access` may open the panel screen at `pathname`. */
export function canOpen(access: MarketAccess, pathname: string): boolean {
  return canAccess(access, screenArea(pathname));
}
