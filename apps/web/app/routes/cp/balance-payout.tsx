import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SettingsNav } from '../../features/markets/settings-nav';
import { BalanceCards } from '../../features/payouts/balance-cards';
import { BankDetailsCard } from '../../features/payouts/bank-details-form';
import { PayoutList } from '../../features/payouts/payout-list';
import { PayoutSchedule } from '../../features/payouts/payout-schedule';
import { useControlPanel } from '../../lib/control-panel';
import { panelTitle } from '../../lib/panel-title';
import type { Route } from './+types/balance-payout';

export const meta: Route.MetaFunction = ({ matches }) => panelTitle(matches, 'cp.balancePayout');

/** Settings → balance and payout (SPEC §2 cp/balance-payout): what the store is owed, and where it goes. */
export default function BalancePayout() {
  const { t } = useTranslation();
  const { market, user } = useControlPanel();
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2" data-testid="cp-balance-payout-title">
          {t('payouts.title')}
        </Title>
        <Text c="dimmed" maw={720}>
          {t('payouts.subtitle')}
        </Text>
      </div>
      <SettingsNav />
      <BalanceCards key={`balance-${market.id}`} marketId={market.id} />
      <PayoutList key={`payouts-${market.id}`} marketId={market.id} timeZone={user.timeZone} />
      <PayoutSchedule key={`schedule-${market.id}`} marketId={market.id} />
      <BankDetailsCard key={market.id} marketId={market.id} email={user.email} timeZone={user.timeZone} />
    </Stack>
  );
}
