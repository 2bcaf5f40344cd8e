import { Button, Menu, Text } from '@mantine/core';
import { IconCheck, IconPlus, IconSelector } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useControlPanel } from '../../lib/control-panel';
import { MarketLogo } from './market-logo';

/** The header's store menu: every store of the owner, and the way to a new one. */
export function StoreSwitcher() {
  const { t } = useTranslation();
  const { market, markets, switchMarket } = useControlPanel();
  return (
    <Menu position="bottom-start" width={260} shadow="md" withinPortal>
      <Menu.Target>
        <Button
          variant="default"
          px="xs"
          maw={{ base: 210, xs: 280 }}
          leftSection={<MarketLogo market={market} size={24} />}
          rightSection={<IconSelector size={16} aria-hidden />}
          aria-label={t('cp.markets.switcher', { name: market.name })}
          data-testid="store-switcher"
        >
          <Text span size="sm" fw={600} truncate="end">
            {market.name}
          </Text>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('cp.markets.yourStores')}</Menu.Label>
        {markets.map((m) => {
          const current = m.id === market.id;
          return (
            <Menu.Item
              key={m.id}
              leftSection={<MarketLogo market={m} size={24} />}
              rightSection={current ? <IconCheck size={16} aria-label={t('cp.markets.current')} /> : null}
              aria-current={current ? 'true' : undefined}
              onClick={() => !current && switchMarket(m)}
              data-testid="store-option"
            >
              <Text span size="sm" truncate="end">
                {m.name}
              </Text>
              {m.closedAt && (
                <Text span size="xs" c="dimmed">
                  {' · '}
                  {t('cp.markets.closed')}
                </Text>
              )}
            </Menu.Item>
          );
        })}
        <Menu.Divider />
        <Menu.Item component={Link} to="/create-market" leftSection={<IconPlus size={16} aria-hidden />}>
          {t('cp.markets.createNew')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
