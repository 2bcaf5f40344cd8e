import { Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useControlPanel } from '../../lib/control-panel';
import { canOpen } from './areas';

/** The settings pages that exist, in the order of SPEC §2 (employees after them); each is its own route. */
export const SETTINGS_PAGES = [
  { key: 'general', to: '/cp/general' },
  { key: 'payments', to: '/cp/payments' },
  { key: 'balancePayout', to: '/cp/balance-payout' },
  { key: 'shipping', to: '/cp/shipping-and-delivery' },
  { key: 'policies', to: '/cp/policies' },
  { key: 'analyticsIntegration', to: '/cp/analytics-integration' },
  { key: 'domains', to: '/cp/domains' },
  { key: 'employees', to: '/cp/employees' },
] as const;

/**
 * Tabs across the settings pages: each tab is a link, so the URL stays the page's own. An
 * employee sees only the pages their level opens (the owner's own — money, domains, employees — not).
 */
export function SettingsNav() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { market } = useControlPanel();
  const pages = SETTINGS_PAGES.filter((page) => canOpen(market.access, page.to));
  const current = pages.find((page) => pathname === page.to)?.to ?? null;
  return (
    <Tabs value={current} aria-label={t('cp.settingsNav.label')}>
      <Tabs.List>
        {pages.map((page) => (
          <Tabs.Tab
            key={page.key}
            value={page.to}
            // Each tab is a page of its own, not a panel of this one: nothing for aria-controls to name.
            renderRoot={({ 'aria-controls': _, ...props }) => <Link {...props} to={page.to} />}
            data-testid={`settings-tab-${page.key}`}
          >
            {t(`cp.settingsNav.${page.key}`)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}
