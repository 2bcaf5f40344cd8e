import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SettingsNav } from '../../features/markets/settings-nav';
import { ShippingRates } from '../../features/shipping/shipping-rates';
import { useControlPanel } from '../../lib/control-panel';
import { panelTitle } from '../../lib/panel-title';
import type { Route } from './+types/shipping-and-delivery';

export const meta: Route.MetaFunction = ({ matches }) => panelTitle(matches, 'cp.shipping');

export default function ShippingAndDelivery() {
  const { t } = useTranslation();
  const { market } = useControlPanel();
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2" data-testid="cp-shipping-title">
          {t('shipping.title')}
        </Title>
        <Text c="dimmed">{t('shipping.subtitle')}</Text>
      </div>
      <SettingsNav />
      {/* A switch of store shows that store's rates, with no dialog left open from the other. */}
      <ShippingRates key={market.id} marketId={market.id} />
    </Stack>
  );
}
