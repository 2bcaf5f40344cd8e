import { Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SettingsNav } from '../../features/markets/settings-nav';
import { PaymentMethods } from '../../features/payments/payment-methods';
import { SubscriptionSection } from '../../features/payments/subscription';
import { shippingTariffsQuery } from '../../features/shipping/queries';
import { useControlPanel } from '../../lib/control-panel';
import { panelTitle } from '../../lib/panel-title';
import type { Route } from './+types/payments';

export const meta: Route.MetaFunction = ({ matches }) => panelTitle(matches, 'cp.payments');

/**
 * Settings → payments (SPEC §2 cp/payments): how shoppers pay, what it costs, when it arrives —
 * and the store's own subscription to the platform, with its card and billing history.
 */
export default function Payments() {
  const { t } = useTranslation();
  const { market, user } = useControlPanel();
  const tariffs = useQuery(shippingTariffsQuery(market.id));
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2" data-testid="cp-payments-title">
          {t('payments.title')}
        </Title>
        <Text c="dimmed" maw={720}>
          {t('payments.subtitle')}
        </Text>
      </div>
      <SettingsNav />
      <PaymentMethods key={market.id} marketId={market.id} tariffs={tariffs.data ?? []} />
      <SubscriptionSection key={`subscription-${market.id}`} marketId={market.id} timeZone={user.timeZone} />
    </Stack>
  );
}
