import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SettingsNav } from '../../features/markets/settings-nav';
import { PaymentMethods } from '../../features/payments/payment-methods';
import { SubscriptionSection } from '../../features/payments/subscription';
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
      <PaymentMethods key={market.id} marketId={market.id} />
      <SubscriptionSection key={`subscription-${market.id}`} marketId={market.id} timeZone={user.timeZone} />
    </Stack>
  );
}
