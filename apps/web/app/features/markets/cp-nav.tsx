import { Badge, NavLink } from '@mantine/core';
import { canAccess, type MarketArea } from '@shop/shared';
import {
  type Icon,
  IconBrush,
  IconBuildingWarehouse,
  IconCategory,
  IconChartBar,
  IconDiscount2,
  IconFileText,
  IconHome,
  IconPackage,
  IconSettings,
  IconShoppingCart,
  IconShoppingCartOff,
  IconStack2,
  IconUsers,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useControlPanel } from '../../lib/control-panel';
import { screenArea } from './areas';

interface NavItem {
  /** Text key under cp.nav. */
  key: string;
  icon: Icon;
  /** Only screens that exist have a path; the others are shown but cannot be opened. `:marketId` is the managed store. */
  to?: string;
  /** Further screens of the same section (add, edit …/{marketId}/{id}), where the item stays active. */
  also?: string[];
  /** Listed under it: views of the item's screen (its path with ?view=…), or screens of its section. */
  children?: NavChild[];
  /** The part of the store of an item not built yet (a built one's is its path's). */
  area?: MarketArea;
}

interface NavChild {
  key: string;
  to?: string;
  /** The child's further screens (add, edit …), where it stays the current one. */
  also?: string[];
}

/** The sidebar of SPEC §2, in its order. */
const NAV: NavItem[] = [
  { key: 'home', icon: IconHome, to: '/cp/home' },
  {
    key: 'orders',
    icon: IconShoppingCart,
    to: '/cp/orders',
    also: ['/cp/order-details'],
    children: [
      { key: 'ordersAll', to: '/cp/orders' },
      { key: 'ordersUnfulfilled', to: '/cp/orders?view=unfulfilled' },
      { key: 'ordersOpen', to: '/cp/orders?view=open' },
      { key: 'ordersClosed', to: '/cp/orders?view=closed' },
    ],
  },
  { key: 'abandonedCheckouts', icon: IconShoppingCartOff, to: '/cp/abandoned-checkouts' },
  // Not in SPEC's sidebar list, but cp/customers is a screen of SPEC §2 and needs a way in.
  { key: 'customers', icon: IconUsers, to: '/cp/customers' },
  { key: 'inventory', icon: IconBuildingWarehouse, to: '/cp/inventory' },
  { key: 'products', icon: IconPackage, to: '/cp/products', also: ['/cp/add-product', '/cp/edit-product'] },
  { key: 'categories', icon: IconCategory, to: '/cp/categories', also: ['/cp/add-category', '/cp/edit-category'] },
  {
    key: 'collections',
    icon: IconStack2,
    to: '/cp/collections',
    also: ['/cp/add-collection', '/cp/edit-collection'],
  },
  { key: 'analytics', icon: IconChartBar, to: '/cp/analytics/:marketId' },
  {
    key: 'discounts',
    icon: IconDiscount2,
    to: '/cp/pop-up',
    children: [
      { key: 'popups', to: '/cp/pop-up', also: ['/cp/add-pop-up', '/cp/edit-pop-up'] },
      {
        key: 'bundles',
        to: '/cp/bundle',
        also: ['/cp/select-bundle', '/cp/create-bundle-1', '/cp/create-bundle-2', '/cp/edit-bundle'],
      },
      { key: 'discountCodes', to: '/cp/discount-codes' },
    ],
  },
  { key: 'customizeStore', icon: IconBrush, to: '/cp/customize-store' },
  // The store's own pages and menus (SPEC §2 cp/content).
  { key: 'content', icon: IconFileText, to: '/cp/content' },
  {
    key: 'settings',
    icon: IconSettings,
    to: '/cp/general',
    also: [
      '/cp/shipping-and-delivery',
      '/cp/policies',
      '/cp/analytics-integration',
      '/cp/domains',
      '/cp/payments',
      '/cp/balance-payout',
      '/cp/payout-details',
    ],
  },
];

/** The control-panel sidebar; `onNavigate` lets the mobile drawer close after a choice. */
export function CpNav({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const { market } = useControlPanel();
  const soon = (
    <Badge size="xs" variant="light" color="gray">
      {t('cp.nav.soon')}
    </Badge>
  );

  const within = (path: string) => pathname === path || pathname.startsWith(`${path}/`);
  /** A child is current when the address is its path and the same view (none: the first child). */
  const viewOf = (query: string) => new URLSearchParams(query).get('view');
  const isCurrentChild = ({ to = '', also = [] }: NavChild, siblings: NavChild[]) => {
    if (also.some(within)) return true;
    const [path, query = ''] = to.split('?');
    if (pathname !== path) return false;
    const view = viewOf(search);
    const known = siblings.some((s) => s.to && viewOf(s.to.split('?')[1] ?? '') === view);
    return viewOf(query) === (known ? view : null);
  };

  // An employee sees what their level opens (decision 022).
  const shown = NAV.filter((item) => canAccess(market.access, item.to ? screenArea(item.to) : (item.area ?? 'store')));
  return shown.map(({ key, icon: ItemIcon, to: path, also = [], children }) => {
    const to = path?.replace(':marketId', market.id);
    const icon = <ItemIcon size={18} stroke={1.6} aria-hidden />;
    if (to) {
      const linked = (children ?? []).filter((child): child is NavChild & { to: string } => Boolean(child.to));
      const currentChild = linked.find((child) => isCurrentChild(child, linked));
      const active = within(to) || also.some(within) || Boolean(currentChild);
      // The page itself is the current page; on its add/edit screens the item marks the section.
      const current = pathname === to ? 'page' : active ? 'true' : undefined;
      if (children) {
        // The item opens and closes its views (open at first); it marks the section, the view is the page.
        return (
          <NavLink
            key={key}
            component="button"
            type="button"
            label={t(`cp.nav.${key}`)}
            leftSection={icon}
            active={active}
            variant={currentChild ? 'subtle' : 'light'}
            aria-current={active ? 'true' : undefined}
            defaultOpened
            data-testid={`nav-${key}`}
          >
            {linked.map((child) => (
              <NavLink
                key={child.key}
                component={Link}
                to={child.to}
                label={t(`cp.nav.${child.key}`)}
                active={child === currentChild}
                aria-current={
                  child === currentChild ? (pathname === child.to.split('?')[0] ? 'page' : 'true') : undefined
                }
                onClick={onNavigate}
                data-testid={`nav-${child.key}`}
              />
            ))}
          </NavLink>
        );
      }
      return (
        <NavLink
          key={key}
          component={Link}
          to={to}
          label={t(`cp.nav.${key}`)}
          leftSection={icon}
          active={active}
          aria-current={current}
          onClick={onNavigate}
          data-testid={`nav-${key}`}
        />
      );
    }
    // Not built yet: visible so the shape of the panel is clear, but not a link anywhere.
    return (
      <NavLink
        key={key}
        component="button"
        type="button"
        disabled
        aria-disabled="true"
        title={t('cp.nav.soonHint')}
        label={t(`cp.nav.${key}`)}
        leftSection={icon}
        rightSection={soon}
        disableRightSectionRotation
        opened={children ? true : undefined}
        data-testid={`nav-${key}`}
      >
        {children?.map((child) => (
          <NavLink
            key={child.key}
            component="button"
            type="button"
            disabled
            aria-disabled="true"
            label={t(`cp.nav.${child.key}`)}
            data-testid={`nav-${child.key}`}
          />
        ))}
      </NavLink>
    );
  });
}
