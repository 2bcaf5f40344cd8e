import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CloseStoreCard } from '../../features/markets/closing';
import { SettingsNav } from '../../features/markets/settings-nav';
import { StoreSettingsForm } from '../../features/markets/store-settings-form';
import { OrderSettingsCard } from '../../features/orders/order-settings-card';
import { useControlPanel } from '../../lib/control-panel';
import { panelTitle } from '../../lib/panel-title';
import type { Route } from './+types/general';

export const meta: Route.MetaFunction = ({ matches }) => panelTitle(matches, 'cp.general');

export default function General() {
  const { t } = useTranslation();
  const { market, user } = useControlPanel();
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2" data-testid="cp-general-title">
          {t('cp.general.title')}
        </Title>
        <Text c="dimmed">{t('cp.general.subtitle')}</Text>
      </div>
      <SettingsNav />
      {/* A switch of store starts the form afresh from that store's values. */}
      <StoreSettingsForm key={market.id} market={market} />
      <OrderSettingsCard key={`orders-${market.id}`} marketId={market.id} />
      {/* Closing is the owner's alone (decision 023). */}
      {market.access === 'owner' && (
        <CloseStoreCard key={`close-${market.id}`} market={market} timeZone={user.timeZone} />
      )}
    </Stack>
  );
}
