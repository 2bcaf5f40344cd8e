import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SettingsNav } from '../../features/markets/settings-nav';
import { PaymentMethods } from '../../features/payments/payment-methods';
import { useControlPanel } from '../../lib/control-panel';
import { panelTitle } from '../../lib/panel-title';
import type { Route } from './+types/payments';

export const meta: Route.MetaFunction = ({ matches }) => panelTitle(matches, 'cp.payments');

/** Settings → payments (SPEC §2 cp/payments): how shoppers pay, what it costs, when it arrives. */
export default function Payments() {
  const { t } = useTranslation();
  const { market } = useControlPanel();
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
    </Stack>
  );
}
