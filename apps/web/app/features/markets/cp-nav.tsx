import { Badge, NavLink } from '@mantine/core';
import {
  type Icon,
  IconBrush,
  IconBuildingWarehouse,
  IconCategory,
  IconChartBar,
  IconDiscount2,
  IconHome,
  IconPackage,
  IconSettings,
  IconShoppingCart,
  IconShoppingCartOff,
  IconStack2,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';

interface NavItem {
  /** Text key under cp.nav. */
  key: string;
  icon: Icon;
  /** Only screens that exist have a path; the others are shown but cannot be opened. */
  to?: string;
  /** Further screens of the same section (add, edit …/{marketId}/{id}), where the item stays active. */
  also?: string[];
  children?: string[];
}

/** The sidebar of SPEC §2, in its order. */
const NAV: NavItem[] = [
  { key: 'home', icon: IconHome, to: '/cp/home' },
  { key: 'orders', icon: IconShoppingCart, children: ['ordersAll', 'ordersUnfulfilled', 'ordersOpen', 'ordersClosed'] },
  { key: 'abandonedCheckouts', icon: IconShoppingCartOff },
  { key: 'inventory', icon: IconBuildingWarehouse, to: '/cp/inventory' },
  { key: 'products', icon: IconPackage, to: '/cp/products', also: ['/cp/add-product', '/cp/edit-product'] },
  { key: 'categories', icon: IconCategory, to: '/cp/categories', also: ['/cp/add-category', '/cp/edit-category'] },
  {
    key: 'collections',
    icon: IconStack2,
    to: '/cp/collections',
    also: ['/cp/add-collection', '/cp/edit-collection'],
  },
  { key: 'analytics', icon: IconChartBar },
  { key: 'discounts', icon: IconDiscount2 },
  { key: 'customizeStore', icon: IconBrush },
  {
    key: 'settings',
    icon: IconSettings,
    to: '/cp/general',
    also: ['/cp/shipping-and-delivery', '/cp/analytics-integration'],
  },
];

/** The control-panel sidebar; `onNavigate` lets the mobile drawer close after a choice. */
export function CpNav({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const soon = (
    <Badge size="xs" variant="light" color="gray">
      {t('cp.nav.soon')}
    </Badge>
  );

  const within = (path: string) => pathname === path || pathname.startsWith(`${path}/`);

  return NAV.map(({ key, icon: ItemIcon, to, also = [], children }) => {
    const icon = <ItemIcon size={18} stroke={1.6} aria-hidden />;
    if (to) {
      const active = within(to) || also.some(within);
      // The page itself is the current page; on its add/edit screens the item marks the section.
      const current = pathname === to ? 'page' : active ? 'true' : undefined;
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
            key={child}
            component="button"
            type="button"
            disabled
            aria-disabled="true"
            label={t(`cp.nav.${child}`)}
            data-testid={`nav-${child}`}
          />
        ))}
      </NavLink>
    );
  });
}
